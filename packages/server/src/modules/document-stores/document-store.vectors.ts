import { randomUUID } from 'node:crypto';
import type { NodeType, UpsertResult } from '@flowloom/engine';
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
import { parseConfig, toDto } from './document-store.dto.js';
import type { DocumentStoreRepository, StoreRow } from './document-store.repository.js';
import { nodeProblem, storeRun, type StoreRuntime } from './document-store.runtime.js';
import type { DocumentStoreService } from './document-store.service.js';

type Part = 'embedding' | 'vectorStore' | 'recordManager';
const PARTS: {
  part: Part;
  column: 'embeddingConfig' | 'vectorStoreConfig' | 'recordManagerConfig';
  kind: 'embeddings' | 'vectorStore' | 'recordManager';
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
  stores: DocumentStoreService;
  runtime: StoreRuntime;
  vectors(workspaceId: string): WorkspaceVectors;
  assertCredential(ctx: AuthContext, id: string): Promise<void>;
  clock: Clock;
  logger: Logger;
}

const credentialOf = (config: Record<string, unknown> | null | undefined) => {
  const id = config?.credential ?? config?.FLOWISE_CREDENTIAL_ID;
  return typeof id === 'string' && id !== '' ? id : undefined;
};

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

/** What the upsert history shows of a part: its non-empty, non-secret inputs (DOCUMENT_STORES.md §1.7). */
function historyEntry(type: NodeType, settings: ComponentSettings) {
  const paramValues = type.definition.inputs
    .filter((input) => input.type !== 'password' && !/^[A-Z]/.test(input.type))
    .map((input) => ({ input, value: settings.config[input.name] }))
    .filter(
      ({ value }) =>
        value !== undefined &&
        value !== '' &&
        value !== null &&
        !(typeof value === 'string' && /\{\{.*\}\}/.test(value)),
    )
    .map(({ input, value }) => ({ label: input.label, name: input.name, type: input.type, value }));
  return {
    label: type.definition.label,
    name: type.definition.name,
    category: type.definition.category,
    id: `${type.definition.name}_0`,
    paramValues,
  };
}

/** Vector configuration, upsert, retrieval and deletion of document stores. */
export function createDocumentStoreVectors(deps: VectorServiceDeps) {
  const { db, repo, stores, runtime, clock } = deps;

  /** Applies the config body to the store per Flowise's save rules; answers the configs to use now. */
  async function saveConfigs(
    ctx: AuthContext,
    body: VectorConfigBody,
    strict: boolean,
  ): Promise<{ row: StoreRow; configs: StoreConfigs }> {
    for (const { part, kind } of PARTS) {
      const name = body[`${part}Name`];
      if (!name) continue;
      try {
        componentType(runtime.registry, kind, name);
      } catch (error) {
        throw nodeProblem(error);
      }
      const credential = credentialOf(body[`${part}Config`]);
      if (credential) await deps.assertCredential(ctx, credential);
    }
    return db.transaction().execute(async (trx) => {
      const row = await repo.findForUpdate(trx, ctx.workspaceId, body.storeId);
      if (!row) throw new AppError('NOT_FOUND', `Document store ${body.storeId} not found`);
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

  async function setStatus(workspaceId: string, storeId: string, status: string) {
    await repo.stores.update(workspaceId, storeId, { status, updatedDate: clock.now().toISOString() });
  }

  /**
   * Embeds the store's chunks (all, or one loader's) into its vector store and records the upsert.
   * Runs one at a time per store; the store shows UPSERTING and the progress meanwhile. A failure
   * puts the status back, keeps the error on the store, and answers 400 with the reason.
   */
  async function upsertStore(
    ctx: AuthContext,
    storeId: string,
    configs: StoreConfigs,
    docId?: string,
  ): Promise<UpsertResult> {
    return stores.jobs.run(
      `upsert:${storeId}`,
      'This document store is being upserted already',
      async (signal) => {
        const row = await stores.load(ctx, storeId);
        if (docId) stores.findLoader(row, docId);
        const previous = row.status;
        const startedAt = clock.now().toISOString();
        const chunks = await repo.allChunks(storeId, docId);
        if (chunks.length === 0)
          throw new AppError(
            'BAD_REQUEST',
            'There are no chunks to upsert: add a document loader and process it first',
          );
        const documents: SourceDocument[] = chunks.map((chunk) => ({
          pageContent: chunk.pageContent,
          metadata: {
            ...(chunk.metadata ? (JSON.parse(chunk.metadata) as Record<string, unknown>) : {}),
            docId: chunk.docId,
          },
        }));
        let done = 0;
        stores.setUpsertState(storeId, { upsertProgress: { done, total: documents.length, startedAt } });
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
                stores.setUpsertState(storeId, {
                  upsertProgress: { done, total: documents.length, startedAt },
                });
              },
            },
          );
          const result = await upsertDocuments(opened, documents, {
            docId,
            ids: chunks.map((chunk) => chunk.id),
          });
          const { addedDocs: _added, totalKeys: _keys, ...counts } = result;
          const used = PARTS.filter(({ part }) => configs[part]?.name)
            .reverse()
            .map(({ part, kind }) =>
              historyEntry(componentType(runtime.registry, kind, configs[part]!.name), configs[part]!),
            );
          await repo.insertHistory({
            id: randomUUID(),
            chatflowid: storeId,
            result: JSON.stringify(counts),
            flowData: JSON.stringify(used),
            date: clock.now().toISOString(),
          });
          await setStatus(ctx.workspaceId, storeId, 'UPSERTED');
          stores.setUpsertState(storeId, undefined);
          return result;
        } catch (error) {
          const problem = nodeProblem(error);
          deps.logger.warn({ err: error, storeId }, 'document store upsert failed');
          await setStatus(ctx.workspaceId, storeId, previous).catch(() => undefined);
          stores.setUpsertState(storeId, { upsertError: problem.message });
          throw problem;
        }
      },
    );
  }

  return {
    upsertStore,

    async saveConfig(ctx: AuthContext, body: VectorConfigBody): Promise<StoreRow> {
      return (await saveConfigs(ctx, body, true)).row;
    },

    async insert(ctx: AuthContext, body: VectorConfigBody) {
      const { configs } = await saveConfigs(ctx, body, body.isStrictSave ?? false);
      if (!configs.embedding) throw new AppError('BAD_REQUEST', 'Choose the embeddings to upsert with');
      if (!configs.vectorStore) throw new AppError('BAD_REQUEST', 'Choose the vector store to upsert into');
      const result = await upsertStore(ctx, body.storeId, configs, body.docId ?? undefined);
      return { ...result, totalChars: 0, totalChunks: 0, whereUsed: [] };
    },

    /** Replaces the vector store settings only (the retrieval playground's Save Config). */
    async updateVectorStore(ctx: AuthContext, body: z.infer<typeof vectorUpdateBody>) {
      const row = await stores.load(ctx, body.storeId);
      if (!body.vectorStoreName) return {};
      componentType(runtime.registry, 'vectorStore', body.vectorStoreName);
      const credential = credentialOf(body.vectorStoreConfig);
      if (credential) await deps.assertCredential(ctx, credential);
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
      const row = await repo.findSettings(ctx.workspaceId, body.storeId);
      if (!row) throw new AppError('NOT_FOUND', `Document store ${body.storeId} not found`);
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
          { recordManager: false, vectorStoreOverrides: body.inputs ?? {} },
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
      const row = await stores.load(ctx, storeId);
      const configs = configsOf(row);
      if (!configs.embedding || !configs.vectorStore)
        throw new AppError('BAD_REQUEST', `Document store ${storeId} has no vector store configured`);
      const embedded = configs.vectorStore.name === EMBEDDED_VECTOR_STORE;
      if (!configs.recordManager && !embedded)
        throw new AppError(
          'BAD_REQUEST',
          `Record Manager for Document Store ${storeId} is needed to delete data from Vector Store`,
        );
      try {
        const opened = await openStoreParts(
          runtime.registry,
          storeRun(runtime, ctx.workspaceId, storeId, AbortSignal.timeout(120_000)),
          configs,
          storeId,
        );
        return { numDeleted: await removeDocuments(opened, docId) };
      } catch (error) {
        throw nodeProblem(error);
      }
    },

    /** Drops the embedded collection a store filled under its own id (when the store goes). */
    async dropOwnCollection(ctx: AuthContext, row: StoreRow) {
      const vectorStore = parseConfig(row.vectorStoreConfig);
      if (vectorStore?.name !== EMBEDDED_VECTOR_STORE) return;
      const named = vectorStore.config.collectionName;
      if (typeof named === 'string' && named.trim() !== '') return;
      await deps.vectors(ctx.workspaceId).drop(row.id);
      await db
        .deleteFrom('upsertion_record')
        .where('workspaceId', '=', ctx.workspaceId)
        .where((eb) => eb.or([eb('namespace', '=', row.id), eb('namespace', 'like', `${row.id}\\_%`)]))
        .execute();
    },

    /** A sentence describing the store's contents, from its first chunks, by the chosen chat model. */
    async describe(ctx: AuthContext, storeId: string, chosen: ChosenModel) {
      const row = await repo.findSettings(ctx.workspaceId, storeId);
      if (!row) throw new AppError('NOT_FOUND', `Document store ${storeId} not found`);
      const { chunks } = await repo.chunkPage(storeId, undefined, 1);
      if (chunks.length === 0)
        throw new AppError(
          'BAD_REQUEST',
          `Document store ${row.name} has no chunks yet: process a loader first`,
        );
      const credential = chosen.credential ?? credentialOf(chosen.inputs);
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

    dto: (row: StoreRow) => toDto(row, stores.liveOf(row.id)),
  };
}
export type DocumentStoreVectors = ReturnType<typeof createDocumentStoreVectors>;
