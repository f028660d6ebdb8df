import { cosineSimilarity, type NodeContext, type NodeType } from '@flowloom/engine';
import type { NodeParam, SourceDocument } from '@flowloom/shared';
import { booleanInput, numberInput, stringInput } from '../llm/chat-model.js';
import { documentsOf } from '../document-loaders/loader.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings/embeddings.js';
import { isRecordManager, type RecordManagerHandle } from '../record-managers/record-manager.js';
import { indexDocuments, removeIndexed } from './indexing.js';

export const VECTOR_STORE_CATEGORY = 'Vector Stores';
/** Metadata key marking documents uploaded in one chat (File Upload), as Flowise names it. */
export const CHAT_ID_KEY = 'flowise_chatId';

/** The most documents one search may return (Top K, Fetch K). */
export const MAX_RESULTS = 1000;

/** Top K (or Fetch K) from an input: a whole number from 1 to {@link MAX_RESULTS}, `fallback` when unset. */
export function resultCount(value: unknown, fallback = 4): number {
  const n = numberInput(value);
  if (n === undefined) return fallback;
  return Math.min(MAX_RESULTS, Math.max(1, Math.floor(n)));
}

/** A document a search found, with its similarity to the query (higher is closer; cosine in [-1, 1]). */
export interface FoundDocument {
  document: SourceDocument;
  score: number;
  id?: string;
  /** Present when the search was asked for vectors (MMR). */
  vector?: number[];
}

export interface SearchOptions {
  /** The store's own filter (its node's metadata filter format). */
  filter?: Record<string, unknown>;
  withVectors?: boolean;
}

/**
 * What a vector store node builds (its Vector Store output), and what retrievers search: writing
 * and searching vectors in one index, collection or table.
 */
export interface VectorStoreHandle {
  kind: 'vectorStore';
  /** The node label, for messages. */
  label: string;
  embeddings: EmbeddingsHandle;
  /** Top K set on the node (4 when unset). */
  k: number;
  /** Metadata filter set on the node, in the store's own format. */
  filter?: Record<string, unknown>;
  /** Writes documents with their vectors; a record with the same id is replaced. */
  addVectors(vectors: number[][], documents: SourceDocument[], ids: string[]): Promise<void>;
  /** The records nearest to a vector, closest first. */
  searchByVector(vector: number[], k: number, options?: SearchOptions): Promise<FoundDocument[]>;
  delete(ids: string[]): Promise<void>;
  /**
   * Replaces, in one step, every record matching `where` (every record when `{}`) with these. Stores
   * that can (the embedded one) let a document store without a record manager mirror its chunks.
   */
  replaceWhere?(
    where: Record<string, unknown>,
    vectors: number[][],
    documents: SourceDocument[],
    ids: string[],
  ): Promise<number>;
  /** Removes every record whose metadata matches (every record for `{}`); the embedded store can. */
  deleteWhere?(where: Record<string, unknown>): Promise<number>;
  /** Joins a filter set at run time (chat uploads, retriever tool) with the node's own. */
  combineFilters?(
    base: Record<string, unknown> | undefined,
    extra: Record<string, unknown>,
  ): Record<string, unknown>;
  /** Added to the record manager's namespace (Pinecone namespace, collection, table name). */
  namespaceSuffix?: string;
}

export function isVectorStore(value: unknown): value is VectorStoreHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'vectorStore';
}

export interface RetrieveOptions {
  /** Added to the store's filter for this call (shallow merge, or the store's own rule). */
  filter?: Record<string, unknown>;
  k?: number;
}

/** What retriever outputs give chains, tools and agents: documents for a query. */
export interface RetrieverHandle {
  kind: 'retriever';
  retrieve(query: string, options?: RetrieveOptions): Promise<SourceDocument[]>;
  /** The store searched, when there is one (the retriever tool filters through it). */
  vectorStore?: VectorStoreHandle;
}

export function isRetriever(value: unknown): value is RetrieverHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'retriever';
}

/** A retriever from what a retriever input received: a retriever, or a vector store searched as one. */
export function requireRetriever(value: unknown, inputLabel = 'Vector Store Retriever'): RetrieverHandle {
  if (isRetriever(value)) return value;
  if (isVectorStore(value)) return retrieverOf(value, {});
  throw new Error(`${inputLabel} must be a connected vector store retriever`);
}

export interface RetrieverSettings {
  searchType?: 'similarity' | 'mmr';
  k?: number;
  fetchK?: number;
  lambda?: number;
  /** Only documents at least this similar (0–1). */
  scoreThreshold?: number;
}

function mergeFilters(
  store: VectorStoreHandle,
  base: Record<string, unknown> | undefined,
  extra: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!extra || Object.keys(extra).length === 0) return base;
  if (store.combineFilters) return store.combineFilters(base, extra);
  return { ...base, ...extra };
}

/**
 * Maximal marginal relevance: picks `k` of the candidates one at a time, each the one most similar to
 * the query and least similar to those already picked (`lambda` 1 = relevance only, 0 = diversity only).
 */
export function maximalMarginalRelevance(
  query: readonly number[],
  candidates: readonly FoundDocument[],
  k: number,
  lambda: number,
): FoundDocument[] {
  const pool = candidates.filter((c) => c.vector);
  const relevance = pool.map((c) => cosineSimilarity(query, c.vector!));
  const picked: number[] = [];
  while (picked.length < Math.min(k, pool.length)) {
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < pool.length; i++) {
      if (picked.includes(i)) continue;
      const redundancy = picked.length
        ? Math.max(...picked.map((j) => cosineSimilarity(pool[i]!.vector!, pool[j]!.vector!)))
        : 0;
      const score = lambda * relevance[i]! - (1 - lambda) * redundancy;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    picked.push(best);
  }
  return picked.map((i) => pool[i]!);
}

/** Searches a vector store for a query: top K by similarity, MMR, or above a score threshold. */
export async function searchStore(
  store: VectorStoreHandle,
  query: string,
  settings: RetrieverSettings,
  options: RetrieveOptions = {},
): Promise<FoundDocument[]> {
  const k = resultCount(options.k ?? settings.k ?? store.k);
  const filter = mergeFilters(store, store.filter, options.filter);
  const vector = await store.embeddings.embedQuery(query);
  if (settings.searchType === 'mmr') {
    const fetchK = Math.max(resultCount(settings.fetchK, 20), k);
    const candidates = await store.searchByVector(vector, fetchK, { filter, withVectors: true });
    return maximalMarginalRelevance(vector, candidates, k, settings.lambda ?? 0.5);
  }
  const found = await store.searchByVector(vector, k, filter ? { filter } : {});
  const threshold = settings.scoreThreshold;
  return threshold === undefined ? found : found.filter((f) => f.score >= threshold);
}

/** A retriever over a vector store. */
export function retrieverOf(store: VectorStoreHandle, settings: RetrieverSettings): RetrieverHandle {
  return {
    kind: 'retriever',
    vectorStore: store,
    retrieve: async (query, options) =>
      (await searchStore(store, query, settings, options)).map((found) => found.document),
  };
}

/** The inputs every vector store node starts with. */
export function vectorStoreAnchors({ recordManager }: { recordManager: boolean }): NodeParam[] {
  return [
    { label: 'Document', name: 'document', type: 'Document', list: true, optional: true },
    { label: 'Embeddings', name: 'embeddings', type: 'Embeddings' },
    ...(recordManager
      ? [
          {
            label: 'Record Manager',
            name: 'recordManager',
            type: 'RecordManager',
            description: 'Keep track of the record to prevent duplication',
            optional: true,
          } satisfies NodeParam,
        ]
      : []),
  ];
}

export const topKInput = (additionalParams = true): NodeParam => ({
  label: 'Top K',
  name: 'topK',
  description: 'Number of top results to fetch. Default to 4',
  placeholder: '4',
  type: 'number',
  additionalParams,
  optional: true,
});

export const fileUploadInput: NodeParam = {
  label: 'File Upload',
  name: 'fileUpload',
  description: 'Allow file upload on the chat',
  type: 'boolean',
  additionalParams: true,
  optional: true,
};

/** Search Type, Fetch K and Lambda (the stores that search by MMR). */
export const mmrInputs: NodeParam[] = [
  {
    label: 'Search Type',
    name: 'searchType',
    type: 'options',
    default: 'similarity',
    options: [
      { label: 'Similarity', name: 'similarity' },
      { label: 'Max Marginal Relevance', name: 'mmr' },
    ],
    additionalParams: true,
    optional: true,
  },
  {
    label: 'Fetch K (for MMR Search)',
    name: 'fetchK',
    description: 'Documents fetched before MMR picks Top K of them. Default to 20',
    placeholder: '20',
    type: 'number',
    additionalParams: true,
    optional: true,
  },
  {
    label: 'Lambda (for MMR Search)',
    name: 'lambda',
    description: 'Between 0 (most diverse results) and 1 (most relevant only). Default to 0.5',
    placeholder: '0.5',
    type: 'number',
    additionalParams: true,
    optional: true,
  },
];

/** Retriever settings from a node's inputs (Flowise also reads Search Type from `outputs`). */
export function retrieverSettings(ctx: NodeContext): RetrieverSettings {
  const { inputs } = ctx;
  const searchType =
    stringInput(inputs.searchType) ?? stringInput(ctx.node.outputs?.searchType) ?? 'similarity';
  return {
    searchType: searchType === 'mmr' ? 'mmr' : 'similarity',
    k: resultCount(inputs.topK),
    ...(numberInput(inputs.fetchK) !== undefined && { fetchK: resultCount(inputs.fetchK, 20) }),
    ...(numberInput(inputs.lambda) !== undefined && { lambda: numberInput(inputs.lambda) }),
  };
}

export interface VectorStoreSpec {
  label: string;
  name: string;
  version: number;
  /** Flowise type name (`Pinecone`, `Memory`…), first of the base classes. */
  type: string;
  description: string;
  icon: string;
  credential?: NodeType['definition']['credential'];
  badge?: string;
  /** Inputs after the anchors (index names, filters, Top K…). */
  inputs: NodeParam[];
  recordManager: boolean;
  /** Base classes of the Vector Store output after the type. */
  vectorStoreClasses?: string[];
  /** Connects to the index, collection or table the inputs name. */
  open(ctx: NodeContext, embeddings: EmbeddingsHandle): Promise<VectorStoreHandle>;
  loadMethods?: NodeType['loadMethods'];
}

/** The embeddings a vector store node was connected to, or a readable error. */
export function requireEmbeddings(value: unknown): EmbeddingsHandle {
  if (!isEmbeddings(value)) throw new Error('Embeddings must be a connected embeddings node');
  return value;
}

function connectedRecordManager(ctx: NodeContext): RecordManagerHandle | undefined {
  const value = ctx.inputs.recordManager;
  if (value === undefined || value === null || value === '') return undefined;
  if (!isRecordManager(value)) throw new Error('Record Manager must be a connected record manager');
  return value;
}

/**
 * The documents a vector store node writes: those connected, empty ones dropped, marked with the chat
 * when File Upload is on and the upsert came from a chat.
 */
export function documentsToWrite(ctx: NodeContext): SourceDocument[] {
  const chatUpload = booleanInput(ctx.inputs.fileUpload, false) && ctx.run.chatId !== '';
  return documentsOf(ctx.inputs.document)
    .filter((doc) => doc.pageContent.trim() !== '')
    .map((doc) =>
      chatUpload
        ? { pageContent: doc.pageContent, metadata: { ...doc.metadata, [CHAT_ID_KEY]: ctx.run.chatId } }
        : doc,
    );
}

/**
 * A Vector Stores node: anchors, Retriever and Vector Store outputs, `init` answering the chosen one,
 * `upsert` indexing the connected documents (through the record manager when there is one) and
 * `removeRecords` deleting what the record manager tracks.
 */
export function vectorStoreNode(spec: VectorStoreSpec): NodeType {
  const baseClasses = [spec.type, 'VectorStoreRetriever', 'BaseRetriever'];
  const open = (ctx: NodeContext) => spec.open(ctx, requireEmbeddings(ctx.inputs.embeddings));
  return {
    icon: spec.icon,
    definition: {
      label: spec.label,
      name: spec.name,
      version: spec.version,
      type: spec.type,
      category: VECTOR_STORE_CATEGORY,
      baseClasses,
      description: spec.description,
      ...(spec.badge && { badge: spec.badge }),
      ...(spec.credential && { credential: spec.credential }),
      inputs: [...vectorStoreAnchors({ recordManager: spec.recordManager }), ...spec.inputs],
      outputs: [
        { label: `${spec.label} Retriever`, name: 'retriever', baseClasses },
        {
          label: `${spec.label} Vector Store`,
          name: 'vectorStore',
          baseClasses: [spec.type, ...(spec.vectorStoreClasses ?? ['VectorStore'])],
        },
      ],
    },
    ...(spec.loadMethods && { loadMethods: spec.loadMethods }),
    async init(ctx) {
      const store = await open(ctx);
      if (ctx.outputName === 'vectorStore') return store;
      return retrieverOf(store, retrieverSettings(ctx));
    },
    async upsert(ctx, options = {}) {
      const store = await open(ctx);
      const recordManager = spec.recordManager ? connectedRecordManager(ctx) : undefined;
      return indexDocuments({
        documents: documentsToWrite(ctx),
        store,
        ...(recordManager && { recordManager }),
        defaultNamespace: ctx.run.flowId,
        cleanupDocId: options.cleanupDocId,
      });
    },
    async removeRecords(ctx, { docId }) {
      const recordManager = spec.recordManager ? connectedRecordManager(ctx) : undefined;
      if (!recordManager)
        throw new Error(
          `A record manager is needed to know which records to delete from ${spec.label}; configure one, or delete them in the vector database itself`,
        );
      const store = await open(ctx);
      return { numDeleted: await removeIndexed(store, recordManager, ctx.run.flowId, docId) };
    },
  };
}
