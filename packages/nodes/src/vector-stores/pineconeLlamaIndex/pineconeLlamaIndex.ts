import { llamaIndexStoreNode } from '../llamaindex-store.js';
import { topKInput } from '../vector-store.js';
import {
  openPinecone,
  pinecone,
  PINECONE_FILTER_INPUT,
  PINECONE_LOCATION_INPUTS,
} from '../pinecone/pinecone.js';

/**
 * Pinecone for the LlamaIndex engines (Flowise's `pineconeLlamaIndex`): the same Pinecone adapter as
 * the Pinecone node (text under the `text` metadata key, Pinecone's own filter language).
 */
export const pineconeLlamaIndex = llamaIndexStoreNode({
  label: 'Pinecone',
  name: 'pineconeLlamaIndex',
  type: 'Pinecone',
  description:
    'Keeps embedded documents in a Pinecone index and finds the closest ones for the LlamaIndex engines',
  icon: pinecone.icon,
  credential: pinecone.definition.credential,
  inputs: [...PINECONE_LOCATION_INPUTS, PINECONE_FILTER_INPUT, topKInput()],
  open: openPinecone,
});
