import type { AgentflowNodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition, updateStateParam } from '../common/params.js';
import { listRuntimeStateKeys, listStores } from '../common/load-methods.js';

export const DOCUMENT_STORES_UNAVAILABLE =
  'Document stores are not available yet in Flowloom, so the Retriever node cannot run';

/**
 * Retrieves from document stores (AGENTFLOW_V2.md §1.11). Flowloom has no document stores yet: the
 * node loads with its Flowise inputs so flows open and save, and fails with a clear error when run.
 */
export const retrieverAgentflow: AgentflowNodeType = {
  icon: badgeIcon('R', '#b8bedd', '#283593'),
  definition: agentflowDefinition({
    label: 'Retriever',
    name: 'retrieverAgentflow',
    version: 1.1,
    type: 'Retriever',
    color: '#b8bedd',
    description: 'Retrieve information from vector database',
    inputs: [
      {
        label: 'Knowledge (Document Stores)',
        name: 'retrieverKnowledgeDocumentStores',
        type: 'array',
        description:
          'Document stores to retrieve information from. Document stores must be upserted in advance.',
        array: [
          { label: 'Document Store', name: 'documentStore', type: 'asyncOptions', loadMethod: 'listStores' },
        ],
      },
      {
        label: 'Retriever Query',
        name: 'retrieverQuery',
        type: 'string',
        placeholder: 'Enter your query here',
        rows: 4,
        acceptVariable: true,
      },
      {
        label: 'Output Format',
        name: 'outputFormat',
        type: 'options',
        options: [
          { label: 'Text', name: 'text' },
          { label: 'Text with Metadata', name: 'textWithMetadata' },
        ],
        default: 'text',
      },
      updateStateParam('retrieverUpdateState'),
    ],
  }),
  loadMethods: { listStores, listRuntimeStateKeys },
  run: () => Promise.reject(new Error(DOCUMENT_STORES_UNAVAILABLE)),
};
