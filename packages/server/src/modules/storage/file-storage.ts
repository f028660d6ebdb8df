import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredFile } from '@flowloom/engine';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { ensurePrivateFolder } from '../../security/private-files.js';

/** A stored file as the database lists it. */
export interface StoredFileInfo {
  id: string;
  name: string;
  mime: string;
  size: number;
  createdDate: string;
}

/** Whose files: a document-store loader's (`docstore:<storeId>/<loaderId>`), or a flow's uploads. */
export type FileScope = `docstore:${string}` | `flow:${string}`;

const MAX_NAME = 255;

/**
 * Where the files a run produced for one chat of a flow are kept (an assistant's pictures and cited
 * files): beside the flow's uploads, one scope per chat, so clearing a chat or deleting the flow
 * takes them along.
 */
export function chatFileScope(flowId: string, chatId: string): FileScope {
  return `flow:${flowId}/chat/${chatId}`;
}

/**
 * The name a file keeps for people (metadata, lists): its last path segment, without control
 * characters, at most 255 characters. It is never used as a path: files live on disk under their id.
 */
export function displayName(name: string): string {
  const base =
    name
      .split(/[/\\]/)
      .pop()
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      ?.replace(/[\u0000-\u001f\u007f]/g, '')
      .trim() ?? '';
  return (base || 'file').slice(0, MAX_NAME);
}

/**
 * Files under `$FLOWLOOM_HOME/storage`, one adapter for every upload: the bytes on disk named by a
 * random id (`storage/ab/abcd…`), what they are in `stored_file`. A scope holds one file per name:
 * saving a name again replaces it, as re-uploading a file to a loader does.
 */
export function createFileStorage({
  db,
  home,
  limit,
  now,
}: {
  db: Db;
  home: string;
  limit: number;
  now: () => Date;
}) {
  const root = join(home, 'storage');
  const pathOf = (id: string) => join(root, id.slice(0, 2), id);
  let ready = false;
  const ensureRoot = () => {
    if (!ready) ensurePrivateFolder(root);
    ready = true;
  };

  /** Deletes the rows the query selects, then their files. */
  async function removeRows(query: { execute(): Promise<{ id: string }[]> }): Promise<void> {
    const rows = await query.execute();
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    await db.deleteFrom('stored_file').where('id', 'in', ids).execute();
    await Promise.all(ids.map((id) => rm(pathOf(id), { force: true })));
  }

  const find = (workspaceId: string, scope: FileScope, name: string) =>
    db
      .selectFrom('stored_file')
      .selectAll()
      .where('workspaceId', '=', workspaceId)
      .where('scope', '=', scope)
      .where('name', '=', name)
      .executeTakeFirst();

  return {
    limit,
    /** Saves bytes under a name in a scope (replacing a file of that name); refuses empty and oversized files. */
    async save(
      workspaceId: string,
      scope: FileScope,
      file: { name: string; mime: string; data: Uint8Array },
    ): Promise<StoredFileInfo> {
      const name = displayName(file.name);
      if (file.data.byteLength === 0) throw new AppError('BAD_REQUEST', `${name} is empty`);
      if (file.data.byteLength > limit)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          `${name} is ${(file.data.byteLength / 1024 / 1024).toFixed(1)} MB; files up to ${Math.round(limit / 1024 / 1024)} MB can be uploaded`,
        );
      ensureRoot();
      const id = randomUUID();
      const path = pathOf(id);
      await mkdir(join(root, id.slice(0, 2)), { recursive: true, mode: 0o700 });
      const temporary = `${path}.part`;
      await writeFile(temporary, file.data, { mode: 0o600 });
      await rename(temporary, path);
      const info: StoredFileInfo = {
        id,
        name,
        mime: file.mime || 'application/octet-stream',
        size: file.data.byteLength,
        createdDate: now().toISOString(),
      };
      let replaced: string[] = [];
      try {
        replaced = await db.transaction().execute(async (trx) => {
          const old = await trx
            .selectFrom('stored_file')
            .select('id')
            .where('workspaceId', '=', workspaceId)
            .where('scope', '=', scope)
            .where('name', '=', name)
            .execute();
          await trx
            .deleteFrom('stored_file')
            .where('id', 'in', old.length ? old.map((o) => o.id) : [''])
            .execute();
          await trx
            .insertInto('stored_file')
            .values({ ...info, workspaceId, scope })
            .execute();
          return old.map((o) => o.id);
        });
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      await Promise.all(replaced.map((old) => rm(pathOf(old), { force: true })));
      return info;
    },

    /** The file of that name in the scope, or a 404 naming it. */
    async read(workspaceId: string, scope: FileScope, name: string): Promise<StoredFile> {
      const row = await find(workspaceId, scope, name);
      if (!row)
        throw new AppError('NOT_FOUND', `The file ${name} is not stored here any more; upload it again`);
      const data = await readFile(pathOf(row.id)).catch(() => {
        throw new AppError('NOT_FOUND', `The file ${name} is missing from storage; upload it again`);
      });
      return { name: row.name, mime: row.mime, data };
    },

    async list(workspaceId: string, scope: FileScope): Promise<StoredFileInfo[]> {
      return db
        .selectFrom('stored_file')
        .select(['id', 'name', 'mime', 'size', 'createdDate'])
        .where('workspaceId', '=', workspaceId)
        .where('scope', '=', scope)
        .orderBy('createdDate')
        .execute();
    },

    /** Removes every file of the scopes starting with `prefix` (a store's loaders: `docstore:<id>/`). */
    removeScopes: (workspaceId: string, prefix: string) =>
      removeRows(
        db
          .selectFrom('stored_file')
          .select('id')
          .where('workspaceId', '=', workspaceId)
          .where('scope', '>=', prefix)
          .where('scope', '<', `${prefix}\uffff`),
      ),

    /** Removes a flow's uploads and the files kept for its chats. */
    removeFlowFiles: (workspaceId: string, flowId: string) =>
      removeRows(
        db
          .selectFrom('stored_file')
          .select('id')
          .where('workspaceId', '=', workspaceId)
          .where((eb) =>
            eb.or([
              eb('scope', '=', `flow:${flowId}`),
              eb.and([eb('scope', '>=', `flow:${flowId}/`), eb('scope', '<', `flow:${flowId}/\uffff`)]),
            ]),
          ),
      ),

    /** Removes the files kept for these chats of a flow. */
    async removeChats(workspaceId: string, flowId: string, chatIds: readonly string[]): Promise<void> {
      for (let i = 0; i < chatIds.length; i += 500) {
        const scopes = chatIds.slice(i, i + 500).map((chatId) => chatFileScope(flowId, chatId));
        await removeRows(
          db
            .selectFrom('stored_file')
            .select('id')
            .where('workspaceId', '=', workspaceId)
            .where('scope', 'in', scopes),
        );
      }
    },

    /** Removes files of a scope: the named ones, or all of them. */
    async remove(workspaceId: string, scope: FileScope, names?: readonly string[]): Promise<void> {
      if (names && names.length === 0) return;
      let query = db
        .selectFrom('stored_file')
        .select('id')
        .where('workspaceId', '=', workspaceId)
        .where('scope', '=', scope);
      if (names) query = query.where('name', 'in', [...names]);
      await removeRows(query);
    },
  };
}
export type FileStorage = ReturnType<typeof createFileStorage>;
