import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowData, FlowEdge, FlowNode } from '@flowloom/shared';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { parseSse } from './flowise-templates.js';
import { openAiCredential, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Flows written here in Flowise's export shape (our own texts): an IfElse Function sending a support
 * question to one of two LLM Chains, and a Tool Agent asking an LLM Chain through a Chain Tool.
 */

const CHAT_MODEL = ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'];
const VALUE_TYPES = 'string|number|boolean|json|array';

interface Anchor {
  name: string;
  type: string;
  label: string;
  list?: boolean;
}

/** A node as Flowise's canvas saves it: anchors and outputs with their handle ids, inputs as text. */
function node(
  id: string,
  spec: {
    name: string;
    label: string;
    type: string;
    category: string;
    baseClasses: string[];
    inputs: Record<string, unknown>;
    anchors?: Anchor[];
    outputs?: { name: string; label: string; baseClasses: string[]; isAnchor?: boolean }[];
    chosen?: string;
    credential?: string;
  },
  x: number,
): FlowNode {
  const outputAnchors = spec.outputs
    ? [
        {
          name: 'output',
          label: 'Output',
          type: 'options',
          description: '',
          options: spec.outputs.map((o) => ({
            id: `${id}-output-${o.name}-${o.baseClasses.join('|')}`,
            name: o.name,
            label: o.label,
            description: '',
            type: o.baseClasses.join(' | '),
            ...(o.isAnchor && { isAnchor: true }),
          })),
          default: spec.chosen ?? spec.outputs[0]!.name,
        },
      ]
    : [
        {
          id: `${id}-output-${spec.name}-${spec.baseClasses.join('|')}`,
          name: spec.name,
          label: spec.type,
          description: '',
          type: spec.baseClasses.join(' | '),
        },
      ];
  return {
    id,
    type: 'customNode',
    position: { x, y: 100 },
    data: {
      id,
      label: spec.label,
      name: spec.name,
      version: 1,
      type: spec.type,
      baseClasses: spec.baseClasses,
      category: spec.category,
      description: '',
      inputParams: [],
      inputAnchors: (spec.anchors ?? []).map((a) => ({ ...a, id: `${id}-input-${a.name}-${a.type}` })),
      inputs: spec.inputs,
      outputAnchors,
      outputs: spec.outputs ? { output: spec.chosen ?? spec.outputs[0]!.name } : {},
      ...(spec.credential && { credential: spec.credential }),
      selected: false,
    },
  } as FlowNode;
}

/** An edge from `source`'s output handle (the named one of a multi-output node) into `target`'s input. */
function edge(nodes: FlowNode[], source: string, target: string, input: string, output?: string): FlowEdge {
  const from = nodes.find((n) => n.id === source)!.data.outputAnchors[0]!;
  const sourceHandle = from.options
    ? from.options.find((o) => o.name === (output ?? from.default))!.id
    : from.id!;
  const anchor = nodes.find((n) => n.id === target)!.data.inputAnchors.find((a) => a.name === input);
  const targetHandle = anchor?.id ?? `${target}-input-${input}-json`;
  return {
    id: `${source}-${sourceHandle}-${target}-${targetHandle}`,
    source,
    sourceHandle,
    target,
    targetHandle,
    type: 'buttonedge',
  };
}

const chatOpenAI = (id: string, credential: string, modelName: string, x: number) =>
  node(
    id,
    {
      name: 'chatOpenAI',
      label: 'ChatOpenAI',
      type: 'ChatOpenAI',
      category: 'Chat Models',
      baseClasses: CHAT_MODEL,
      inputs: { modelName, temperature: 0.2, streaming: true },
      credential,
    },
    x,
  );

const prompt = (id: string, template: string, promptValues: string, x: number) =>
  node(
    id,
    {
      name: 'promptTemplate',
      label: 'Prompt Template',
      type: 'PromptTemplate',
      category: 'Prompts',
      baseClasses: ['PromptTemplate', 'BaseStringPromptTemplate', 'BasePromptTemplate', 'Runnable'],
      inputs: { template, promptValues },
    },
    x,
  );

const chain = (id: string, x: number, chainName = '') =>
  node(
    id,
    {
      name: 'llmChain',
      label: 'LLM Chain',
      type: 'LLMChain',
      category: 'Chains',
      baseClasses: ['LLMChain', 'BaseChain', 'Runnable'],
      inputs: {
        model: `{{chatOpenAI_${id.split('_')[1]}.data.instance}}`,
        prompt: `{{promptTemplate_${id.split('_')[1]}.data.instance}}`,
        chainName,
      },
      anchors: [
        { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
        { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
      ],
      outputs: [
        { name: 'llmChain', label: 'LLM Chain', baseClasses: ['LLMChain', 'BaseChain', 'Runnable'] },
        { name: 'outputPrediction', label: 'Output Prediction', baseClasses: ['string', 'json'] },
      ],
    },
    x,
  );

/** Refund questions go to the billing chain (True), the rest to the general one (False). */
function supportDesk(credential: string, ifFunction?: string): FlowData {
  const nodes = [
    node(
      'ifElseFunction_0',
      {
        name: 'ifElseFunction',
        label: 'IfElse Function',
        type: 'IfElseFunction',
        category: 'Utilities',
        baseClasses: ['IfElseFunction', 'Utilities'],
        inputs: {
          functionInputVariables: '{"asked":"{{question}}"}',
          functionName: 'Is it about money?',
          ifFunction: ifFunction ?? "if (/refund|invoice/i.test($asked)) {\n  return 'billing';\n}",
          elseFunction: "return 'general';",
        },
        outputs: [
          { name: 'returnTrue', label: 'True', baseClasses: VALUE_TYPES.split('|'), isAnchor: true },
          { name: 'returnFalse', label: 'False', baseClasses: VALUE_TYPES.split('|'), isAnchor: true },
        ],
      },
      0,
    ),
    chatOpenAI('chatOpenAI_0', credential, 'gpt-4o-mini', 400),
    prompt(
      'promptTemplate_0',
      'You handle {team} questions for a bike shop. Reply to: {question}',
      '{"team":"{{ifElseFunction_0.data.instance}}","question":"{{question}}"}',
      400,
    ),
    chain('llmChain_0', 800, 'Billing'),
    chatOpenAI('chatOpenAI_1', credential, 'gpt-4o', 400),
    prompt(
      'promptTemplate_1',
      'You answer {team} questions for a bike shop. Reply to: {question}',
      '{"team":"{{ifElseFunction_0.data.instance}}","question":"{{question}}"}',
      400,
    ),
    chain('llmChain_1', 800, 'General'),
  ];
  const edges = [
    edge(nodes, 'ifElseFunction_0', 'promptTemplate_0', 'promptValues', 'returnTrue'),
    edge(nodes, 'ifElseFunction_0', 'promptTemplate_1', 'promptValues', 'returnFalse'),
    edge(nodes, 'chatOpenAI_0', 'llmChain_0', 'model'),
    edge(nodes, 'promptTemplate_0', 'llmChain_0', 'prompt'),
    edge(nodes, 'chatOpenAI_1', 'llmChain_1', 'model'),
    edge(nodes, 'promptTemplate_1', 'llmChain_1', 'prompt'),
  ];
  return { nodes, edges };
}

/** A Tool Agent whose one tool is a Chain Tool around an LLM Chain that quotes the shop's policy. */
function policyAgent(credential: string): FlowData {
  const nodes = [
    chatOpenAI('chatOpenAI_0', credential, 'gpt-4o-mini', 0),
    prompt('promptTemplate_0', 'Quote the bike shop policy on: {topic}', '{"topic":"{{question}}"}', 0),
    chain('llmChain_0', 400),
    node(
      'chainTool_0',
      {
        name: 'chainTool',
        label: 'Chain Tool',
        type: 'ChainTool',
        category: 'Tools',
        baseClasses: ['ChainTool', 'DynamicTool', 'Tool', 'StructuredTool', 'Runnable'],
        inputs: {
          name: 'policy-lookup',
          description: 'Looks up the shop policy on a topic (returns, repairs, warranty)',
          returnDirect: false,
          baseChain: '{{llmChain_0.data.instance}}',
        },
        anchors: [{ label: 'Base Chain', name: 'baseChain', type: 'BaseChain' }],
      },
      800,
    ),
    chatOpenAI('chatOpenAI_1', credential, 'gpt-4o', 800),
    node(
      'bufferMemory_0',
      {
        name: 'bufferMemory',
        label: 'Buffer Memory',
        type: 'BufferMemory',
        category: 'Memory',
        baseClasses: ['BufferMemory', 'BaseChatMemory', 'BaseMemory'],
        inputs: { sessionId: '', memoryKey: 'chat_history' },
      },
      800,
    ),
    node(
      'toolAgent_0',
      {
        name: 'toolAgent',
        label: 'Tool Agent',
        type: 'AgentExecutor',
        category: 'Agents',
        baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
        inputs: {
          tools: ['{{chainTool_0.data.instance}}'],
          memory: '{{bufferMemory_0.data.instance}}',
          model: '{{chatOpenAI_1.data.instance}}',
          systemMessage: 'You help customers of a bike shop.',
        },
        anchors: [
          { label: 'Tools', name: 'tools', type: 'Tool', list: true },
          { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
          { label: 'Tool Calling Chat Model', name: 'model', type: 'BaseChatModel' },
        ],
      },
      1200,
    ),
  ];
  const edges = [
    edge(nodes, 'chatOpenAI_0', 'llmChain_0', 'model'),
    edge(nodes, 'promptTemplate_0', 'llmChain_0', 'prompt'),
    edge(nodes, 'llmChain_0', 'chainTool_0', 'baseChain', 'llmChain'),
    edge(nodes, 'chainTool_0', 'toolAgent_0', 'tools'),
    edge(nodes, 'bufferMemory_0', 'toolAgent_0', 'memory'),
    edge(nodes, 'chatOpenAI_1', 'toolAgent_0', 'model'),
  ];
  return { nodes, edges };
}

type Sent = { model: string; messages: { role: string; content: unknown }[] };

describe('branching chatflows and chain tools through the run API', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let credential: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    credential = await openAiCredential(owner);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  async function save(name: string, flow: FlowData): Promise<string> {
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name,
      type: 'CHATFLOW',
      flowData: JSON.stringify(flow),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: string }>().id;
  }
  const predict = (flowId: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${flowId}`, payload: body });
  const tokens = (events: { event: string; data: unknown }[]) =>
    events
      .filter((e) => e.event === 'token')
      .map((e) => e.data)
      .join('');
  const lastUser = (i: number) => (llm.requests[i]!.body as Sent).messages.at(-1)!.content;

  describe('an IfElse Function with an LLM Chain on each branch', () => {
    let flowId: string;
    beforeAll(async () => (flowId = await save('Support desk', supportDesk(credential))));

    it('answers from the True branch, whose prompt reads the If Function’s value (JSON)', async () => {
      const response = await predict(flowId, { question: 'I want a refund for order 7' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        text: 'Hello from the test LLM. You said: You handle billing questions for a bike shop. Reply to: I want a refund for order 7',
        question: 'I want a refund for order 7',
      });
      // Only the billing chain's model was asked.
      expect(llm.requests).toHaveLength(1);
      expect((llm.requests[0]!.body as Sent).model).toBe('gpt-4o-mini');
    });

    it('answers from the False branch with the Else Function’s value (JSON)', async () => {
      const response = await predict(flowId, { question: 'When do you open on Sunday?' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().text).toBe(
        'Hello from the test LLM. You said: You answer general questions for a bike shop. Reply to: When do you open on Sunday?',
      );
      expect(llm.requests).toHaveLength(1);
      expect((llm.requests[0]!.body as Sent).model).toBe('gpt-4o');
    });

    it('streams either branch in the Flowise wire format', async () => {
      expect(
        (await server.app.inject({ method: 'GET', url: `/api/v1/chatflows-streaming/${flowId}` })).json(),
      ).toEqual({ isStreaming: true });
      llm.script({ text: 'Your refund is on its way' });
      const billing = await predict(flowId, { question: 'Where is my refund?', streaming: true });
      expect(billing.headers['content-type']).toBe('text/event-stream');
      const billingEvents = parseSse(billing.body);
      expect(billingEvents.map((e) => e.event)).toEqual([
        'start',
        ...Array<string>(6).fill('token'),
        'metadata',
        'end',
      ]);
      expect(tokens(billingEvents)).toBe('Your refund is on its way');
      expect(lastUser(0)).toContain('You handle billing questions');

      llm.script({ text: 'We open at ten' });
      const general = parseSse((await predict(flowId, { question: 'Opening hours?', streaming: true })).body);
      expect(general.map((e) => e.event)).toEqual([
        'start',
        'token',
        'token',
        'token',
        'token',
        'metadata',
        'end',
      ]);
      expect(tokens(general)).toBe('We open at ten');
      expect(lastUser(1)).toContain('You answer general questions');
      expect((llm.requests[1]!.body as Sent).model).toBe('gpt-4o');
    });

    it('names the IfElse Function when its code fails, in JSON and on a stream', async () => {
      const broken = await save('Broken desk', supportDesk(credential, 'return $asked.missing.deeper;'));
      const plain = await predict(broken, { question: 'refund?' });
      expect(plain.statusCode).toBe(500);
      expect(plain.json().message).toMatch(/^IfElse Function \(ifElseFunction_0\): If Function: .*deeper/);
      const streamed = parseSse((await predict(broken, { question: 'refund?', streaming: true })).body);
      expect(streamed.map((e) => e.event)).toEqual(['error', 'end']);
      expect(String(streamed[0]!.data)).toMatch(/IfElse Function \(ifElseFunction_0\): If Function/);
      expect(llm.requests).toHaveLength(0);
    });

    it('answers from the later chain when no IfElse Function separates two, as Flowise does', async () => {
      const flow = supportDesk(credential);
      flow.nodes = flow.nodes.filter((n) => n.id !== 'ifElseFunction_0');
      flow.edges = flow.edges.filter((e) => e.source !== 'ifElseFunction_0');
      const id = await save('Two endings', flow);
      const response = await predict(id, { question: 'refund?' });
      expect(response.statusCode, response.body).toBe(200);
      // Only the last chain of the file (on gpt-4o) was built and asked.
      expect(llm.requests).toHaveLength(1);
      expect((llm.requests[0]!.body as { model: string }).model).toBe('gpt-4o');
      expect(JSON.stringify(llm.requests[0]!.body)).toContain('You answer');
    });
  });

  describe('a Tool Agent with a Chain Tool', () => {
    let flowId: string;
    beforeAll(async () => (flowId = await save('Policy agent', policyAgent(credential))));

    it('asks the chain as a tool and answers with what it said (JSON)', async () => {
      llm.script(
        { toolCalls: [{ name: 'policy-lookup', arguments: { input: 'returns' } }] },
        { text: 'Bikes may be returned within 30 days.' },
        { text: 'You can return it within 30 days.' },
      );
      const response = await predict(flowId, { question: 'Can I return my bike?' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        text: 'You can return it within 30 days.',
        memoryType: 'Buffer Memory',
        usedTools: [
          {
            tool: 'policy-lookup',
            toolInput: { input: 'returns' },
            toolOutput: 'Bikes may be returned within 30 days.',
          },
        ],
      });
      // The chain ran with its own model; its prompt's values took the user's question (as Flowise).
      expect((llm.requests[1]!.body as Sent).model).toBe('gpt-4o-mini');
      expect(lastUser(1)).toBe('Quote the bike shop policy on: Can I return my bike?');
    });

    it('streams only the agent’s answer, with the chain tool among the used tools', async () => {
      llm.script(
        { toolCalls: [{ name: 'policy-lookup', arguments: { input: 'repairs' } }] },
        { text: 'Repairs take two days.' },
        { text: 'About two days.' },
      );
      const events = parseSse(
        (await predict(flowId, { question: 'How long is a repair?', streaming: true })).body,
      );
      expect(tokens(events)).toBe('About two days.');
      expect(events.find((e) => e.event === 'usedTools')!.data).toEqual([
        expect.objectContaining({ tool: 'policy-lookup', toolOutput: 'Repairs take two days.' }),
      ]);
      expect(events.at(-1)).toEqual({ event: 'end', data: '[DONE]' });
    });
  });

  it('offers the new nodes on the canvas, and the Github loader to document stores', async () => {
    const names = (await owner.request('GET', '/api/v1/nodes')).json<{ name: string }[]>().map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['ifElseFunction', 'chainTool', 'arxiv', 'github']));
    const loaders = (await owner.request('GET', '/api/v1/document-store/components/loaders')).json<
      { name: string; credential?: { credentialNames: string[] } }[]
    >();
    expect(loaders.find((l) => l.name === 'github')).toMatchObject({
      credential: { credentialNames: ['githubApi'] },
    });
    const credentials = (await owner.request('GET', '/api/v1/components-credentials')).json<
      { name: string }[]
    >();
    expect(credentials.map((c) => c.name)).toContain('githubApi');
  });
});
