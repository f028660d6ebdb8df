import { badgeIcon } from '../../utilities/icons.js';
import { topKInput, vectorStoreNode } from '../vector-store.js';

export const FAISS_UNAVAILABLE =
  "Faiss is not available in Flowloom (its native library cannot be installed here). Use the Embedded Vector Store instead: it keeps the vectors in Flowloom's own database with nothing else to install (or In-Memory Vector Store for a quick try)";

/**
 * Faiss, as Flowise names it, so flows that use it import and open; building it fails at once with a
 * message naming the alternatives (its native package downloads a binary at install).
 */
export const faiss = vectorStoreNode({
  label: 'Faiss',
  name: 'faiss',
  version: 1,
  type: 'Faiss',
  description: 'Not available in Flowloom: use the Embedded Vector Store',
  icon: badgeIcon('F', '#1877f2'),
  recordManager: false,
  vectorStoreClasses: ['FaissStore', 'SaveableVectorStore', 'VectorStore'],
  inputs: [
    {
      label: 'Base Path to load',
      name: 'basePath',
      type: 'string',
      description: 'Path to load faiss.index file',
      placeholder: 'C:\\Users\\User\\Desktop',
      optional: true,
    },
    topKInput(),
  ],
  open: () => Promise.reject(new Error(FAISS_UNAVAILABLE)),
});
