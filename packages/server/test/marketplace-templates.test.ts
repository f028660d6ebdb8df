import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGraph, planAgentGraph, planChatflow } from '@flowloom/engine';
import { createAgentflowRegistry, createNodeRegistry, createQuickJsSandbox } from '@flowloom/nodes';
import type { FlowData, FlowNode } from '@flowloom/shared';
import { startTestLlmServer, type ScriptedReply, type TestLlmServer } from '@flowloom/test-llm';
import { findMarketplacesDir } from '../src/modules/templates/marketplace.service.js';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Every template of our marketplace library (packages/server/marketplaces) is planned by the engine
 * and run end to end through the prediction API against the scripted LLM. A template whose run needs
 * an outside service says so in `needs` and is run against a local stand-in or planned only.
 */
const DIR = findMarketplacesDir()!;
const files = (folder: string) =>
  readdirSync(`${DIR}/${folder}`)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();
const read = <T>(folder: string, name: string) =>
  JSON.parse(readFileSync(`${DIR}/${folder}/${name}.json`, 'utf8')) as T;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are asserted field by field

interface FlowCase {
  question: string;
  replies?: ScriptedReply[];
  /** The run cannot happen here: why (documented per template); the flow is planned only. */
  planOnly?: string;
  /** What a run of the unchanged template answers (400) when it is planned only. */
  refusal?: RegExp;
  /** Changes made before the run (a stand-in address for an outside service). */
  prepare?: (flow: FlowData, ctx: { stub: string }) => FlowData;
  check?: (
    body: Json,
    ctx: { llm: TestLlmServer; ask: (body: Json) => Promise<Json> },
  ) => void | Promise<void>;
}

const echo = (text: string) => `Hello from the test LLM. You said: ${text}`;
const lastPrompt = (llm: TestLlmServer) => JSON.stringify(llm.requests.at(-1)!.body);

const CHATFLOWS: Record<string, FlowCase> = {
  'Answer From Pasted Text': {
    question: 'When does the shop close?',
    replies: [{ text: 'It closes at 6pm.' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('It closes at 6pm.');
      expect(lastPrompt(llm)).toContain('closes at 6pm from Monday to Saturday');
    },
  },
  'Business Name Ideas': {
    question: 'sells hand-made candles',
    replies: [{ text: 'Wickwise\nGlowsmith\nEmber & Oak' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('Wickwise\nGlowsmith\nEmber & Oak');
      expect(lastPrompt(llm)).toContain('for a business that sells hand-made candles');
    },
  },
  'Contact Card Extractor': {
    question: 'Best, Jane Roe — jane@roe.example, Roe Ltd',
    replies: [{ text: '```json\n{"name":"Jane Roe","email":"jane@roe.example","company":"Roe Ltd"}\n```' }],
    check: (body) =>
      expect(body.json).toEqual({ name: 'Jane Roe', email: 'jane@roe.example', company: 'Roe Ltd' }),
  },
  'Courteous Email Reply': {
    question: 'Can we move our call to Friday?',
    replies: [{ text: 'Friday works well for us. The Team' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('Friday works well for us. The Team');
      expect(lastPrompt(llm)).toContain('E-mail received:\\nCan we move our call to Friday?');
    },
  },
  'Document Store Chat': {
    question: 'What is in the store?',
    planOnly: 'needs a document store of the workspace chosen on its Document Store (Vector) node',
    refusal: /Document Store \(Vector\) \(documentStoreVS_0\): Select Store is required/,
  },
  'Everyday Assistant': {
    question: 'Hi there',
    check: async (body, { ask }) => {
      expect(body.text).toBe(echo('Hi there'));
      const again = await ask({ question: 'And again', chatId: body.chatId });
      expect(again.text).toBe(echo('And again'));
    },
  },
  'Keyword Lister': {
    question: 'Solar panels turn sunlight into electricity for homes.',
    replies: [{ text: 'solar, panels, sunlight, electricity, homes' }],
    check: (body) => expect(body.json).toEqual(['solar', 'panels', 'sunlight', 'electricity', 'homes']),
  },
  'Maths and Clock Agent': {
    question: 'What is 6 times 7?',
    replies: [{ toolCalls: [{ name: 'calculator', arguments: { input: '6*7' } }] }, { text: 'It is 42.' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('It is 42.');
      expect(body.usedTools?.[0]).toMatchObject({ tool: 'calculator', toolOutput: '42' });
      expect(llm.requests).toHaveLength(2);
    },
  },
  'Moderated Help Desk': {
    question: 'My password is hunter2, please reset it',
    check: (body) => expect(JSON.stringify(body)).toContain('Please do not share sensitive details here.'),
  },
  'Short Memory Chat With Claude': {
    question: 'Good morning',
    replies: [{ text: 'Good morning to you!' }],
    check: (body) => expect(body.text).toBe('Good morning to you!'),
  },
  'Summarise Then Translate': {
    question: 'A long text about cats sleeping most of the day.',
    replies: [{ text: 'Cats sleep a lot.' }, { text: 'Los gatos duermen mucho.' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('Los gatos duermen mucho.');
      expect(lastPrompt(llm)).toContain('Translate this summary into Spanish:\\nCats sleep a lot.');
    },
  },
  'Ask An OpenAI Assistant': {
    question: 'What is 6 times 7?',
    planOnly: 'needs an OpenAI assistant of the workspace chosen on its OpenAI Assistant node',
    refusal: /OpenAI Assistant \(openAIAssistant_0\): Select Assistant is required/,
  },
  'Chat Engine With Memory': {
    question: 'What is a fraction?',
    check: async (body, { llm, ask }) => {
      expect(body.text).toBe(echo('What is a fraction?'));
      expect(lastPrompt(llm)).toContain('You are a patient tutor');
      await ask({ question: 'And a decimal?', chatId: body.chatId });
      // The memory hands the first exchange to the second call.
      expect(lastPrompt(llm)).toContain('What is a fraction?');
    },
  },
  'Route By Topic': {
    question: 'Can I get a refund for my order?',
    check: async (body, { llm, ask }) => {
      expect(body.text).toContain('Can I get a refund for my order?');
      expect(lastPrompt(llm)).toContain('You look after billing questions for a bike shop');
      await ask({ question: 'When do you open on Sundays?' });
      expect(lastPrompt(llm)).toContain('You answer general questions for a bike shop');
      expect(llm.requests).toHaveLength(2);
    },
  },
  'Web Request Agent': {
    question: 'Say hello',
    replies: [{ text: 'Hello! I did not need the API for that.' }],
    check: (body) => expect(body.text).toBe('Hello! I did not need the API for that.'),
  },
};

/** V1 agentflows (Sequential Agents and supervisor teams, flow type MULTIAGENT). */
const AGENT_GRAPHS: Record<string, FlowCase> = {
  'Calculator With Approval': {
    question: 'What is 19 * 3?',
    replies: [
      { toolCalls: [{ name: 'calculator', arguments: { input: '19*3' } }] },
      { text: 'May I use the calculator?' },
    ],
    check: async (body, { ask, llm }) => {
      expect(body.text).toBe('May I use the calculator?');
      expect(body.action.elements.map((e: Json) => e.label)).toEqual(['Yes', 'No']);
      llm.script({ text: '19 * 3 = 57' });
      const approved = await ask({
        question: 'Yes',
        chatId: 'Calculator With Approval-chat',
        action: body.action,
      });
      expect(approved.text).toBe('19 * 3 = 57');
      expect(lastPrompt(llm)).toContain('57');
    },
  },
  'Draft And Critique Loop': {
    question: 'A note about our new opening hours',
    replies: ['Draft 1', 'Critique 1', 'Draft 2', 'Critique 2', 'Draft 3'].map((text) => ({ text })),
    check: (body) => {
      expect(body.text).toBe('Draft 3');
      expect(body.agentReasoning.map((r: Json) => r.agentName)).toEqual([
        'Writer',
        'Another round?',
        'Critic',
        'Writer',
        'Another round?',
        'Critic',
        'Writer',
      ]);
    },
  },
  'Research And Writing Team': {
    question: 'When is the next leap year?',
    replies: [
      {
        toolCalls: [
          { name: 'route', arguments: { reasoning: 'facts', next: 'researcher', instructions: 'Find it' } },
        ],
      },
      { text: '2028 is the next leap year.' },
      {
        toolCalls: [
          { name: 'route', arguments: { reasoning: 'write', next: 'writer', instructions: 'Answer' } },
        ],
      },
      { text: 'The next leap year is 2028.' },
      { toolCalls: [{ name: 'route', arguments: { reasoning: 'done', next: 'FINISH', instructions: '' } }] },
    ],
    check: (body) => {
      expect(body.text).toBe('The next leap year is 2028.');
      expect(body.agentReasoning.map((r: Json) => r.agentName)).toEqual([
        'Editor',
        'Researcher',
        'Editor',
        'Writer',
        'Editor',
      ]);
    },
  },
};

const AGENTFLOWS: Record<string, FlowCase> = {
  'Agent With Everyday Tools': {
    question: 'What is 12 + 30?',
    replies: [
      { toolCalls: [{ name: 'calculator', arguments: { input: '12+30' } }] },
      { text: '12 + 30 = 42' },
    ],
    check: (body) => expect(body.text).toBe('12 + 30 = 42'),
  },
  'Call A Web Service': {
    question: 'How is the service?',
    prepare: (flow, { stub }) => patchInputs(flow, 'httpAgentflow_0', { url: `${stub}/status` }),
    replies: [{ text: 'All systems are running.' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('All systems are running.');
      expect(lastPrompt(llm)).toContain('all green');
    },
  },
  'Draft For Approval': {
    question: 'our new opening hours',
    replies: [{ text: 'We now open at 8am!' }],
    check: async (body, { ask }) => {
      expect(body.action).toBeDefined();
      const approved = await ask({
        question: '',
        chatId: body.chatId,
        humanInput: { type: 'proceed', startNodeId: 'humanInputAgentflow_0' },
      });
      expect(approved.text).toBe('Approved: We now open at 8am!');
    },
  },
  'Question Or Statement': {
    question: 'Is anyone there?',
    check: async (body, { ask }) => {
      expect(body.text).toBe('Good question! Someone will answer it shortly.');
      expect((await ask({ question: 'The sky is blue.' })).text).toBe('Thanks, noted.');
    },
  },
  'Quick Answer': {
    question: 'Why is the sea salty?',
    check: (body) => expect(body.text).toBe(echo('Why is the sea salty?')),
  },
  'Structured Answer': {
    question: 'Capital of France?',
    replies: [{ text: '{"answer":"Paris","confidence":0.95}' }],
    check: (body) => expect(body.text).toContain('Paris'),
  },
  'Support Triage': {
    question: 'I was charged twice',
    replies: [
      { text: '{"output": "Billing, payment or refund question"}' },
      { text: 'A refund is on its way.' },
    ],
    check: (body, { llm }) => {
      expect(body.text).toBe('A refund is on its way.');
      expect(lastPrompt(llm)).toContain('You handle billing.');
    },
  },
  'Text Statistics': {
    question: 'three small words',
    check: (body) => expect(body.text).toBe('3 words, 17 characters'),
  },
  'Writer And Editor': {
    question: 'autumn',
    replies: [{ text: 'Leaves fall, slowly, slowly.' }, { text: 'Leaves fall slowly.' }],
    check: (body, { llm }) => {
      expect(body.text).toBe('Leaves fall slowly.');
      expect(lastPrompt(llm)).toContain('Leaves fall, slowly, slowly.');
    },
  },
};

interface ToolFile {
  name: string;
  description: string;
  schema: string;
  func: string;
  usecases: string[];
}
const TOOLS: Record<string, { args: Record<string, unknown>; expected: string | RegExp; needs?: string }> = {
  'Days Between Dates': { args: { from: '2026-01-01', to: '2026-03-01' }, expected: '59' },
  'Fetch JSON From URL': {
    args: { url: 'https://api.example.com/data.json' },
    expected: '{"ok":true}',
    needs: 'a public web address; run here with a stand-in for the guarded HTTP client',
  },
  'Pick From List': { args: { options: ' tea ' }, expected: 'tea' },
  'Slug Maker': { args: { title: 'Crème Brûlée: A Guide!' }, expected: 'creme-brulee-a-guide' },
  'Temperature Converter': { args: { celsius: 100 }, expected: '100 °C is 212 °F and 373.15 K' },
  'Word Counter': { args: { text: 'one two  three' }, expected: '{"words":3,"characters":14}' },
};

function patchInputs(flow: FlowData, nodeId: string, inputs: Record<string, unknown>): FlowData {
  return {
    ...flow,
    nodes: flow.nodes.map((n) =>
      n.id === nodeId ? { ...n, data: { ...n.data, inputs: { ...n.data.inputs, ...inputs } } } : n,
    ),
  };
}

/** Test secrets per credential type. */
const TEST_CREDENTIALS: Record<string, Record<string, string>> = {
  openAIApi: { openAIApiKey: 'sk-test' },
  anthropicApi: { anthropicApiKey: 'sk-ant-test' },
};

describe('the marketplace library', () => {
  it('has at least 20 templates across chatflows, agentflows and tools, each with a test case', () => {
    expect(files('chatflows')).toEqual(Object.keys(CHATFLOWS).sort());
    expect(files('agentflowsv2')).toEqual(Object.keys(AGENTFLOWS).sort());
    expect(files('agentflows')).toEqual(Object.keys(AGENT_GRAPHS).sort());
    expect(files('tools')).toEqual(Object.keys(TOOLS).sort());
    expect(
      files('chatflows').length + files('agentflowsv2').length + files('tools').length,
    ).toBeGreaterThanOrEqual(20);
  });

  it('uses only node types of the registries, and every chatflow plans', () => {
    const chat = createNodeRegistry();
    const agent = createAgentflowRegistry();
    for (const name of files('chatflows')) {
      const flow = read<FlowData & { description: string; usecases: string[] }>('chatflows', name);
      expect(flow.description, name).not.toBe('');
      expect(flow.usecases.length, name).toBeGreaterThan(0);
      for (const node of flow.nodes)
        expect(chat.has(node.data.name), `${name}: ${node.data.name}`).toBe(true);
      // Templates carry no credential (nor a store or an assistant of a workspace): the plan is
      // checked as a user's copy with them chosen.
      const chosen = flow.nodes.map((node) => {
        const data = { ...node.data, inputs: { ...node.data.inputs } };
        if (data.inputParams?.some((p) => p.type === 'credential')) data.credential = 'chosen-credential';
        if (data.name === 'documentStoreVS') data.inputs.selectedStore = 'chosen-store';
        if (data.name === 'openAIAssistant') data.inputs.selectedAssistant = 'chosen-assistant';
        return { ...node, data };
      });
      expect(() => planChatflow({ nodes: chosen, edges: flow.edges }, chat), name).not.toThrow();
    }
    for (const name of files('agentflows')) {
      const flow = read<FlowData>('agentflows', name);
      for (const node of flow.nodes)
        expect(chat.has(node.data.name), `${name}: ${node.data.name}`).toBe(true);
      const chosen = flow.nodes.map((node) =>
        node.data.inputParams?.some((p) => p.type === 'credential')
          ? { ...node, data: { ...node.data, credential: 'chosen-credential' } }
          : node,
      );
      expect(() => planAgentGraph({ nodes: chosen, edges: flow.edges }, chat), name).not.toThrow();
    }
    for (const name of files('agentflowsv2')) {
      const flow = read<FlowData>('agentflowsv2', name);
      for (const node of flow.nodes)
        expect(agent.has(node.data.name), `${name}: ${node.data.name}`).toBe(true);
      expect(() => buildGraph(flow.nodes, flow.edges), name).not.toThrow();
    }
  });
});

describe('every flow template runs end to end', () => {
  let llm: TestLlmServer;
  let stub: Server;
  let stubUrl: string;
  let server: TestServer;
  let owner: Session;
  const credentialIds = new Map<string, string>();

  beforeAll(async () => {
    llm = await startTestLlmServer();
    stub = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'all green' }));
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    server = await startTestServer({
      env: {
        OPENAI_BASE_URL: llm.openAiBaseUrl,
        ANTHROPIC_BASE_URL: llm.openAiBaseUrl,
        FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
      },
    });
    owner = await ownerSession(server.app);
    for (const [credentialName, plainDataObj] of Object.entries(TEST_CREDENTIALS)) {
      const created = await owner.request('POST', '/api/v1/credentials', {
        name: `Test ${credentialName}`,
        credentialName,
        plainDataObj,
      });
      expect(created.statusCode, created.body).toBe(201);
      credentialIds.set(credentialName, created.json<{ id: string }>().id);
    }
  });
  afterAll(async () => {
    await server?.close();
    await llm?.close();
    await new Promise((resolve) => stub?.close(resolve));
  });
  beforeEach(() => llm.reset());

  /** The template with a test credential wherever a model needs one (templates carry none). */
  function withCredentials(flow: FlowData): FlowData {
    const openAi = credentialIds.get('openAIApi')!;
    const nodes = flow.nodes.map((node): FlowNode => {
      const param = node.data.inputParams?.find((p) => p.type === 'credential');
      const id = param?.credentialNames?.map((name) => credentialIds.get(name)).find(Boolean);
      const inputs = Object.fromEntries(
        Object.entries(node.data.inputs).map(([key, value]) =>
          key.endsWith('ModelConfig') && value && typeof value === 'object'
            ? [key, { ...value, FLOWISE_CREDENTIAL_ID: openAi }]
            : [key, value],
        ),
      );
      return { ...node, data: { ...node.data, inputs, ...(id && { credential: id }) } };
    });
    return { ...flow, nodes };
  }

  const kinds = [
    { folder: 'chatflows', type: 'CHATFLOW', cases: CHATFLOWS },
    { folder: 'agentflowsv2', type: 'AGENTFLOW', cases: AGENTFLOWS },
    { folder: 'agentflows', type: 'MULTIAGENT', cases: AGENT_GRAPHS },
  ] as const;
  for (const { folder, type, cases } of kinds) {
    describe.each(Object.keys(cases).sort())(`${folder}: %s`, (name) => {
      const spec = cases[name]!;
      it(
        spec.planOnly ? `is saved and planned (${spec.planOnly})` : 'answers through the prediction API',
        async () => {
          const file = read<FlowData>(folder, name);
          let flow = withCredentials({ nodes: file.nodes, edges: file.edges });
          if (spec.prepare) flow = spec.prepare(flow, { stub: stubUrl });
          const created = await owner.request('POST', '/api/v1/chatflows', {
            name,
            type,
            flowData: JSON.stringify(flow),
          });
          expect(created.statusCode, created.body).toBe(201);
          const flowId = created.json<{ id: string }>().id;
          if (spec.planOnly) {
            const refused = await server.app.inject({
              method: 'POST',
              url: `/api/v1/prediction/${flowId}`,
              payload: { question: spec.question },
            });
            expect(refused.statusCode).toBe(400);
            expect(refused.json<Json>().message).toMatch(spec.refusal!);
            return;
          }
          const ask = async (body: Json) => {
            const response = await server.app.inject({
              method: 'POST',
              url: `/api/v1/prediction/${flowId}`,
              payload: body,
            });
            expect(response.statusCode, response.body).toBe(200);
            return response.json<Json>();
          };
          if (spec.replies) llm.script(...spec.replies);
          const body = await ask({ question: spec.question, chatId: `${name}-chat` });
          await spec.check!(body, { llm, ask });
        },
      );
    });
  }
});

describe('every tool template', () => {
  const sandbox = createQuickJsSandbox({
    http: (url) =>
      Promise.resolve(
        url === 'https://api.example.com/data.json'
          ? new Response('{"ok":true}', { headers: { 'content-type': 'application/json' } })
          : new Response('not found', { status: 404 }),
      ),
  });
  afterAll(() => sandbox.close());

  it.each(Object.keys(TOOLS).sort())('%s runs in the sandbox with its declared arguments', async (name) => {
    const tool = read<ToolFile>('tools', name);
    const spec = TOOLS[name]!;
    const declared = (JSON.parse(tool.schema) as { property: string }[]).map((row) => row.property);
    expect(declared.sort()).toEqual(Object.keys(spec.args).sort());
    const globals = Object.fromEntries(Object.entries(spec.args).map(([key, value]) => [`$${key}`, value]));
    const result = await sandbox.run(tool.func, globals);
    if (typeof spec.expected === 'string') expect(result).toBe(spec.expected);
    else expect(String(result)).toMatch(spec.expected);
  });
});
