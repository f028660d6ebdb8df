// Writes Flowloom's own marketplace templates (packages/server/marketplaces/*) in Flowise's template
// file format (compat/SHARING.md §1.1). Nodes are built from the server's node definitions with the
// canvas's own node and edge code, so a template opens on the canvas exactly as a flow drawn there.
// Run: `npx tsx scripts/marketplace-templates.mjs && npx prettier --write packages/server/marketplaces`.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAgentflowRegistry, createNodeRegistry } from '@flowloom/nodes';
import { checkConnection, connectNodes } from '../packages/ui/src/features/canvas/document/connect.ts';
import { createNode } from '../packages/ui/src/features/canvas/document/createNode.ts';
import { documentToFlowData } from '../packages/ui/src/features/canvas/document/flowFile.ts';
import { inputHandleId } from '../packages/ui/src/features/canvas/document/handles.ts';
import { componentConfigFor } from '../packages/ui/src/features/agentcanvas/componentConfig/componentChoices.ts';
import { connectAgentNodes } from '../packages/ui/src/features/agentcanvas/document/connect.ts';
import {
  createAgentNodeData,
  rendererOf,
} from '../packages/ui/src/features/agentcanvas/document/createAgentNode.ts';
import { agentDocumentToFlowData } from '../packages/ui/src/features/agentcanvas/document/flowFile.ts';
import { outputAnchorsOf } from '../packages/ui/src/features/agentcanvas/document/handles.ts';

const OUT = new URL('../packages/server/marketplaces/', import.meta.url).pathname;
const describe = (type) => ({ ...type.definition, icon: `/api/v1/node-icon/${type.definition.name}` });
const chatNodes = new Map([...createNodeRegistry().values()].map((t) => [t.definition.name, describe(t)]));
const agentNodes = new Map(
  [...createAgentflowRegistry().values(), ...createNodeRegistry().values()].map((t) => [
    t.definition.name,
    describe(t),
  ]),
);

// ---------------------------------------------------------------------------------------------
// Chatflows

/**
 * A chatflow from `nodes` ([id, type name, x, y, inputs?, chosen output?]) and `wires`
 * ([source id, target id, target input name, source output?]).
 */
function chatflow(nodes, wires) {
  let doc = { nodes: [], edges: [] };
  for (const [id, name, x, y, inputs = {}, output] of nodes) {
    const definition = chatNodes.get(name);
    if (!definition) throw new Error(`No chatflow node ${name}`);
    const node = createNode(definition, id, { x, y });
    node.data.inputs = { ...node.data.inputs, ...inputs };
    if (output) node.data.outputs = { ...node.data.outputs, output };
    doc.nodes.push(node);
  }
  for (const [sourceId, targetId, inputName, output] of wires) {
    const source = doc.nodes.find((n) => n.id === sourceId);
    const target = doc.nodes.find((n) => n.id === targetId);
    if (!source || !target) throw new Error(`Wire ${sourceId} → ${targetId}: unknown node`);
    // A node with several output anchors (IfElse Function's True and False) is wired by output name.
    const anchor =
      (output && source.data.outputAnchors.find((a) => a.name === output)) ?? source.data.outputAnchors[0];
    const option = anchor.options
      ? (anchor.options.find((o) => o.name === (output ?? source.data.outputs.output)) ?? anchor.options[0])
      : anchor;
    const input =
      target.data.inputAnchors.find((a) => a.name === inputName) ??
      target.data.inputParams.find((p) => p.name === inputName);
    if (!input) throw new Error(`${targetId} has no input ${inputName}`);
    const connection = {
      source: sourceId,
      sourceHandle: option.id,
      target: targetId,
      targetHandle: input.id ?? inputHandleId(targetId, input),
    };
    const decision = checkConnection(doc, connection);
    if (!decision.ok) throw new Error(`${sourceId} → ${targetId}.${inputName}: ${decision.reason}`);
    doc = connectNodes(doc, connection);
  }
  for (const node of doc.nodes) Object.assign(node, { width: 300, height: 500 });
  return documentToFlowData(doc);
}

const openAi = (id = 'chatOpenAI_0', x = 80, y = 80, temperature = 0.7) => [
  id,
  'chatOpenAI',
  x,
  y,
  { modelName: 'gpt-4o-mini', temperature },
];

const CHATFLOWS = {
  'Everyday Assistant': {
    description:
      'A general helper that keeps the whole conversation in memory, so follow-up questions just work.',
    usecases: ['Basic'],
    badge: 'POPULAR',
    flow: () =>
      chatflow(
        [
          openAi(),
          ['bufferMemory_0', 'bufferMemory', 80, 640],
          [
            'conversationChain_0',
            'conversationChain',
            480,
            300,
            {
              systemMessagePrompt:
                'You are a cheerful, practical assistant. Keep answers short and offer one next step when it helps.',
            },
          ],
        ],
        [
          ['chatOpenAI_0', 'conversationChain_0', 'model'],
          ['bufferMemory_0', 'conversationChain_0', 'memory'],
        ],
      ),
  },
  'Short Memory Chat With Claude': {
    description:
      'Chat with an Anthropic model that only remembers the last few exchanges, which keeps long sessions cheap.',
    usecases: ['Basic'],
    flow: () =>
      chatflow(
        [
          [
            'chatAnthropic_0',
            'chatAnthropic',
            80,
            80,
            { modelName: 'claude-3-5-haiku-latest', temperature: 0.5 },
          ],
          ['bufferWindowMemory_0', 'bufferWindowMemory', 80, 640, { k: 4 }],
          ['conversationChain_0', 'conversationChain', 480, 300],
        ],
        [
          ['chatAnthropic_0', 'conversationChain_0', 'model'],
          ['bufferWindowMemory_0', 'conversationChain_0', 'memory'],
        ],
      ),
  },
  'Business Name Ideas': {
    description: 'Describe what a business does and get three short, catchy names for it.',
    usecases: ['Basic'],
    badge: 'NEW',
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 1),
          [
            'promptTemplate_0',
            'promptTemplate',
            80,
            640,
            {
              template:
                'Invent three short, memorable names for a business that {question}. Reply with the names only, one per line.',
            },
          ],
          ['llmChain_0', 'llmChain', 480, 300, {}, 'llmChain'],
        ],
        [
          ['chatOpenAI_0', 'llmChain_0', 'model'],
          ['promptTemplate_0', 'llmChain_0', 'prompt'],
        ],
      ),
  },
  'Courteous Email Reply': {
    description: 'Paste an e-mail you received and get a friendly, concise reply ready to send.',
    usecases: ['Basic', 'Customer Support'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0.4),
          [
            'chatPromptTemplate_0',
            'chatPromptTemplate',
            80,
            640,
            {
              systemMessagePrompt:
                'You write replies to e-mails. Be warm and brief, answer every question the sender asked, and sign off as "The Team".',
              humanMessagePrompt: 'E-mail received:\n{question}',
            },
          ],
          ['llmChain_0', 'llmChain', 480, 300, {}, 'llmChain'],
        ],
        [
          ['chatOpenAI_0', 'llmChain_0', 'model'],
          ['chatPromptTemplate_0', 'llmChain_0', 'prompt'],
        ],
      ),
  },
  'Summarise Then Translate': {
    description:
      'Two chained prompts: the first condenses a text to two sentences, the second turns that summary into Spanish.',
    usecases: ['Basic'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0.2),
          [
            'promptTemplate_0',
            'promptTemplate',
            80,
            640,
            {
              template: 'Condense the following text into two plain sentences:\n{text}',
              promptValues: '{"text":"{{question}}"}',
            },
          ],
          ['llmChain_0', 'llmChain', 480, 300, { chainName: 'Summary' }, 'outputPrediction'],
          openAi('chatOpenAI_1', 880, 80, 0.2),
          [
            'promptTemplate_1',
            'promptTemplate',
            880,
            640,
            {
              template: 'Translate this summary into Spanish:\n{summary}',
              promptValues: '{"summary":"{{llmChain_0.data.instance}}"}',
            },
          ],
          ['llmChain_1', 'llmChain', 1280, 300, { chainName: 'Translation' }, 'llmChain'],
        ],
        [
          ['chatOpenAI_0', 'llmChain_0', 'model'],
          ['promptTemplate_0', 'llmChain_0', 'prompt'],
          ['llmChain_0', 'promptTemplate_1', 'promptValues', 'outputPrediction'],
          ['chatOpenAI_1', 'llmChain_1', 'model'],
          ['promptTemplate_1', 'llmChain_1', 'prompt'],
        ],
      ),
  },
  'Keyword Lister': {
    description: 'Pulls the key terms out of any text and returns them as a list.',
    usecases: ['Extraction'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0),
          [
            'promptTemplate_0',
            'promptTemplate',
            80,
            640,
            { template: 'List the five most important keywords of this text:\n{question}' },
          ],
          ['csvOutputParser_0', 'csvOutputParser', 880, 640],
          ['llmChain_0', 'llmChain', 480, 300, {}, 'llmChain'],
        ],
        [
          ['chatOpenAI_0', 'llmChain_0', 'model'],
          ['promptTemplate_0', 'llmChain_0', 'prompt'],
          ['csvOutputParser_0', 'llmChain_0', 'outputParser'],
        ],
      ),
  },
  'Contact Card Extractor': {
    description:
      'Reads a signature block or a message and returns the person’s name, e-mail and company as JSON.',
    usecases: ['Extraction'],
    badge: 'NEW',
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0),
          [
            'promptTemplate_0',
            'promptTemplate',
            80,
            640,
            { template: 'Find the contact details in this text:\n{question}' },
          ],
          [
            'structuredOutputParser_0',
            'structuredOutputParser',
            880,
            640,
            {
              jsonStructure: [
                { property: 'name', type: 'string', description: 'full name of the person' },
                { property: 'email', type: 'string', description: 'e-mail address, empty when none' },
                { property: 'company', type: 'string', description: 'organisation, empty when none' },
              ],
            },
          ],
          ['llmChain_0', 'llmChain', 480, 300, {}, 'llmChain'],
        ],
        [
          ['chatOpenAI_0', 'llmChain_0', 'model'],
          ['promptTemplate_0', 'llmChain_0', 'prompt'],
          ['structuredOutputParser_0', 'llmChain_0', 'outputParser'],
        ],
      ),
  },
  'Moderated Help Desk': {
    description:
      'A support chat that refuses messages containing words from a deny list before they reach the model.',
    usecases: ['Customer Support'],
    flow: () =>
      chatflow(
        [
          openAi(),
          ['bufferMemory_0', 'bufferMemory', 80, 640],
          [
            'inputModerationSimple_0',
            'inputModerationSimple',
            880,
            640,
            {
              denyList: 'password\ncredit card number\nsocial security',
              moderationErrorMessage: 'Please do not share sensitive details here.',
            },
          ],
          [
            'conversationChain_0',
            'conversationChain',
            480,
            300,
            {
              systemMessagePrompt:
                'You are the help desk of a software company. Answer politely and ask for details when a problem is unclear.',
            },
          ],
        ],
        [
          ['chatOpenAI_0', 'conversationChain_0', 'model'],
          ['bufferMemory_0', 'conversationChain_0', 'memory'],
          ['inputModerationSimple_0', 'conversationChain_0', 'inputModeration'],
        ],
      ),
  },
  'Maths and Clock Agent': {
    description:
      'An agent that picks a calculator or the current date and time whenever a question needs them.',
    usecases: ['Agent'],
    badge: 'POPULAR',
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0),
          ['calculator_0', 'calculator', 80, 640],
          ['currentDateTime_0', 'currentDateTime', 80, 840],
          ['bufferMemory_0', 'bufferMemory', 880, 640],
          [
            'toolAgent_0',
            'toolAgent',
            480,
            300,
            { systemMessage: 'You are a precise assistant. Use a tool for any arithmetic or date question.' },
          ],
        ],
        [
          ['calculator_0', 'toolAgent_0', 'tools'],
          ['currentDateTime_0', 'toolAgent_0', 'tools'],
          ['bufferMemory_0', 'toolAgent_0', 'memory'],
          ['chatOpenAI_0', 'toolAgent_0', 'model'],
        ],
      ),
  },
  'Web Request Agent': {
    description:
      'An agent that can call a JSON web API with GET and POST requests. Set the URLs to the service you want it to use.',
    usecases: ['Agent', 'Interacting with API'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0),
          [
            'requestsGet_0',
            'requestsGet',
            80,
            640,
            {
              requestsGetUrl: 'https://api.example.com/items',
              requestsGetDescription: 'Reads the list of items from the service.',
            },
          ],
          [
            'requestsPost_0',
            'requestsPost',
            80,
            1040,
            {
              requestsPostUrl: 'https://api.example.com/items',
              requestsPostDescription: 'Creates an item; send its fields as the JSON body.',
            },
          ],
          ['bufferMemory_0', 'bufferMemory', 880, 640],
          ['toolAgent_0', 'toolAgent', 480, 300],
        ],
        [
          ['requestsGet_0', 'toolAgent_0', 'tools'],
          ['requestsPost_0', 'toolAgent_0', 'tools'],
          ['bufferMemory_0', 'toolAgent_0', 'memory'],
          ['chatOpenAI_0', 'toolAgent_0', 'model'],
        ],
      ),
  },
  'Document Store Chat': {
    description:
      'Ask questions about a document store of this workspace; answers come with their sources. Pick the store on the Document Store node.',
    usecases: ['Documents QnA'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0.2),
          ['documentStoreVS_0', 'documentStoreVS', 80, 640, {}, 'retriever'],
          ['bufferMemory_0', 'bufferMemory', 880, 640],
          [
            'conversationalRetrievalQAChain_0',
            'conversationalRetrievalQAChain',
            480,
            300,
            { returnSourceDocuments: true },
          ],
        ],
        [
          ['chatOpenAI_0', 'conversationalRetrievalQAChain_0', 'model'],
          ['documentStoreVS_0', 'conversationalRetrievalQAChain_0', 'vectorStoreRetriever', 'retriever'],
          ['bufferMemory_0', 'conversationalRetrievalQAChain_0', 'memory'],
        ],
      ),
  },
  'Answer From Pasted Text': {
    description:
      'Paste reference text into the Plain Text node; it is split, embedded in memory and used to answer questions about it.',
    usecases: ['Documents QnA'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 80, 80, 0),
          [
            'plainText_0',
            'plainText',
            80,
            640,
            {
              text: 'Opening hours: the shop opens at 9am and closes at 6pm from Monday to Saturday. It is closed on Sundays.\n\nReturns: items can be returned within 30 days with a receipt.',
            },
          ],
          [
            'recursiveCharacterTextSplitter_0',
            'recursiveCharacterTextSplitter',
            80,
            1100,
            { chunkSize: 200, chunkOverlap: 20 },
          ],
          ['openAIEmbeddings_0', 'openAIEmbeddings', 480, 900, { modelName: 'text-embedding-3-small' }],
          ['memoryVectorStore_0', 'memoryVectorStore', 880, 640, { topK: 2 }, 'retriever'],
          ['retrievalQAChain_0', 'retrievalQAChain', 1280, 300],
        ],
        [
          ['recursiveCharacterTextSplitter_0', 'plainText_0', 'textSplitter'],
          ['plainText_0', 'memoryVectorStore_0', 'document'],
          ['openAIEmbeddings_0', 'memoryVectorStore_0', 'embeddings'],
          ['chatOpenAI_0', 'retrievalQAChain_0', 'model'],
          ['memoryVectorStore_0', 'retrievalQAChain_0', 'vectorStoreRetriever', 'retriever'],
        ],
      ),
  },
  'Route By Topic': {
    description:
      'An IfElse Function sends billing questions to a careful billing prompt and everything else to a friendly general one; only the chosen branch runs.',
    usecases: ['Customer Support'],
    badge: 'NEW',
    flow: () =>
      chatflow(
        [
          [
            'ifElseFunction_0',
            'ifElseFunction',
            80,
            80,
            {
              functionInputVariables: '{"asked":"{{question}}"}',
              functionName: 'Is it about money?',
              ifFunction: "if (/refund|invoice|charge|bill/i.test($asked)) {\n  return 'billing';\n}",
              elseFunction: "return 'general';",
            },
          ],
          openAi('chatOpenAI_0', 480, 700, 0.2),
          [
            'promptTemplate_0',
            'promptTemplate',
            480,
            80,
            {
              template:
                'You look after {team} questions for a bike shop. Be precise about amounts and dates, and say what happens next.\nQuestion: {question}',
              promptValues: '{"team":"{{ifElseFunction_0.data.instance}}","question":"{{question}}"}',
            },
          ],
          ['llmChain_0', 'llmChain', 880, 80, { chainName: 'Billing' }, 'llmChain'],
          openAi('chatOpenAI_1', 880, 700, 0.8),
          [
            'promptTemplate_1',
            'promptTemplate',
            480,
            400,
            {
              template:
                'You answer {team} questions for a bike shop in a friendly, short way.\nQuestion: {question}',
              promptValues: '{"team":"{{ifElseFunction_0.data.instance}}","question":"{{question}}"}',
            },
          ],
          ['llmChain_1', 'llmChain', 1280, 400, { chainName: 'General' }, 'llmChain'],
        ],
        [
          ['ifElseFunction_0', 'promptTemplate_0', 'promptValues', 'returnTrue'],
          ['ifElseFunction_0', 'promptTemplate_1', 'promptValues', 'returnFalse'],
          ['chatOpenAI_0', 'llmChain_0', 'model'],
          ['promptTemplate_0', 'llmChain_0', 'prompt'],
          ['chatOpenAI_1', 'llmChain_1', 'model'],
          ['promptTemplate_1', 'llmChain_1', 'prompt'],
        ],
      ),
  },
  'Chat Engine With Memory': {
    description:
      'A LlamaIndex Simple Chat Engine: a chat model with a system message and a memory of the conversation.',
    usecases: ['Basic'],
    framework: ['LlamaIndex'],
    flow: () =>
      chatflow(
        [
          [
            'chatOpenAI_LlamaIndex_0',
            'chatOpenAI_LlamaIndex',
            80,
            80,
            { modelName: 'gpt-4o-mini', temperature: 0.6 },
          ],
          ['bufferMemory_0', 'bufferMemory', 80, 640],
          [
            'simpleChatEngine_0',
            'simpleChatEngine',
            480,
            300,
            {
              systemMessagePrompt:
                'You are a patient tutor. Explain with one small example and ask a question back.',
            },
          ],
        ],
        [
          ['chatOpenAI_LlamaIndex_0', 'simpleChatEngine_0', 'model'],
          ['bufferMemory_0', 'simpleChatEngine_0', 'memory'],
        ],
      ),
  },
  'Ask An OpenAI Assistant': {
    description:
      'Chat with an assistant kept by OpenAI (add it on Assistants → OpenAI Assistant, then pick it on the node); the calculator runs as one of its functions.',
    usecases: ['Agent'],
    flow: () =>
      chatflow(
        [
          ['calculator_0', 'calculator', 80, 80],
          ['openAIAssistant_0', 'openAIAssistant', 480, 80],
        ],
        [['calculator_0', 'openAIAssistant_0', 'tools']],
      ),
  },
};

// ---------------------------------------------------------------------------------------------
// Agentflows (v2)

/** An agentflow from `nodes` ([id, type name, label, x, y, inputs?]) and `wires` ([source, target, output index?]). */
function agentflow(nodes, wires) {
  let doc = { nodes: [], edges: [] };
  for (const [id, name, label, x, y, inputs = {}] of nodes) {
    const definition = agentNodes.get(name);
    if (!definition) throw new Error(`No agentflow node ${name}`);
    const data = createAgentNodeData(definition, id, label);
    data.inputs = { ...data.inputs, ...inputs };
    data.outputAnchors = outputAnchorsOf(data);
    doc.nodes.push({ id, type: rendererOf(name), position: { x, y }, data });
  }
  for (const [sourceId, targetId, index] of wires) {
    const source = doc.nodes.find((n) => n.id === sourceId);
    const anchor = index === undefined ? source.data.outputAnchors[0] : source.data.outputAnchors[index];
    if (!anchor) throw new Error(`${sourceId} has no output ${index}`);
    const before = doc.edges.length;
    doc = connectAgentNodes(doc, {
      source: sourceId,
      sourceHandle: anchor.id,
      target: targetId,
      targetHandle: targetId,
    });
    if (doc.edges.length === before) throw new Error(`${sourceId} → ${targetId} refused`);
  }
  for (const node of doc.nodes) Object.assign(node, { width: 200, height: 70 });
  return agentDocumentToFlowData(doc);
}

/** Model choice of a v2 node (`<param>` and `<param>Config`), ChatOpenAI gpt-4o-mini. */
function model(param, temperature = 0.7) {
  const definition = agentNodes.get('chatOpenAI');
  return {
    [param]: 'chatOpenAI',
    [`${param}Config`]: { ...componentConfigFor(param, definition), modelName: 'gpt-4o-mini', temperature },
  };
}
const mention = (id, label = id) =>
  `<span class="variable" data-type="mention" data-id="${id}" data-label="${label}">{{ ${id} }}</span>`;
const paragraph = (text) => `<p>${text}</p>`;
const start = (x = 0, y = 100, inputs = {}) => [
  'startAgentflow_0',
  'startAgentflow',
  'Start',
  x,
  y,
  { startInputType: 'chatInput', ...inputs },
];
const tool = (name) => ({ agentSelectedTool: name, agentSelectedToolConfig: { agentSelectedTool: name } });

const AGENTFLOWS = {
  'Quick Answer': {
    description: 'The smallest agentflow: a Start node and one LLM that answers in plain language.',
    usecases: ['Basic'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'llmAgentflow_0',
            'llmAgentflow',
            'Answer',
            260,
            100,
            {
              ...model('llmModel'),
              llmMessages: [
                { role: 'system', content: paragraph('Answer clearly in at most three sentences.') },
              ],
            },
          ],
        ],
        [['startAgentflow_0', 'llmAgentflow_0']],
      ),
  },
  'Agent With Everyday Tools': {
    description: 'An agent with a calculator and a clock; it decides on its own when to use them.',
    usecases: ['Agent'],
    badge: 'POPULAR',
    flow: () =>
      agentflow(
        [
          start(),
          [
            'agentAgentflow_0',
            'agentAgentflow',
            'Helper Agent',
            260,
            100,
            {
              ...model('agentModel', 0),
              agentMessages: [
                {
                  role: 'system',
                  content: paragraph('You help with sums and dates. Use your tools instead of guessing.'),
                },
              ],
              agentTools: [tool('calculator'), tool('currentDateTime')],
            },
          ],
        ],
        [['startAgentflow_0', 'agentAgentflow_0']],
      ),
  },
  'Support Triage': {
    description:
      'A condition agent sorts each message into billing or general questions and hands it to the matching specialist.',
    usecases: ['Customer Support'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'conditionAgentAgentflow_0',
            'conditionAgentAgentflow',
            'Sort Request',
            260,
            100,
            {
              ...model('conditionAgentModel', 0),
              conditionAgentInstructions:
                'Decide whether the customer asks about invoices, payments or refunds.',
              conditionAgentScenarios: [
                { scenario: 'Billing, payment or refund question' },
                { scenario: 'Any other question' },
              ],
            },
          ],
          [
            'llmAgentflow_0',
            'llmAgentflow',
            'Billing Specialist',
            560,
            20,
            {
              ...model('llmModel'),
              llmMessages: [
                {
                  role: 'system',
                  content: paragraph('You handle billing. Explain charges and refund steps plainly.'),
                },
              ],
            },
          ],
          [
            'llmAgentflow_1',
            'llmAgentflow',
            'General Support',
            560,
            200,
            {
              ...model('llmModel'),
              llmMessages: [
                {
                  role: 'system',
                  content: paragraph('You answer general product questions in a friendly tone.'),
                },
              ],
            },
          ],
        ],
        [
          ['startAgentflow_0', 'conditionAgentAgentflow_0'],
          ['conditionAgentAgentflow_0', 'llmAgentflow_0', 0],
          ['conditionAgentAgentflow_0', 'llmAgentflow_1', 1],
        ],
      ),
  },
  'Draft For Approval': {
    description:
      'An LLM drafts a reply, then the flow stops and waits for a person to approve or reject it before it is sent back.',
    usecases: ['Human In Loop'],
    badge: 'NEW',
    flow: () =>
      agentflow(
        [
          start(),
          [
            'llmAgentflow_0',
            'llmAgentflow',
            'Write Draft',
            260,
            100,
            {
              ...model('llmModel'),
              llmMessages: [
                {
                  role: 'system',
                  content: paragraph('Draft a short announcement about the topic you are given.'),
                },
              ],
            },
          ],
          [
            'humanInputAgentflow_0',
            'humanInputAgentflow',
            'Review Draft',
            520,
            100,
            { humanInputDescriptionType: 'fixed', humanInputDescription: paragraph('Publish this draft?') },
          ],
          [
            'directReplyAgentflow_0',
            'directReplyAgentflow',
            'Published',
            800,
            20,
            { directReplyMessage: paragraph(`Approved: ${mention('llmAgentflow_0')}`) },
          ],
          [
            'directReplyAgentflow_1',
            'directReplyAgentflow',
            'Discarded',
            800,
            200,
            { directReplyMessage: paragraph('The draft was rejected and nothing was published.') },
          ],
        ],
        [
          ['startAgentflow_0', 'llmAgentflow_0'],
          ['llmAgentflow_0', 'humanInputAgentflow_0'],
          ['humanInputAgentflow_0', 'directReplyAgentflow_0', 0],
          ['humanInputAgentflow_0', 'directReplyAgentflow_1', 1],
        ],
      ),
  },
  'Text Statistics': {
    description:
      'No model needed: a sandboxed JavaScript function counts the words and characters of the message.',
    usecases: ['Basic'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'customFunctionAgentflow_0',
            'customFunctionAgentflow',
            'Count',
            260,
            100,
            {
              customFunctionJavascriptFunction: [
                'const text = String($input ?? "").trim();',
                'const words = text ? text.split(/\\s+/).length : 0;',
                'return `${words} words, ${text.length} characters`;',
              ].join('\n'),
            },
          ],
        ],
        [['startAgentflow_0', 'customFunctionAgentflow_0']],
      ),
  },
  'Question Or Statement': {
    description:
      'A condition node checks whether the message contains a question mark and replies differently in each case.',
    usecases: ['Basic'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'conditionAgentflow_0',
            'conditionAgentflow',
            'Is It A Question',
            260,
            100,
            {
              conditions: [
                {
                  type: 'string',
                  value1: paragraph(mention('question')),
                  operation: 'contains',
                  value2: '?',
                },
              ],
            },
          ],
          [
            'directReplyAgentflow_0',
            'directReplyAgentflow',
            'Question Reply',
            540,
            20,
            { directReplyMessage: paragraph('Good question! Someone will answer it shortly.') },
          ],
          [
            'directReplyAgentflow_1',
            'directReplyAgentflow',
            'Statement Reply',
            540,
            200,
            { directReplyMessage: paragraph('Thanks, noted.') },
          ],
        ],
        [
          ['startAgentflow_0', 'conditionAgentflow_0'],
          ['conditionAgentflow_0', 'directReplyAgentflow_0', 0],
          ['conditionAgentflow_0', 'directReplyAgentflow_1', 1],
        ],
      ),
  },
  'Writer And Editor': {
    description: 'One LLM writes a paragraph, a second one edits it for clarity and length.',
    usecases: ['Reflective Agent'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'llmAgentflow_0',
            'llmAgentflow',
            'Writer',
            260,
            100,
            {
              ...model('llmModel', 0.9),
              llmMessages: [
                { role: 'system', content: paragraph('Write one vivid paragraph on the topic.') },
              ],
            },
          ],
          [
            'llmAgentflow_1',
            'llmAgentflow',
            'Editor',
            520,
            100,
            {
              ...model('llmModel', 0.2),
              llmEnableMemory: false,
              llmMessages: [
                {
                  role: 'system',
                  content: paragraph('You are an editor. Tighten the text and fix any errors.'),
                },
                {
                  role: 'user',
                  content: paragraph(`Edit this paragraph:</p><p>${mention('llmAgentflow_0')}`),
                },
              ],
            },
          ],
        ],
        [
          ['startAgentflow_0', 'llmAgentflow_0'],
          ['llmAgentflow_0', 'llmAgentflow_1'],
        ],
      ),
  },
  'Structured Answer': {
    description:
      'The LLM answers as JSON with the answer and a confidence score, ready for another program to read.',
    usecases: ['Extraction'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'llmAgentflow_0',
            'llmAgentflow',
            'Answer As JSON',
            260,
            100,
            {
              ...model('llmModel', 0),
              llmStructuredOutput: [
                { key: 'answer', type: 'string', enumValues: '', jsonSchema: '', description: 'the answer' },
                {
                  key: 'confidence',
                  type: 'number',
                  enumValues: '',
                  jsonSchema: '',
                  description: 'how sure the answer is, from 0 to 1',
                },
              ],
            },
          ],
        ],
        [['startAgentflow_0', 'llmAgentflow_0']],
      ),
  },
  'Call A Web Service': {
    description:
      'Fetches data from an HTTP endpoint and lets an LLM explain the response. Point the HTTP node at your own service.',
    usecases: ['Interacting with API'],
    flow: () =>
      agentflow(
        [
          start(),
          [
            'httpAgentflow_0',
            'httpAgentflow',
            'Fetch Data',
            260,
            100,
            { method: 'GET', url: 'https://api.example.com/status', responseType: 'json' },
          ],
          [
            'llmAgentflow_0',
            'llmAgentflow',
            'Explain',
            520,
            100,
            {
              ...model('llmModel', 0.3),
              llmMessages: [
                {
                  role: 'system',
                  content: paragraph(
                    `Explain this service response to the user:</p><p>${mention('httpAgentflow_0')}`,
                  ),
                },
              ],
            },
          ],
        ],
        [
          ['startAgentflow_0', 'httpAgentflow_0'],
          ['httpAgentflow_0', 'llmAgentflow_0'],
        ],
      ),
  },
};

// ---------------------------------------------------------------------------------------------
// Agentflows (v1): Sequential Agents and supervisor teams, drawn as chatflow nodes

const AGENT_GRAPHS = {
  'Draft And Critique Loop': {
    description:
      'A writer drafts, a critic answers with suggestions, and the writer revises, twice, before the final draft is returned. Remembers the thread between messages.',
    usecases: ['Agent'],
    badge: 'NEW',
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 0, 80, 0.7),
          ['agentMemory_0', 'agentMemory', 0, 640],
          ['seqStart_0', 'seqStart', 400, 300],
          [
            'seqLLMNode_0',
            'seqLLMNode',
            800,
            300,
            {
              llmNodeName: 'Writer',
              systemMessagePrompt:
                'You write clear, well structured short texts for the request. When a critique follows your draft, write a better version that answers every point.',
            },
          ],
          [
            'seqCondition_0',
            'seqCondition',
            1200,
            300,
            {
              conditionName: 'Another round?',
              selectedConditionFunctionTab_seqCondition_0: 'conditionUI',
              conditionUI: JSON.stringify([
                {
                  variable: '$flow.state.messages.length',
                  operation: 'Less Than or Equal To',
                  value: '4',
                  output: 'Next',
                },
              ]),
            },
          ],
          [
            'seqLLMNode_1',
            'seqLLMNode',
            1600,
            200,
            {
              llmNodeName: 'Critic',
              systemMessagePrompt:
                'You review the latest draft. List at most three concrete improvements; do not rewrite it yourself.',
            },
          ],
          ['seqLoop_0', 'seqLoop', 2000, 200, { loopToName: 'Writer' }],
          ['seqEnd_0', 'seqEnd', 1600, 600],
        ],
        [
          ['chatOpenAI_0', 'seqStart_0', 'model'],
          ['agentMemory_0', 'seqStart_0', 'agentMemory'],
          ['seqStart_0', 'seqLLMNode_0', 'sequentialNode'],
          ['seqLLMNode_0', 'seqCondition_0', 'sequentialNode'],
          ['seqCondition_0', 'seqLLMNode_1', 'sequentialNode', 'next'],
          ['seqCondition_0', 'seqEnd_0', 'sequentialNode', 'end'],
          ['seqLLMNode_1', 'seqLoop_0', 'sequentialNode'],
        ],
      ),
  },
  'Calculator With Approval': {
    description:
      'An agent that asks you before it uses its calculator: the chat shows Yes and No, and the run waits for your answer.',
    usecases: ['Agent', 'Human In The Loop'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 0, 80, 0),
          ['calculator_0', 'calculator', 0, 640],
          ['seqStart_0', 'seqStart', 400, 300],
          [
            'seqAgent_0',
            'seqAgent',
            800,
            300,
            {
              agentName: 'Bookkeeper',
              systemMessagePrompt: 'You work out sums exactly. Use the calculator for any arithmetic.',
              interrupt: true,
            },
          ],
          ['seqEnd_0', 'seqEnd', 1200, 300],
        ],
        [
          ['chatOpenAI_0', 'seqStart_0', 'model'],
          ['calculator_0', 'seqAgent_0', 'tools'],
          ['seqStart_0', 'seqAgent_0', 'sequentialNode'],
          ['seqAgent_0', 'seqEnd_0', 'sequentialNode'],
        ],
      ),
  },
  'Research And Writing Team': {
    description:
      'A supervisor hands the request to a researcher and a writer in turn, and finishes when the answer is ready.',
    usecases: ['Agent'],
    flow: () =>
      chatflow(
        [
          openAi('chatOpenAI_0', 0, 80, 0),
          ['currentDateTime_0', 'currentDateTime', 0, 640],
          ['supervisor_0', 'supervisor', 400, 300, { supervisorName: 'Editor' }],
          [
            'worker_0',
            'worker',
            800,
            100,
            {
              workerName: 'Researcher',
              workerPrompt:
                'You collect the facts the request needs and list them with what they rest on. Use the date tool when timing matters.',
            },
          ],
          [
            'worker_1',
            'worker',
            800,
            600,
            {
              workerName: 'Writer',
              workerPrompt: 'You turn the facts gathered so far into a short, friendly answer for the user.',
            },
          ],
        ],
        [
          ['chatOpenAI_0', 'supervisor_0', 'model'],
          ['currentDateTime_0', 'worker_0', 'tools'],
          ['supervisor_0', 'worker_0', 'supervisor'],
          ['supervisor_0', 'worker_1', 'supervisor'],
        ],
      ),
  },
};

// ---------------------------------------------------------------------------------------------
// Tools

const schema = (rows) =>
  JSON.stringify(
    rows.map(([property, type, description], index) => ({
      id: index,
      property,
      description,
      type,
      required: true,
    })),
  );

const TOOLS = {
  'Word Counter': {
    name: 'word_counter',
    description: 'Counts the words and characters of a text.',
    color: 'linear-gradient(rgb(96,125,139), rgb(55,71,79))',
    usecases: ['Basic'],
    schema: schema([['text', 'string', 'the text to measure']]),
    func: [
      'const text = String($text ?? "").trim();',
      'const words = text ? text.split(/\\s+/).length : 0;',
      'return JSON.stringify({ words, characters: text.length });',
    ].join('\n'),
  },
  'Temperature Converter': {
    name: 'temperature_converter',
    description: 'Converts a temperature in degrees Celsius to Fahrenheit and Kelvin.',
    color: 'linear-gradient(rgb(255,152,0), rgb(230,81,0))',
    usecases: ['Basic'],
    schema: schema([['celsius', 'number', 'temperature in degrees Celsius']]),
    func: [
      'const c = Number($celsius);',
      'if (Number.isNaN(c)) return "celsius must be a number";',
      'const f = Math.round((c * 9 / 5 + 32) * 100) / 100;',
      'const k = Math.round((c + 273.15) * 100) / 100;',
      'return `${c} °C is ${f} °F and ${k} K`;',
    ].join('\n'),
  },
  'Days Between Dates': {
    name: 'days_between_dates',
    description: 'Counts the whole days from one date to another (YYYY-MM-DD).',
    color: 'linear-gradient(rgb(76,175,80), rgb(27,94,32))',
    usecases: ['Basic'],
    schema: schema([
      ['from', 'string', 'first date, YYYY-MM-DD'],
      ['to', 'string', 'second date, YYYY-MM-DD'],
    ]),
    func: [
      'const a = Date.parse($from);',
      'const b = Date.parse($to);',
      'if (Number.isNaN(a) || Number.isNaN(b)) return "Give both dates as YYYY-MM-DD";',
      'return String(Math.round((b - a) / 86400000));',
    ].join('\n'),
  },
  'Slug Maker': {
    name: 'slug_maker',
    description: 'Turns a title into a lowercase, dash-separated slug for a web address.',
    color: 'linear-gradient(rgb(63,81,181), rgb(26,35,126))',
    usecases: ['Basic'],
    badge: 'NEW',
    schema: schema([['title', 'string', 'the title to turn into a slug']]),
    func: [
      'return String($title ?? "")',
      '  .toLowerCase()',
      '  .normalize("NFD")',
      '  .replace(/[\\u0300-\\u036f]/g, "")',
      '  .replace(/[^a-z0-9]+/g, "-")',
      '  .replace(/^-+|-+$/g, "");',
    ].join('\n'),
  },
  'Pick From List': {
    name: 'pick_from_list',
    description: 'Picks one entry at random from a comma-separated list.',
    color: 'linear-gradient(rgb(233,30,99), rgb(136,14,79))',
    usecases: ['Basic'],
    schema: schema([['options', 'string', 'entries separated by commas']]),
    func: [
      'const items = String($options ?? "").split(",").map((s) => s.trim()).filter(Boolean);',
      'if (items.length === 0) return "The list is empty";',
      'return items[Math.floor(Math.random() * items.length)];',
    ].join('\n'),
  },
  'Fetch JSON From URL': {
    name: 'fetch_json',
    description: 'Downloads a JSON document from a public web address and returns it as text.',
    color: 'linear-gradient(rgb(0,150,136), rgb(0,77,64))',
    usecases: ['Interacting with API'],
    schema: schema([['url', 'string', 'the https address to read']]),
    func: [
      'const response = await fetch($url, { headers: { accept: "application/json" } });',
      'if (!response.ok) return `The server answered ${response.status}`;',
      'return JSON.stringify(await response.json());',
    ].join('\n'),
  },
};

// ---------------------------------------------------------------------------------------------

function write(folder, name, content) {
  writeFileSync(join(OUT, folder, `${name}.json`), `${JSON.stringify(content, null, 2)}\n`);
}

for (const folder of ['chatflows', 'agentflows', 'agentflowsv2', 'tools']) {
  mkdirSync(join(OUT, folder), { recursive: true });
  for (const file of readdirSync(join(OUT, folder))) rmSync(join(OUT, folder, file));
}
// Chatflows and V1 agentflows are both drawn as chatflow nodes (LangChain framework).
for (const [folder, specs] of [
  ['chatflows', CHATFLOWS],
  ['agentflows', AGENT_GRAPHS],
]) {
  for (const [name, spec] of Object.entries(specs)) {
    const { nodes, edges } = spec.flow();
    write(folder, name, {
      description: spec.description,
      framework: spec.framework ?? ['Langchain'],
      usecases: spec.usecases,
      ...(spec.badge && { badge: spec.badge }),
      nodes,
      edges,
    });
  }
}
for (const [name, spec] of Object.entries(AGENTFLOWS)) {
  const { nodes, edges } = spec.flow();
  write('agentflowsv2', name, {
    description: spec.description,
    usecases: spec.usecases,
    ...(spec.badge && { badge: spec.badge }),
    nodes,
    edges,
  });
}
for (const [
  name,
  { name: toolName, description, color, usecases, badge, schema: rows, func },
] of Object.entries(TOOLS)) {
  write('tools', name, {
    name: toolName,
    description,
    color,
    iconSrc: '',
    schema: rows,
    func,
    usecases,
    framework: ['Langchain'],
    ...(badge && { badge }),
  });
}
console.log(
  `Wrote ${Object.keys(CHATFLOWS).length} chatflows, ${Object.keys(AGENT_GRAPHS).length} V1 agentflows, ${Object.keys(AGENTFLOWS).length} agentflows, ${Object.keys(TOOLS).length} tools`,
);
