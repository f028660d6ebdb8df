/**
 * A workspace export file as Flowise 3.x writes it (FLOWISE_API.md §6.1): the web app's sanitised
 * sections in their key order, flows from real Flowise templates (pretty flowData text), and raw
 * message, feedback, chunk and execution rows with the columns Flowise's entities have (an
 * execution still carries its joined `agentflow`, as Flowise's export does).
 */
import { flowiseTemplate } from './flowise-templates.js';

export const flowiseBundleIds = {
  chatflow: '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a01',
  toolAgent: '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a02',
  multiAgent: '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a03',
  agentflow: '0b1e4c53-6d9a-4c8e-9f39-1b0d3f8f6a04',
  question: '5c7f0f7e-2f1d-4d7b-8f55-0a9e9c7d1b01',
  answer: '5c7f0f7e-2f1d-4d7b-8f55-0a9e9c7d1b02',
  execution: '9a4f3c2e-8d7b-4e6a-9c5d-3b2a1f0e9d01',
  store: 'e3d2c1b0-a9f8-4e7d-8c6b-5a4f3e2d1c01',
};

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const at = '2025-06-02T09:15:27.000Z';

export function flowiseBundle() {
  const ids = flowiseBundleIds;
  return {
    AgentFlow: [
      {
        id: ids.multiAgent,
        name: 'Multi Agents',
        flowData: pretty(flowiseTemplate('agentflows', 'Multi Agents')),
        type: 'MULTIAGENT',
      },
    ],
    AgentFlowV2: [
      {
        id: ids.agentflow,
        name: 'Translator',
        flowData: pretty(flowiseTemplate('agentflowsv2', 'Translator')),
        type: 'AGENTFLOW',
      },
    ],
    AssistantFlow: [],
    AssistantCustom: [],
    AssistantOpenAI: [],
    AssistantAzure: [],
    ChatFlow: [
      {
        id: ids.chatflow,
        name: 'LLM Chain',
        flowData: pretty(flowiseTemplate('chatflows', 'LLM Chain')),
        type: 'CHATFLOW',
      },
      {
        id: ids.toolAgent,
        name: 'Tool Agent',
        flowData: pretty(flowiseTemplate('chatflows', 'Tool Agent')),
        type: 'CHATFLOW',
      },
    ],
    ChatMessage: [
      {
        id: ids.question,
        role: 'userMessage',
        chatflowid: ids.chatflow,
        executionId: null,
        content: 'What is a llama?',
        sourceDocuments: null,
        usedTools: null,
        fileAnnotations: null,
        agentReasoning: null,
        fileUploads: null,
        artifacts: null,
        action: null,
        chatType: 'INTERNAL',
        chatId: 'b9b0f1a6-1c1e-4a55-8d0b-2d6f0f3f1a11',
        memoryType: null,
        sessionId: null,
        createdDate: at,
        leadEmail: null,
        followUpPrompts: null,
        reasonContent: null,
      },
      {
        id: ids.answer,
        role: 'apiMessage',
        chatflowid: ids.chatflow,
        executionId: null,
        content: 'A domesticated South American camelid.',
        sourceDocuments: null,
        usedTools: '[]',
        fileAnnotations: null,
        agentReasoning: null,
        fileUploads: null,
        artifacts: null,
        action: null,
        chatType: 'INTERNAL',
        chatId: 'b9b0f1a6-1c1e-4a55-8d0b-2d6f0f3f1a11',
        memoryType: null,
        sessionId: null,
        createdDate: '2025-06-02T09:15:29.000Z',
        leadEmail: null,
        followUpPrompts: null,
        reasonContent: null,
      },
      {
        // A message of a flow that is in neither the file nor the workspace: Flowise drops it.
        id: '5c7f0f7e-2f1d-4d7b-8f55-0a9e9c7d1b03',
        role: 'userMessage',
        chatflowid: 'ffffffff-0000-4000-8000-000000000000',
        content: 'orphan',
        chatType: 'EXTERNAL',
        chatId: 'x',
        createdDate: at,
      },
    ],
    ChatMessageFeedback: [
      {
        id: '7d6c5b4a-3f2e-4d1c-9b0a-8f7e6d5c4b01',
        chatflowid: ids.chatflow,
        chatId: 'b9b0f1a6-1c1e-4a55-8d0b-2d6f0f3f1a11',
        messageId: ids.answer,
        rating: 'THUMBS_DOWN',
        content: 'Too short',
        createdDate: at,
      },
    ],
    CustomTemplate: [
      {
        id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e001',
        name: 'My LLM Chain',
        flowData: JSON.stringify(flowiseTemplate('chatflows', 'LLM Chain')),
        description: 'Saved from a flow',
        badge: null,
        framework: 'Langchain',
        usecases: '["Basic"]',
        type: 'Chatflow',
        createdDate: at,
        updatedDate: at,
      },
      {
        id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e002',
        name: 'Clock tool',
        flowData: '{"iconSrc":null,"schema":"[]","func":"return new Date().toISOString();"}',
        description: 'Tells the time',
        badge: null,
        framework: null,
        usecases: '[]',
        type: 'Tool',
        iconSrc: null,
        schema: '[]',
        func: 'return new Date().toISOString();',
        createdDate: at,
        updatedDate: at,
      },
    ],
    DocumentStore: [
      {
        id: ids.store,
        name: 'Docs',
        description: 'Product docs',
        loaders: '[]',
        whereUsed: '[]',
        status: 'SYNC',
        vectorStoreConfig: null,
        embeddingConfig: null,
        recordManagerConfig: null,
        createdDate: at,
        updatedDate: at,
      },
    ],
    DocumentStoreFileChunk: [
      {
        id: 'c0c1c2c3-c4c5-4c6c-8c7c-c8c9cacbcc01',
        docId: 'd0d1d2d3-d4d5-4d6d-8d7d-d8d9dadbdc01',
        storeId: ids.store,
        chunkNo: 1,
        pageContent: 'Flowloom reads Flowise files.',
        metadata: '{"source":"docs.txt"}',
      },
    ],
    Execution: [
      {
        id: ids.execution,
        executionData: pretty([
          { nodeId: 'startAgentflow_0', nodeLabel: 'Start', data: {}, status: 'FINISHED' },
        ]),
        state: 'FINISHED',
        agentflowId: ids.agentflow,
        sessionId: 'c1a2b3d4-0000-4000-8000-000000000001',
        action: null,
        isPublic: false,
        createdDate: at,
        updatedDate: at,
        stoppedDate: null,
        agentflow: { id: ids.agentflow, name: 'Translator', type: 'AGENTFLOW' },
      },
    ],
    Tool: [
      {
        id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c01',
        name: 'get_time',
        description: 'Current time',
        color: 'linear-gradient(rgb(24,94,221), rgb(183,96,219))',
        iconSrc: null,
        schema: '[]',
        func: 'return new Date().toISOString();',
      },
    ],
    Variable: [{ id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d01', name: 'apiBase', value: '', type: 'runtime' }],
  };
}
