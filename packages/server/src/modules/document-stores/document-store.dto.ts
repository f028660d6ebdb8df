import type {
  ComponentSettings,
  DocumentStore,
  DocumentStoreLoader,
  DocumentStoreStatus,
} from '@flowloom/shared';
import type { StoreRow } from './document-store.repository.js';

function parse<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const parseLoaders = (row: Pick<StoreRow, 'loaders'>) => parse<DocumentStoreLoader[]>(row.loaders, []);
export const parseConfig = (text: string | null) => parse<ComponentSettings | null>(text, null);

const FILE_PREFIX = 'FILE-STORAGE::';

/** Where a loader's documents come from, as the store lists show it (DOCUMENT_STORES.md §1.3). */
export function loaderSource(loader: DocumentStoreLoader): string {
  if (loader.files?.length) return loader.files.map((f) => f.name).join(', ');
  const config = loader.loaderConfig ?? {};
  const url = typeof config.url === 'string' ? config.url : undefined;
  const method = typeof config.method === 'string' ? config.method : 'GET';
  if (loader.loaderId === 'apiLoader' && url) return `${url} (${method})`;
  if (url) return url;
  const fileValue = config[loader.loaderId] ?? config.file;
  if (typeof fileValue === 'string' && fileValue.startsWith(FILE_PREFIX)) {
    const names = fileValue.slice(FILE_PREFIX.length);
    try {
      const list = JSON.parse(names) as unknown;
      if (Array.isArray(list)) return list.join(', ');
    } catch {
      return names;
    }
  }
  return 'None';
}

/**
 * The store as the API shows it: JSON columns parsed, totals summed over loaders, each loader with
 * its source, and STALE while any loader is not SYNC (Flowise).
 */
/** What the server knows about a store's running work (not stored: it lives with the process). */
export interface LiveState {
  loaderProgress?: ReadonlyMap<string, NonNullable<DocumentStoreLoader['progress']>>;
  upsertProgress?: DocumentStore['upsertProgress'];
  upsertError?: string;
}

export function toDto(row: StoreRow, live: LiveState = {}): DocumentStore {
  const loaders = parseLoaders(row).map((loader) => {
    const progress = live.loaderProgress?.get(loader.id);
    return { ...loader, source: loaderSource(loader), ...(progress && { progress }) };
  });
  const stale = loaders.some((loader) => loader.status !== 'SYNC');
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    loaders,
    whereUsed: parse<string[]>(row.whereUsed, []),
    status: (stale ? 'STALE' : row.status) as DocumentStoreStatus,
    vectorStoreConfig: parseConfig(row.vectorStoreConfig),
    embeddingConfig: parseConfig(row.embeddingConfig),
    recordManagerConfig: parseConfig(row.recordManagerConfig),
    totalChars: loaders.reduce((sum, l) => sum + (l.totalChars || 0), 0),
    totalChunks: loaders.reduce((sum, l) => sum + (l.totalChunks || 0), 0),
    workspaceId: row.workspaceId,
    createdDate: row.createdDate,
    updatedDate: row.updatedDate,
    ...(live.upsertProgress && { upsertProgress: live.upsertProgress }),
    ...(live.upsertError && { upsertError: live.upsertError }),
  };
}
