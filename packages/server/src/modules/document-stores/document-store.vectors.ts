import { randomUUID } from 'node:crypto';
import type { UpsertResult } from '@flowloom/engine';
import {
  componentType,
  describeKnowledge,
  openStoreParts,
  type ChosenModel,
  queryStore,
  removeDocuments,
  resultCount,
  upsertDocuments,
  type StoreConfigs,
} from '@flowloom/nodes';
import type { ComponentSettings, QueriedDocument, SourceDocument, VectorConfigBody } from '@flowloom/shared';
import type { z } from 'zod';
import type { vectorQueryBody, vectorUpdateBody } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Clock, Logger } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { WorkspaceVectors } from '../vectors/vector-collections.js';
import { credentialOf, retrievalInputs, type ComponentChecks, type PartKind } from './component-checks.js';
import { parseConfig, parseLoaders } from './document-store.dto.js';
import type { DocumentStoreRepository, StoreRow } from './document-store.repository.js';
import { nodeProblem, storeRun, type StoreRuntime } from './document-store.runtime.js';
import { foundStore, type StoreState } from './store-state.js';
import { historyNode } from '../upsert-history/history-entry.js';
import type { UpsertHistoryRepository } from '../upsert-history/upsert-history.repository.js';

type Part = 'embedding' | 'vectorStore' | 'recordManager';
const PARTS: {
  part: Part;
  column: 'embeddingConfig' | 'vectorStoreConfig' | 'recordManagerConfig';
  kind: PartKind;
}[] = [
  { part: 'embedding', column: 'embeddingConfig', kind: 'embeddings' },
  { part: 'vectorStore', column: 'vectorStoreConfig', kind: 'vectorStore' },
  { part: 'recordManager', column: 'recordManagerConfig', kind: 'recordManager' },
];

/** The embedded store's node: a store using it (with its default collection) owns that collection. */
export const EMBEDDED_VECTOR_STORE = 'embeddedVectorStore';

export interface VectorServiceDeps {
  db: Db;
  repo: DocumentStoreRepository;
  history: Pick<UpsertHistoryRepository, 'insert'>;
  state: StoreState;
  runtime: StoreRuntime;
  checks: ComponentChecks;
  vectors(workspaceId: string): WorkspaceVectors;
  assertCredential(ctx: AuthContext, id: string): Promise<void>;
  clock: Clock;
  logger: Logger;
}

/** The stored configs of a row, as the node toolkit reads them. */
export function configsOf(
  row: Pick<StoreRow, 'embeddingConfig' | 'vectorStoreConfig' | 'recordManagerConfig'>,
): StoreConfigs {
  return {
    embedding: parseConfig(row.embeddingConfig),
    vectorStore: parseConfig(row.vectorStoreConfig),
    recordManager: parseConfig(row.recordManagerConfig),
  };
}

/** Whether the store's vectors are in the embedded collection named after the store (its own alone). */
function ownsCollection(configs: StoreConfigs): boolean {
  if (configs.vectorStore?.name !== EMBEDDED_VECTOR_STORE) return false;
  return namedCollection(configs) === undefined;
}

/** The Collection Name the store's embedded settings give, if any. */
function namedCollection(configs: StoreConfigs): string | undefined {
  const named = (configs.vectorStore?.config as Record<string, unknown> | null | undefined)?.collectionName;
  return typeof named === 'string' && named.trim() !== '' ? named.trim() : undefined;
}

/**
 * The records of a store that mirrors its chunks (the embedded store without a record manager): one
 * loader's, or all of the store's. A collection the store does not own alone (a Collection Name other
 * flows or stores may use) is never emptied: the store's records are found by their loaders.
 */
function storeRecords(configs: StoreConfigs, loaderIds: string[], docId?: string): Record<string, unknown> {
  if (docId) return { docId };
  return ownsCollection(configs) ? {} : { docId: { $in: loaderIds } };
}

/** Vector configuration, upsert, retrieval and deletion of document stores. */
export function createDocumentStoreVectors(deps: VectorServiceDeps) {
  const { db, repo, state, runtime, clock } = deps;

  /** Applies the config body to the store per Flowise's save rules; answers the configs to use now. */
  async function saveConfigs(
    ctx: AuthContext,
    body: VectorConfigBody,
    strict: boolean,
  ): Promise<{ row: StoreRow; configs: StoreConfigs }> {
    for (const { part, kind } of PARTS) {
      const name = body[`${part}Name`];
      if (name) await deps.checks.part(ctx, kind, { name, config: body[`${part}Config`] ?? {} });
    }
    return db.transaction().execute(async (trx) => {
      const row = await state.loadForUpdate(trx, ctx.workspaceId, body.storeId);
      const patch: Partial<StoreRow> = {};
      const configs: StoreConfigs = { embedding: null, vectorStore: null, recordManager: null };
      let named = false;
      for (const { part, column } of PARTS) {
        const name = body[`${part}Name`];
        const config = body[`${part}Config`];
        if (name) {
          const settings: ComponentSettings = { name, config: config ?? {} };
          patch[column] = JSON.stringify(settings);
          configs[part] = settings;
          named = true;
        } else if (!config) {
          configs[part] = parseConfig(row[column]);
          if (strict && row[column]) patch[column] = null;
        }
      }
      if (named && row.status !== 'UPSERTED') patch.status = 'SYNC';
      if (Object.keys(patch).length > 0) {
        patch.updatedDate = clock.now().toISOString();
        await repo.stores.update(ctx.workspaceId, row.id, patch, trx);
      }
      return { row: { ...row, ...patch }, configs };
    });
  }

  async function setStatus(workspaceId: string, storeId: string, status: string, trx: Db = db) {
    await repo.stores.update(workspaceId, storeId, { status, updatedDate: clock.now().toISOString() }, trx);
  }

  /** The store's chunks (one loader's with `docId`) as documents, each knowing its loader. */
  async function chunkDocuments(storeId: string, docId?: string) {
    const chunks = await repo.allChunks(storeId, docId);
    if (chunks.length === 0)
      throw new AppError(
        'BAD_REQUEST',
        'There are no chunks to upsert: add a document loader and process it first',
      );
    const documents: SourceDocument[] = chunks.map((chunk) => {
      let metadata: Record<string, unknown> = {};
      try {
        metadata = chunk.metadata ? (JSON.parse(chunk.metadata) as Record<string, unknown>) : {};
      } catch {
        // A damaged metadata text: the chunk goes without it rather than failing the upsert.
      }
      return { pageContent: chunk.pageContent, metadata: { ...metadata, docId: chunk.docId } };
    });
    return { documents, ids: chunks.map((chunk) => chunk.id) };
  }

  /**
   * Embeds the store's chunks (all, or one loader's) into its vector store and records the upsert.
   * Runs alone on the store (no loader changes its chunks meanwhile); the store shows UPSERTING and
   * the progress. A failure puts the status back, keeps the error on the store, and answers 400.
   */
  function upsertStore(
    ctx: AuthContext,
    storeId: string,
    configs: StoreConfigs,
    docId?: string,
  ): Promise<UpsertResult> {
    return state.locks.task(storeId, 'being upserted', async (signal, report) => {
      const row = await state.load(ctx, storeId);
      if (docId) state.findLoader(row, docId);
      const previous = row.status;
      const startedAt = clock.now().toISOString();
      const { documents, ids } = await chunkDocuments(storeId, docId);
      let done = 0;
      const progress = () => report({ done, total: documents.length, startedAt });
      state.setUpsertError(storeId, undefined);
      progress();
      await setStatus(ctx.workspaceId, storeId, 'UPSERTING');
      try {
        const opened = await openStoreParts(
          runtime.registry,
          storeRun(runtime, ctx.workspaceId, storeId, signal),
          configs,
          storeId,
          {
            onEmbedded: (count) => {
              done = Math.min(documents.length, done + count);
              progress();
            },
          },
        );
        const replaces = storeRecords(
          configs,
          parseLoaders(row).map((l) => l.id),
          docId,
        );
        const result = await upsertDocuments(opened, documents, { docId, ids, replaces });
        const { addedDocs: _added, totalKeys: _keys, ...counts } = result;
        const used = PARTS.filter(({ part }) => configs[part]?.name)
          .reverse()
          .map(({ part, kind }) =>
            historyNode(componentType(runtime.registry, kind, configs[part]!.name), {
              id: `${configs[part]!.name}_0`,
              inputs: configs[part]!.config,
            }),
          );
        await db.transaction().execute(async (trx) => {
          await deps.history.insert(
            {
              id: randomUUID(),
              chatflowid: storeId,
              result: JSON.stringify(counts),
              flowData: JSON.stringify(used),
              date: clock.now().toISOString(),
            },
            trx,
          );
          await setStatus(ctx.workspaceId, storeId, 'UPSERTED', trx);
        });
        return result;
      } catch (error) {
        const problem = nodeProblem(error);
        deps.logger.warn({ err: error, storeId }, 'document store upsert failed');
        await setStatus(ctx.workspaceId, storeId, previous).catch(() => undefined);
        state.setUpsertError(storeId, problem.message);
        throw problem;
      }
    });
  }

  return {
    upsertStore,

    async saveConfig(ctx: AuthContext, body: VectorConfigBody): Promise<StoreRow> {
      if (state.locks.busy(body.storeId))
        throw new AppError('CONFLICT', 'The document store is busy; save its settings when that is done');
      return (await saveConfigs(ctx, body, true)).row;
    },

    async insert(ctx: AuthContext, body: VectorConfigBody) {
      if (state.locks.busy(body.storeId))
        throw new AppError('CONFLICT', 'The document store is busy; upsert it when that is done');
      const { configs } = await saveConfigs(ctx, body, body.isStrictSave ?? false);
      if (!configs.embedding) throw new AppError('BAD_REQUEST', 'Choose the embeddings to upsert with');
      if (!configs.vectorStore) throw new AppError('BAD_REQUEST', 'Choose the vector store to upsert into');
      const result = await upsertStore(ctx, body.storeId, configs, body.docId ?? undefined);
      return { ...result, totalChars: 0, totalChunks: 0, whereUsed: [] };
    },

    /** Replaces the vector store settings only (the retrieval playground's Save Config). */
    async updateVectorStore(ctx: AuthContext, body: z.infer<typeof vectorUpdateBody>) {
      const row = await state.load(ctx, body.storeId);
      if (!body.vectorStoreName) return {};
      if (state.locks.busy(row.id))
        throw new AppError('CONFLICT', 'The document store is busy; save its settings when that is done');
      await deps.checks.part(ctx, 'vectorStore', {
        name: body.vectorStoreName,
        config: body.vectorStoreConfig ?? {},
      });
      const vectorStoreConfig = JSON.stringify({
        name: body.vectorStoreName,
        config: body.vectorStoreConfig ?? {},
      });
      const patch = { vectorStoreConfig, updatedDate: clock.now().toISOString() };
      await repo.stores.update(ctx.workspaceId, row.id, patch);
      return { ...row, ...patch };
    },

    /** The retrieval playground: the store's nearest chunks to a query, with scores and the time taken. */
    async query(ctx: AuthContext, body: z.infer<typeof vectorQueryBody>) {
      const row = foundStore(await repo.findSettings(ctx.workspaceId, body.storeId), body.storeId);
      const configs = configsOf(row);
      if (!configs.embedding) throw new AppError('BAD_REQUEST', `Embedding for ${row.id} is not configured`);
      if (!configs.vectorStore)
        throw new AppError('BAD_REQUEST', `Vector Store for ${row.id} is not configured`);
      const started = performance.now();
      let found;
      try {
        const opened = await openStoreParts(
          runtime.registry,
          storeRun(runtime, ctx.workspaceId, row.id, AbortSignal.timeout(60_000)),
          configs,
          row.id,
          // Only how many and which documents may change for one query, not where it searches.
          { recordManager: false, vectorStoreOverrides: retrievalInputs(body.inputs) },
        );
        const k = resultCount(body.inputs?.topK ?? configs.vectorStore.config.topK);
        found = await queryStore(opened, body.query, { k });
      } catch (error) {
        throw nodeProblem(error);
      }
      const timeTaken = Math.round(performance.now() - started);
      // Records named by chunk id (the embedded store's), else the chunk of the same loader and text.
      const byId = new Map(
        (
          await repo.chunksByIds(
            row.id,
            found.flatMap((f) => (f.id ? [f.id] : [])),
          )
        ).map((c) => [c.id, c]),
      );
      const unmatched = found.filter((f) => !f.id || !byId.has(f.id));
      const byText = new Map(
        (
          await repo.chunksWithText(
            row.id,
            unmatched.map((f) => ({ text: f.document.pageContent, docId: f.document.metadata.docId })),
          )
        ).map((chunk) => [chunk.pageContent, chunk]),
      );
      const docs: QueriedDocument[] = found.map((f) => {
        const chunk = (f.id ? byId.get(f.id) : undefined) ?? byText.get(f.document.pageContent);
        return {
          pageContent: f.document.pageContent,
          metadata: f.document.metadata,
          id: chunk?.id ?? randomUUID(),
          chunkNo: chunk?.chunkNo ?? -1,
          score: f.score,
        };
      });
      return { timeTaken, docs };
    },

    /**
     * Deletes vectors of the store (one loader's with `docId`): what its record manager says it
     * wrote, or for the embedded store, the records of its chunks.
     */
    async deleteVectors(ctx: AuthContext, storeId: string, docId?: string) {
      await state.load(ctx, storeId);
      return state.locks.task(storeId, 'having its vectors deleted', async () => {
        const row = await state.load(ctx, storeId);
        if (docId) state.findLoader(row, docId);
        const configs = configsOf(row);
        if (!configs.embedding || !configs.vectorStore)
          throw new AppError('BAD_REQUEST', `Document store ${storeId} has no vector store configured`);
        const embedded = configs.vectorStore.name === EMBEDDED_VECTOR_STORE;
        if (!configs.recordManager && !embedded)
          throw new AppError(
            'BAD_REQUEST',
            `Record Manager for Document Store ${storeId} is needed to delete data from Vector Store`,
          );
        const where = storeRecords(
          configs,
          parseLoaders(row).map((l) => l.id),
          docId,
        );
        try {
          const opened = await openStoreParts(
            runtime.registry,
            storeRun(runtime, ctx.workspaceId, storeId, AbortSignal.timeout(120_000)),
            configs,
            storeId,
          );
          return { numDeleted: await removeDocuments(opened, docId, where) };
        } catch (error) {
          throw nodeProblem(error);
        }
      });
    },

    /**
     * When a loader goes: its records in Flowloom's embedded vector store (they mirror its chunks)
     * and in the record-manager table. An outside vector database keeps its vectors (the web app
     * offers to delete them first when a record manager knows them).
     */
    async dropLoaderVectors(ctx: AuthContext, row: StoreRow, loaderId: string) {
      const configs = configsOf(row);
      if (configs.vectorStore?.name === EMBEDDED_VECTOR_STORE)
        await deps
          .vectors(ctx.workspaceId)
          .deleteWhere(namedCollection(configs) ?? row.id, { docId: loaderId });
      await repo.deleteRecordsOf(db, ctx.workspaceId, undefined, [loaderId]);
    },

    /**
     * Removes what the store wrote into Flowloom's embedded vector store when the store goes: its own
     * collection is dropped; from a collection named in its settings (others may share it) only the
     * records of its loaders go. Flowloom's record-manager records of the store go too (an outside
     * vector database keeps its vectors: the web app deletes them first when it can).
     */
    async dropOwnVectors(ctx: AuthContext, row: StoreRow) {
      const configs = configsOf(row);
      const loaderIds = parseLoaders(row).map((l) => l.id);
      const vectors = deps.vectors(ctx.workspaceId);
      // The collection named after the store is its own, whatever its settings say now.
      await vectors.drop(row.id);
      const named =
        configs.vectorStore?.name === EMBEDDED_VECTOR_STORE ? namedCollection(configs) : undefined;
      if (named && loaderIds.length > 0) await vectors.deleteWhere(named, { docId: { $in: loaderIds } });
      await repo.deleteRecordsOf(db, ctx.workspaceId, row.id, loaderIds);
    },

    /** A sentence describing the store's contents, from its first chunks, by the chosen chat model. */
    async describe(ctx: AuthContext, storeId: string, chosen: ChosenModel) {
      const row = foundStore(await repo.findSettings(ctx.workspaceId, storeId), storeId);
      const { chunks } = await repo.chunkPage(storeId, undefined, 1);
      if (chunks.length === 0)
        throw new AppError(
          'BAD_REQUEST',
          `Document store ${row.name} has no chunks yet: process a loader first`,
        );
      const credential = chosen.credential ?? credentialOf(chosen.inputs);
      // The model's own settings may not name another credential than the one checked here.
      if (credential) await deps.assertCredential(ctx, credential);
      const sample = chunks
        .slice(0, 4)
        .map((chunk) => chunk.pageContent)
        .join('\n');
      try {
        const content = await describeKnowledge(
          runtime.registry,
          storeRun(runtime, ctx.workspaceId, storeId, AbortSignal.timeout(60_000)),
          { ...chosen, ...(credential && { credential }) },
          sample,
        );
        return { content };
      } catch (error) {
        throw nodeProblem(error, 'Error generating tool description');
      }
    },
  };
}
export type DocumentStoreVectors = ReturnType<typeof createDocumentStoreVectors>;
