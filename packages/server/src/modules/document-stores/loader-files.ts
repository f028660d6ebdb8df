import type { DocumentStoreLoaderFile } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { FileStorage } from '../storage/file-storage.js';
import { loaderScope } from './document-store.runtime.js';

const FILE_STORAGE = 'FILE-STORAGE::';
const DATA_URI = /^data:([^;,]*)(?:;[^,]*)?;base64,([^,]*)(?:,filename:(.*))?$/s;
/** Files one loader input may hold. */
export const MAX_FILES_PER_INPUT = 50;

/** The data URIs of an input value (one, or a JSON list of them); undefined for other values. */
function dataUris(value: unknown): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text.startsWith('data:')) return [text];
  if (!text.startsWith('[')) return undefined;
  try {
    const list = JSON.parse(text) as unknown;
    if (
      Array.isArray(list) &&
      list.length > 0 &&
      list.every((v) => typeof v === 'string' && v.startsWith('data:'))
    )
      return list as string[];
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Refuses (413) an inline file over the size limit before anything reads it: a preview loads files
 * without storing them, and must not read more than an upload may hold.
 */
export function checkInlineFiles(config: Record<string, unknown>, limit: number): void {
  for (const value of Object.values(config)) {
    for (const uri of dataUris(value) ?? []) {
      const match = DATA_URI.exec(uri);
      if (!match) continue;
      const bytes = Math.floor((match[2]!.length * 3) / 4);
      if (bytes > limit)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `${match[3] ?? 'The file'} is ${(bytes / 1024 / 1024).toFixed(1)} MB; files up to ${Math.round(limit / 1024 / 1024)} MB can be uploaded`,
        );
    }
  }
}

/** The stored names a `FILE-STORAGE::` value lists. */
export function storedNames(value: unknown): string[] {
  if (typeof value !== 'string' || !value.startsWith(FILE_STORAGE)) return [];
  const rest = value.slice(FILE_STORAGE.length);
  if (!rest.startsWith('[')) return [rest];
  try {
    const list = JSON.parse(rest) as unknown;
    return Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Moves the files a loader's config carries inline (data URIs, as the web app uploads them) into
 * storage under the loader, replacing each such value by `FILE-STORAGE::["name", …]`. Answers the
 * config to keep and the loader's file list (its files of before, by name, replaced by new uploads).
 */
export async function storeLoaderFiles(
  storage: FileStorage,
  workspaceId: string,
  storeId: string,
  loaderId: string,
  config: Record<string, unknown>,
  previous: DocumentStoreLoaderFile[],
  now: string,
): Promise<{ config: Record<string, unknown>; files: DocumentStoreLoaderFile[] }> {
  const next: Record<string, unknown> = { ...config };
  const files = new Map(previous.map((file) => [file.name, file]));
  const referenced = new Set<string>();
  for (const [key, value] of Object.entries(config)) {
    for (const name of storedNames(value)) referenced.add(name);
    const uris = dataUris(value);
    if (!uris) continue;
    if (uris.length > MAX_FILES_PER_INPUT)
      throw new AppError('BAD_REQUEST', `At most ${MAX_FILES_PER_INPUT} files can be added to one input`);
    const names: string[] = [];
    for (const uri of uris) {
      const match = DATA_URI.exec(uri);
      if (!match) throw new AppError('BAD_REQUEST', `The file in ${key} is not an uploaded file`);
      const saved = await storage.save(workspaceId, loaderScope(storeId, loaderId), {
        name: match[3] ?? 'file',
        mime: match[1] || 'application/octet-stream',
        data: Buffer.from(match[2]!, 'base64'),
      });
      names.push(saved.name);
      referenced.add(saved.name);
      files.set(saved.name, {
        id: saved.id,
        name: saved.name,
        mimePrefix: saved.mime,
        size: saved.size,
        status: 'NEW',
        uploaded: now,
      });
    }
    next[key] = `${FILE_STORAGE}${JSON.stringify(names)}`;
  }
  // Files no input names any more (replaced by other uploads) are removed.
  const unused = [...files.keys()].filter((name) => !referenced.has(name));
  await storage.remove(workspaceId, loaderScope(storeId, loaderId), unused);
  for (const name of unused) files.delete(name);
  return { config: next, files: [...files.values()] };
}
