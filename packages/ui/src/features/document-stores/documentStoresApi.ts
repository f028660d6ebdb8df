import type {
  ChunkPage,
  DocumentStore,
  DocumentStoreLoader,
  LoaderBody,
  NodeDefinition,
  QueriedDocument,
  StoreConfigParam,
  UpsertOutcome,
  VectorConfigBody,
} from '@flowloom/shared';
import { api } from '../../api/api';

const PREFIX = '/document-store';
const part = (value: string) => encodeURIComponent(value);

/** What the preview of a loader answers: the first chunks and how many there are in all. */
export interface LoaderPreview {
  chunks: { pageContent: string; metadata: Record<string, unknown> }[];
  totalChunks: number;
  previewChunkCount: number;
}

/** The retrieval playground's answer. */
export interface QueryAnswer {
  timeTaken: number;
  docs: QueriedDocument[];
}

/** Every call of the document store screens (DOCUMENT_STORES.md §2). */
export const documentStoresApi = {
  page: (page: number, limit: number) =>
    api.get<{ total: number; data: DocumentStore[] }>(`${PREFIX}/store`, { query: { page, limit } }),
  get: (id: string) => api.get<DocumentStore>(`${PREFIX}/store/${part(id)}`),
  create: (body: { name: string; description?: string | null }) =>
    api.post<{ id: string }>(`${PREFIX}/store`, body),
  update: (id: string, body: { name?: string; description?: string | null }) =>
    api.put<DocumentStore>(`${PREFIX}/store/${part(id)}`, body),
  remove: (id: string) => api.delete<unknown>(`${PREFIX}/store/${part(id)}`),
  refresh: (id: string) => api.post<unknown>(`${PREFIX}/refresh/${part(id)}`, {}),
  storeConfigs: (id: string, loaderId: string) =>
    api.get<StoreConfigParam[]>(`${PREFIX}/store-configs/${part(id)}/${part(loaderId)}`),

  loaders: () => api.get<NodeDefinition[]>(`${PREFIX}/components/loaders`),
  embeddings: () => api.get<NodeDefinition[]>(`${PREFIX}/components/embeddings`),
  vectorStores: () => api.get<NodeDefinition[]>(`${PREFIX}/components/vectorstore`),
  recordManagers: () => api.get<NodeDefinition[]>(`${PREFIX}/components/recordmanager`),
  node: (name: string) => api.get<NodeDefinition>(`/nodes/${part(name)}`),
  splitters: () => api.get<NodeDefinition[]>(`/nodes/category/${part('Text Splitters')}`),

  preview: (body: LoaderBody) => api.post<LoaderPreview>(`${PREFIX}/loader/preview`, body),
  saveLoader: (body: LoaderBody) => api.post<DocumentStoreLoader>(`${PREFIX}/loader/save`, body),
  process: (loaderId: string, body: LoaderBody) =>
    api.post<ChunkPage>(`${PREFIX}/loader/process/${part(loaderId)}`, body),
  deleteLoader: (storeId: string, loaderId: string) =>
    api.delete<DocumentStore>(`${PREFIX}/loader/${part(storeId)}/${part(loaderId)}`),

  chunks: (storeId: string, fileId: string, pageNo: number) =>
    api.get<ChunkPage>(`${PREFIX}/chunks/${part(storeId)}/${part(fileId)}/${pageNo}`),
  editChunk: (
    storeId: string,
    loaderId: string,
    chunkId: string,
    body: { pageContent: string; metadata: Record<string, unknown> },
  ) => api.put<ChunkPage>(`${PREFIX}/chunks/${part(storeId)}/${part(loaderId)}/${part(chunkId)}`, body),
  deleteChunk: (storeId: string, loaderId: string, chunkId: string) =>
    api.delete<ChunkPage>(`${PREFIX}/chunks/${part(storeId)}/${part(loaderId)}/${part(chunkId)}`),

  saveVectorConfig: (body: VectorConfigBody) => api.post<unknown>(`${PREFIX}/vectorstore/save`, body),
  insert: (body: VectorConfigBody) => api.post<UpsertOutcome>(`${PREFIX}/vectorstore/insert`, body),
  updateVectorStore: (body: {
    storeId: string;
    vectorStoreName: string;
    vectorStoreConfig: Record<string, unknown>;
  }) => api.post<unknown>(`${PREFIX}/vectorstore/update`, body),
  query: (body: { storeId: string; query: string; inputs?: Record<string, unknown> }) =>
    api.post<QueryAnswer>(`${PREFIX}/vectorstore/query`, body),
  deleteVectors: (storeId: string, docId?: string) =>
    api.delete<unknown>(`${PREFIX}/vectorstore/${part(storeId)}`, { query: { docId } }),

  /** The links of a site (crawled or read from its sitemap), for a web scraper's "Manage Links". */
  fetchLinks: (url: string, relativeLinksMethod: string, limit: string) =>
    api.get<{ status: string; links: string[] }>('/fetch-links', {
      query: { url, relativeLinksMethod, limit },
    }),
};
