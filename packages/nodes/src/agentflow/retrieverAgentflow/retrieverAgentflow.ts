import { applyStateUpdates, type AgentflowNodeType } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { plainText, rowsInput, textInput } from '../common/values.js';
import { storeChoice } from '../common/knowledge.js';
import { openDocumentStore } from '../../vector-stores/documentStoreVS/documentStoreVS.js';
import { retrieverOf } from '../../vector-stores/vector-store.js';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition, updateStateParam } from '../common/params.js';
import { listRuntimeStateKeys, listStores } from '../common/load-methods.js';

/**
 * Retrieves from upserted document stores (AGENTFLOW_V2.md §1.11): the query (the user's input when
 * empty) is searched in every store chosen, and the documents found are the node's output, as text
 * or as JSON with their metadata. Unlike Flowise, which keeps only the last store's results, the
 * results of all the stores are given, in the order of the stores.
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
  async run(ctx) {
    const { inputs } = ctx;
    const query = textInput(plainText(inputs.retrieverQuery)).trim() || ctx.input;
    const stores = rowsInput<{ documentStore?: unknown }>(inputs.retrieverKnowledgeDocumentStores)
      .map((row) => storeChoice(row.documentStore))
      .filter((choice) => choice !== undefined);
    if (stores.length === 0)
      throw new Error('Choose at least one document store under Knowledge (Document Stores)');
    const documents: SourceDocument[] = [];
    for (const choice of stores) {
      const store = await openDocumentStore(ctx.run, choice.id);
      documents.push(...(await retrieverOf(store, { k: store.k }).retrieve(query)));
    }
    const content =
      textInput(inputs.outputFormat) === 'textWithMetadata'
        ? JSON.stringify(documents, null, 2)
        : documents.map((doc) => doc.pageContent).join('\n');
    if (ctx.isLastNode && content) ctx.run.emit('token', content);
    return {
      id: ctx.node.id,
      name: 'retrieverAgentflow',
      input: { question: query },
      output: { content, ...(documents.length > 0 && { sourceDocuments: documents }) },
      state: applyStateUpdates(ctx.state, inputs.retrieverUpdateState, content),
    };
  },
};
