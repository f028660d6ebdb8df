import { badgeIcon } from '../../utilities/icons.js';
import { llamaIndexStoreNode } from '../llamaindex-store.js';
import { topKInput } from '../vector-store.js';
import { openPinecone } from '../pinecone/pinecone.js';

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
  icon: badgeIcon('P', '#1c17ff'),
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['pineconeApi'],
  },
  inputs: [
    { label: 'Pinecone Index', name: 'pineconeIndex', type: 'string' },
    {
      label: 'Pinecone Namespace',
      name: 'pineconeNamespace',
      type: 'string',
      placeholder: 'my-first-namespace',
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Pinecone Metadata Filter',
      name: 'pineconeMetadataFilter',
      type: 'json',
      description: 'Pinecone filter, e.g. {"source": "a.pdf"} or {"page": {"$gte": 3}}',
      optional: true,
      additionalParams: true,
    },
    topKInput(),
  ],
  open: openPinecone,
});
