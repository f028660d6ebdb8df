import type { DocumentStoreLoaderFile } from '@flowloom/shared';
import { AppError } from '../../errors.js';
import type { StoredFile } from '@flowloom/engine';
import { displayName, type FileStorage, type StoredFileInfo } from '../storage/file-storage.js';
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

/** A file already stored for the loader (the upsert API streams uploads straight to storage). */
function loaderFileOf(saved: StoredFileInfo, uploaded: string): DocumentStoreLoaderFile {
  return {
    id: saved.id,
    name: saved.name,
    mimePrefix: saved.mime,
    size: saved.size,
    status: 'NEW',
    uploaded,
  };
}

/** A file for a loader input, sent as bytes rather than inline. */
export interface LoaderUpload {
  name: string;
  mime: string;
  data: Uint8Array;
}

/** What {@link storeLoaderFiles} did: the config and file list to keep, and how to take it back. */
export interface StoredLoaderFiles {
  config: Record<string, unknown>;
  files: DocumentStoreLoaderFile[];
  /** Files no input names any more: the caller removes them once the new settings are committed. */
  superseded: string[];
  /** Puts the loader's storage back as it was: new files removed, replaced ones restored. */
  undo: () => Promise<void>;
}

/**
 * Moves the files a loader's config carries inline (data URIs, as the web app uploads them) into
 * storage under the loader (with any `uploads`), replacing each such value by
 * `FILE-STORAGE::["name", …]`. A file
 * uploaded again under its name replaces the stored one, whose bytes are kept until the caller knows
 * the change holds: on failure it calls `undo`, and nothing of before is lost.
 */
export async function storeLoaderFiles(
  storage: FileStorage,
  workspaceId: string,
  storeId: string,
  loaderId: string,
  config: Record<string, unknown>,
  previous: DocumentStoreLoaderFile[],
  now: string,
  /** Files sent apart from the config (the upsert API's), by the input they go to. */
  uploads: ReadonlyMap<string, readonly LoaderUpload[]> = new Map(),
): Promise<StoredLoaderFiles> {
  const scope = loaderScope(storeId, loaderId);
  const next: Record<string, unknown> = { ...config };
  const before = new Set(previous.map((file) => file.name));
  const files = new Map(previous.map((file) => [file.name, file]));
  const referenced = new Set<string>();
  const added: string[] = [];
  const replaced: StoredFile[] = [];
  const undo = async () => {
    await storage.remove(workspaceId, scope, added);
    for (const file of replaced) await storage.save(workspaceId, scope, file);
  };
  /** Stores one file of an input (`names`), keeping the bytes of the file it replaces. */
  const keep = async (file: { name: string; mime: string; data: Uint8Array }, names: string[]) => {
    if (names.includes(file.name)) return;
    if (!before.has(file.name)) added.push(file.name);
    else if (!replaced.some((old) => old.name === file.name)) {
      const old = await storage.read(workspaceId, scope, file.name).catch(() => undefined);
      if (old) replaced.push(old);
      else added.push(file.name);
    }
    const saved = await storage.save(workspaceId, scope, file);
    names.push(saved.name);
    referenced.add(saved.name);
    files.set(saved.name, loaderFileOf(saved, now));
  };
  try {
    for (const [key, value] of Object.entries(config)) {
      if (uploads.has(key)) continue;
      for (const name of storedNames(value)) referenced.add(name);
      const uris = dataUris(value);
      if (!uris) continue;
      if (uris.length > MAX_FILES_PER_INPUT)
        throw new AppError('BAD_REQUEST', `At most ${MAX_FILES_PER_INPUT} files can be added to one input`);
      const names: string[] = [];
      for (const uri of uris) {
        const match = DATA_URI.exec(uri);
        if (!match) throw new AppError('BAD_REQUEST', `The file in ${key} is not an uploaded file`);
        const name = displayName(match[3] ?? 'file');
        if (names.includes(name)) continue;
        await keep(
          { name, mime: match[1] || 'application/octet-stream', data: Buffer.from(match[2]!, 'base64') },
          names,
        );
      }
      next[key] = `${FILE_STORAGE}${JSON.stringify(names)}`;
    }
    for (const [key, list] of uploads) {
      if (list.length > MAX_FILES_PER_INPUT)
        throw new AppError('BAD_REQUEST', `At most ${MAX_FILES_PER_INPUT} files can be added to one input`);
      const names: string[] = [];
      for (const file of list) await keep({ ...file, name: displayName(file.name) }, names);
      next[key] = `${FILE_STORAGE}${JSON.stringify(names)}`;
    }
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
  const superseded = [...files.keys()].filter((name) => !referenced.has(name));
  for (const name of superseded) files.delete(name);
  return { config: next, files: [...files.values()], superseded, undo };
}
