import type { LoadMethod } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { loaderIcon, loaderNode } from '../loader.js';

/** Stores whose chunks are ready (status SYNC); the option's name is the store id. */
const listStores: LoadMethod = async (ctx) =>
  (await ctx.services.listDocumentStores())
    .filter((store) => store.status === 'SYNC')
    .map((store) => ({
      label: store.name,
      name: store.id,
      ...(store.description && { description: store.description }),
    }));

export const documentStore = loaderNode({
  label: 'Document Store',
  name: 'documentStore',
  version: 1,
  description: 'Loads the chunks of a document store, as they were processed there',
  icon: loaderIcon('DS', '#5e35b1'),
  inputs: [{ label: 'Select Store', name: 'selectedStore', type: 'asyncOptions', loadMethod: 'listStores' }],
  splitter: false,
  metadata: false,
  loadMethods: { listStores },
  async load(ctx) {
    const id = stringInput(ctx.inputs.selectedStore);
    if (!id) throw new Error('Document Store: select a store');
    const stores = ctx.run.services.documentStores;
    const store = await stores.get(id);
    if (!store)
      throw new Error(
        `Document Store: the store ${id} does not exist (it may have been deleted); select another`,
      );
    const chunks = await stores.chunks(id);
    return chunks.map((chunk) => ({ pageContent: chunk.pageContent, metadata: chunk.metadata }));
  },
});
