import { z } from 'zod';
import { nameText } from './rules/text.js';

/** Store statuses, as Flowise names them (DOCUMENT_STORES.md §1.2). */
export const DOCUMENT_STORE_STATUSES = [
  'EMPTY',
  'SYNC',
  'SYNCING',
  'STALE',
  'NEW',
  'UPSERTING',
  'UPSERTED',
] as const;
export type DocumentStoreStatus = (typeof DOCUMENT_STORE_STATUSES)[number];

/** A file of a loader, as the store lists it. */
export interface DocumentStoreLoaderFile {
  id: string;
  name: string;
  mimePrefix: string;
  size: number;
  status: string;
  uploaded: string;
}

/** What a loader is doing right now (processing runs in the background). */
export interface LoaderProgress {
  stage: 'loading' | 'splitting' | 'saving';
  /** Chunks written so far (saving), when known. */
  done?: number;
  total?: number;
  startedAt: string;
}

/** One loader of a store: its loader and splitter with their settings, and what processing made. */
export interface DocumentStoreLoader {
  id: string;
  loaderId: string;
  loaderName: string;
  loaderConfig: Record<string, unknown>;
  splitterId?: string;
  splitterName?: string;
  splitterConfig?: Record<string, unknown>;
  totalChunks: number;
  totalChars: number;
  status: 'SYNC' | 'SYNCING';
  credential?: string;
  files?: DocumentStoreLoaderFile[];
  /** Shown on read: file names, URL, or "None". */
  source?: string;
  /** Flowloom: what processing is doing, while it runs. */
  progress?: LoaderProgress;
  /** Flowloom: why the last processing failed (cleared by the next success). */
  error?: string;
}

export interface ComponentSettings {
  name: string;
  config: Record<string, unknown>;
}

/** A document store as `GET /document-store/store/:id` answers it. */
export interface DocumentStore {
  id: string;
  name: string;
  description: string | null;
  loaders: DocumentStoreLoader[];
  whereUsed: (string | { id: string; name: string })[];
  status: DocumentStoreStatus;
  vectorStoreConfig: ComponentSettings | null;
  embeddingConfig: ComponentSettings | null;
  recordManagerConfig: ComponentSettings | null;
  totalChars: number;
  totalChunks: number;
  workspaceId: string;
  createdDate: string;
  updatedDate: string;
  /** Flowloom: what the running upsert has done so far. */
  upsertProgress?: { done: number; total: number; startedAt: string };
  /** Flowloom: why the last upsert failed (cleared by the next success). */
  upsertError?: string;
}

export interface DocumentStoreChunk {
  id: string;
  docId: string;
  storeId: string;
  chunkNo: number;
  pageContent: string;
  /** JSON text, as Flowise stores it. */
  metadata: string;
}

/** `GET /document-store/chunks/:storeId/:fileId/:pageNo`. */
export interface ChunkPage {
  chunks: DocumentStoreChunk[];
  count: number;
  file?: DocumentStoreLoader;
  currentPage: number;
  storeName: string;
  description: string | null;
  workspaceId: string;
  docId: string;
  characters: number;
}

/** What writing into a vector store did. */
export interface UpsertOutcome {
  numAdded: number;
  numDeleted?: number;
  numUpdated?: number;
  numSkipped?: number;
  totalKeys?: number;
  addedDocs: { pageContent: string; metadata: Record<string, unknown> }[];
}

/** Longest text of one chunk as edited by hand. */
export const MAX_CHUNK_CHARACTERS = 200_000;

const description = z.string().max(4000, 'Description is at most 4000 characters').nullable().optional();

export const createDocumentStoreBody = z.object({
  name: nameText('Name'),
  description,
});

const configString = z.union([z.string().max(200_000), z.null()]).optional();

export const updateDocumentStoreBody = z.object({
  name: nameText('Name').optional(),
  description,
  vectorStoreConfig: configString,
  embeddingConfig: configString,
  recordManagerConfig: configString,
});

const componentName = z.string().max(200);
const storeId = z.string().min(1, 'storeId is required').max(100, 'storeId is at most 100 characters');
/** The most text a chunk's metadata may take (as JSON). */
export const MAX_CHUNK_METADATA_CHARACTERS = 100_000;
const record = z.record(z.string(), z.unknown());

/** Body of `/loader/preview`, `/loader/save` and `/loader/process/:loaderId`. */
export const loaderBody = z.object({
  storeId,
  id: z.string().max(100).optional(),
  loaderId: componentName.min(1, 'Choose a document loader'),
  loaderName: z.string().max(255).optional(),
  loaderConfig: record.default({}),
  splitterId: componentName.optional().nullable(),
  splitterName: z.string().max(255).optional().nullable(),
  splitterConfig: record.optional().nullable(),
  credential: z.string().max(100).optional().nullable(),
  previewChunkCount: z.coerce.number().int().min(-1).optional(),
});
export type LoaderBody = z.infer<typeof loaderBody>;

export const chunkEditBody = z.object({
  pageContent: z
    .string()
    .min(1, 'A chunk needs some text')
    .max(MAX_CHUNK_CHARACTERS, `A chunk holds at most ${MAX_CHUNK_CHARACTERS} characters`),
  metadata: z
    .union([record, z.string()])
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        (typeof value === 'string' ? value : JSON.stringify(value)).length <= MAX_CHUNK_METADATA_CHARACTERS,
      `Metadata is at most ${MAX_CHUNK_METADATA_CHARACTERS} characters`,
    ),
});

/** Body of `/vectorstore/save` and `/vectorstore/insert`. */
export const vectorConfigBody = z.object({
  storeId,
  docId: z.string().max(100).optional().nullable(),
  isStrictSave: z.boolean().optional(),
  embeddingName: componentName.optional().nullable(),
  embeddingConfig: record.optional().nullable(),
  vectorStoreName: componentName.optional().nullable(),
  vectorStoreConfig: record.optional().nullable(),
  recordManagerName: componentName.optional().nullable(),
  recordManagerConfig: record.optional().nullable(),
});
export type VectorConfigBody = z.infer<typeof vectorConfigBody>;

export const vectorUpdateBody = z.object({
  storeId,
  vectorStoreName: componentName.optional().nullable(),
  vectorStoreConfig: record.optional().nullable(),
});

export const vectorQueryBody = z.object({
  storeId,
  query: z.string().min(1, 'Enter a query').max(20_000, 'A query is at most 20000 characters'),
  inputs: record.optional().nullable(),
});

/** Body of `/vector/upsert/:id`: a chatflow's documents written through one of its vector stores. */
export const vectorUpsertBody = z.object({
  stopNodeId: z.string().max(200).optional(),
  overrideConfig: record.optional(),
  chatId: z.string().max(200).optional(),
  question: z.string().max(20_000).optional(),
});
export type VectorUpsertBody = z.infer<typeof vectorUpsertBody>;

/** A document found by the retrieval playground. */
export interface QueriedDocument {
  pageContent: string;
  metadata: Record<string, unknown>;
  id: string;
  chunkNo: number;
  /** Flowloom: cosine similarity to the query. */
  score: number;
}
