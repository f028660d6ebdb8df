import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { embeddedStore } from '../embeddedVectorStore/embeddedVectorStore.js';
import { llamaIndexStoreNode } from '../llamaindex-store.js';
import { resultCount, topKInput } from '../vector-store.js';

/** The longest Base Path, which names the collection. */
const MAX_BASE_PATH = 200;

/**
 * Flowise's SimpleStore, which keeps a LlamaIndex index in files under a local path. Flowloom keeps no
 * flow data in the server's file system: the vectors go to the embedded vector store (the app
 * database), in a collection named by the Base Path, so flows naming the same path share the index
 * as they would share the folder; without one the collection is the flow's own.
 */
export const simpleStoreLlamaIndex = llamaIndexStoreNode({
  label: 'SimpleStore',
  name: 'simpleStoreLlamaIndex',
  type: 'SimpleVectorStore',
  description:
    "Keeps embedded documents in Flowloom's own database and finds the closest ones for the LlamaIndex engines",
  icon: badgeIcon('SS', '#6d28d9'),
  inputs: [
    {
      label: 'Base Path to store',
      name: 'basePath',
      type: 'string',
      description:
        'Names where the index is kept: flows giving the same name share it. Empty: an index for this flow only',
      optional: true,
    },
    topKInput(false),
  ],
  open(ctx, embeddings) {
    const basePath = stringInput(ctx.inputs.basePath);
    if (basePath && basePath.length > MAX_BASE_PATH)
      return Promise.reject(new Error(`Base Path to store is longer than ${MAX_BASE_PATH} characters`));
    const collection = basePath ? `simplestore:${basePath}` : ctx.run.flowId;
    return Promise.resolve(embeddedStore(ctx, embeddings, collection, resultCount(ctx.inputs.topK)));
  },
});
