import { randomUUID } from 'node:crypto';
import type { ComponentSettings, DocumentStore } from '@flowloom/shared';
import type { z } from 'zod';
import type { createDocumentStoreBody, updateDocumentStoreBody } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import { holds, type AuthContext } from '../auth/auth.service.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { UpsertHistoryRepository } from '../upsert-history/upsert-history.repository.js';
import type { ComponentChecks, PartKind } from './component-checks.js';
import { parseConfig, toDto } from './document-store.dto.js';
import type { DocumentStoreRepository, StoreRow } from './document-store.repository.js';
import type { StoreState } from './store-state.js';

export interface DocumentStoreServiceDeps {
  db: Db;
  repo: DocumentStoreRepository;
  history: Pick<UpsertHistoryRepository, 'removeOf'>;
  state: StoreState;
  storage: FileStorage;
  checks: ComponentChecks;
  flowNames(workspaceId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]>;
  /**
   * Drops what the store wrote into the embedded vector store under its own id, and the record
   * manager's records of it (idempotent).
   */
  dropOwnVectors(ctx: AuthContext, row: StoreRow): Promise<void>;
  clock: Clock;
}

const CONFIG_COLUMNS: {
  column: 'embeddingConfig' | 'vectorStoreConfig' | 'recordManagerConfig';
  kind: PartKind;
}[] = [
  { column: 'embeddingConfig', kind: 'embeddings' },
  { column: 'vectorStoreConfig', kind: 'vectorStore' },
  { column: 'recordManagerConfig', kind: 'recordManager' },
];

/** `{name, config}` with a name and a config object (not null, not a list). */
function isSettings(value: ComponentSettings | null): value is ComponentSettings {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    typeof value.config === 'object' &&
    value.config !== null &&
    !Array.isArray(value.config)
  );
}

/** Document stores themselves: create, list, read, rename or reconfigure, delete. */
export function createDocumentStoreService(deps: DocumentStoreServiceDeps) {
  const { db, repo, state, clock } = deps;

  return {
    async create(ctx: AuthContext, body: z.infer<typeof createDocumentStoreBody>): Promise<StoreRow> {
      const at = clock.now().toISOString();
      const row: StoreRow = {
        id: randomUUID(),
        name: body.name,
        description: body.description ?? null,
        loaders: '[]',
        whereUsed: '[]',
        status: 'EMPTY',
        vectorStoreConfig: null,
        embeddingConfig: null,
        recordManagerConfig: null,
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      };
      await repo.stores.insert(row);
      return row;
    },

    async list(ctx: AuthContext, range?: { offset: number; limit: number }) {
      const rows = await repo.stores.list(ctx.workspaceId, range ?? {});
      const data = rows.map((row) => toDto(row, state.liveOf(row.id)));
      if (!range) return data;
      return { total: await repo.stores.count(ctx.workspaceId), data };
    },

    async get(ctx: AuthContext, id: string): Promise<DocumentStore> {
      const row = await state.load(ctx, id);
      const dto = toDto(row, state.liveOf(id));
      const ids = dto.whereUsed.filter((w): w is string => typeof w === 'string');
      return { ...dto, whereUsed: await deps.flowNames(ctx.workspaceId, ids) };
    },

    /**
     * Renames a store, or replaces its settings (JSON text of `{name, config}`, checked as the vector
     * configuration checks them, and needing the same `documentStores:upsert-config`).
     */
    async update(
      ctx: AuthContext,
      id: string,
      body: z.infer<typeof updateDocumentStoreBody>,
    ): Promise<DocumentStore> {
      const row = await state.load(ctx, id);
      const patch: Partial<StoreRow> = { updatedDate: clock.now().toISOString() };
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description ?? null;
      for (const { column, kind } of CONFIG_COLUMNS) {
        const value = body[column];
        if (value === undefined) continue;
        if (!holds(ctx, 'documentStores:upsert-config'))
          throw new AppError(
            'FORBIDDEN',
            'Changing the vector settings of a store needs documentStores:upsert-config',
          );
        const settings: ComponentSettings | null = value === null ? null : parseConfig(value);
        if (value !== null && !isSettings(settings))
          throw new AppError('BAD_REQUEST', `${column} must be JSON text of {"name", "config"}`);
        await deps.checks.part(ctx, kind, settings);
        patch[column] = value;
      }
      if (CONFIG_COLUMNS.some(({ column }) => column in patch) && state.locks.busy(id))
        throw new AppError('CONFLICT', 'The document store is busy; change its settings when that is done');
      await repo.stores.update(ctx.workspaceId, id, patch);
      return toDto({ ...row, ...patch }, state.liveOf(id));
    },

    /**
     * Deletes the store with its chunks, files, upsert history and what it wrote into Flowloom's own
     * vector store and record-manager table. Vectors in an outside vector database stay (the web app
     * deletes them first when a record manager knows which they are).
     */
    async remove(ctx: AuthContext, id: string): Promise<{ deleted: number }> {
      await state.load(ctx, id);
      return state.locks.task(id, 'being deleted', async () => {
        // Read again inside the task: no loader is added meanwhile. Vectors first (idempotent): if
        // this fails, the store is still there to try again.
        await deps.dropOwnVectors(ctx, await state.load(ctx, id));
        const deleted = await db.transaction().execute(async (trx) => {
          await repo.deleteChunks(trx, id);
          await deps.history.removeOf(trx, id);
          return (await repo.stores.remove(ctx.workspaceId, id, trx)) ? 1 : 0;
        });
        await deps.storage.removeScopes(ctx.workspaceId, `docstore:${id}/`);
        return { deleted };
      });
    },
  };
}
export type DocumentStoreService = ReturnType<typeof createDocumentStoreService>;
