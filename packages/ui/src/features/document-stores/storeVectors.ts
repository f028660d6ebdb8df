import type { DocumentStore } from '@flowloom/shared';
import { documentStoresApi } from './documentStoresApi';

/** The embedded vector store: its vectors are found from the store's chunks, no record manager needed. */
export const EMBEDDED_VECTOR_STORE = 'embeddedVectorStore';

type Configs = Pick<DocumentStore, 'vectorStoreConfig' | 'embeddingConfig' | 'recordManagerConfig'>;

/**
 * Whether deleting from the store should first delete the matching vectors: only when the server
 * can find them, i.e. with a record manager, or in the embedded vector store (DOCUMENT_STORES.md §4.2).
 */
export function canDeleteVectors(store: Configs): boolean {
  if (!store.vectorStoreConfig?.name || !store.embeddingConfig?.name) return false;
  return !!store.recordManagerConfig?.name || store.vectorStoreConfig.name === EMBEDDED_VECTOR_STORE;
}

/** Deletes a store, its vectors first when they can be found. */
export async function deleteStoreWithVectors(store: DocumentStore & Configs): Promise<void> {
  if (canDeleteVectors(store)) await documentStoresApi.deleteVectors(store.id);
  await documentStoresApi.remove(store.id);
}

/** Deletes a loader of a store with its chunks, its vectors first when they can be found. */
export async function deleteLoaderWithVectors(
  store: DocumentStore,
  loaderId: string,
): Promise<DocumentStore> {
  if (canDeleteVectors(store)) await documentStoresApi.deleteVectors(store.id, loaderId);
  return documentStoresApi.deleteLoader(store.id, loaderId);
}

/** The delete warning of a store or loader (DOCUMENT_STORES.md §4.2, §4.8). */
export function deleteDescription(store: DocumentStore, loaderName?: string): string {
  const vectors = canDeleteVectors(store) ? ', and remove its data from the vector store' : '';
  return loaderName
    ? `Delete "${loaderName}"? This will delete all the associated document chunks from the document store${vectors}.`
    : `Delete Store ${store.name}? This will delete all the associated loaders and document chunks from the document store${vectors}.`;
}
