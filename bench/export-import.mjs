// Workspace export and import (issue 13): a workspace of 500 flows and 50,000 chat messages is
// imported (one transaction), exported, and the export imported into a second fresh server. Each
// step reports its time and the server's peak RSS while it ran. SQLite, the default engine.
import { randomUUID } from 'node:crypto';
import { fmt, json, ownerApiKey, rssMb, startServer } from './lib.mjs';

const FLOWS = 500;
const MESSAGES = 50_000;

/** A chat-model node as the canvas stores it: params, anchors and inputs (about 2 KB of JSON). */
function node(id, x) {
  return {
    id,
    position: { x, y: 120 },
    type: 'customNode',
    width: 300,
    height: 574,
    data: {
      id,
      label: 'ChatOpenAI',
      version: 8,
      name: 'chatOpenAI',
      type: 'ChatOpenAI',
      baseClasses: ['ChatOpenAI', 'BaseChatModel', 'BaseLanguageModel', 'Runnable'],
      category: 'Chat Models',
      description: 'Wrapper around OpenAI large language models that use the Chat endpoint',
      inputParams: [
        {
          label: 'Connect Credential',
          name: 'credential',
          type: 'credential',
          credentialNames: ['openAIApi'],
        },
        {
          label: 'Model Name',
          name: 'modelName',
          type: 'asyncOptions',
          loadMethod: 'listModels',
          default: 'gpt-4o-mini',
        },
        {
          label: 'Temperature',
          name: 'temperature',
          type: 'number',
          step: 0.1,
          default: 0.9,
          optional: true,
        },
        {
          label: 'Max Tokens',
          name: 'maxTokens',
          type: 'number',
          step: 1,
          optional: true,
          additionalParams: true,
        },
        {
          label: 'Top Probability',
          name: 'topP',
          type: 'number',
          step: 0.1,
          optional: true,
          additionalParams: true,
        },
        { label: 'BasePath', name: 'basepath', type: 'string', optional: true, additionalParams: true },
      ],
      inputAnchors: [
        {
          label: 'Cache',
          name: 'cache',
          type: 'BaseCache',
          optional: true,
          id: `${id}-input-cache-BaseCache`,
        },
      ],
      inputs: {
        cache: '',
        modelName: 'gpt-4o-mini',
        temperature: 0.9,
        maxTokens: '',
        topP: '',
        basepath: '',
      },
      outputAnchors: [
        {
          id: `${id}-output-chatOpenAI-ChatOpenAI|BaseChatModel|BaseLanguageModel|Runnable`,
          name: 'chatOpenAI',
          label: 'ChatOpenAI',
          type: 'ChatOpenAI | BaseChatModel | BaseLanguageModel | Runnable',
        },
      ],
      outputs: {},
      selected: false,
    },
    selected: false,
  };
}

/** The bundle to import: FLOWS chatflows, MESSAGES messages spread over them (question, answer pairs). */
function workspaceBundle() {
  const flows = Array.from({ length: FLOWS }, (_, f) => {
    const nodes = Array.from({ length: 5 }, (_, n) => node(`chatOpenAI_${n}`, n * 350));
    return {
      id: randomUUID(),
      name: `Support flow ${f}`,
      flowData: JSON.stringify({ nodes, edges: [] }, null, 2),
      type: 'CHATFLOW',
    };
  });
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  const messages = Array.from({ length: MESSAGES }, (_, i) => {
    const flow = flows[i % FLOWS];
    const question = i % 2 === 0;
    return {
      id: randomUUID(),
      role: question ? 'userMessage' : 'apiMessage',
      chatflowid: flow.id,
      executionId: null,
      content: question
        ? `Question ${i}: how do I reset my password on the customer portal when the e-mail never arrives?`
        : `Answer ${i}: open the sign-in page, choose "Forgot password", and check the spam folder; if nothing arrives within ten minutes, ask an administrator to resend the link from the users page.`,
      sourceDocuments: null,
      usedTools: question ? null : '[]',
      fileAnnotations: null,
      agentReasoning: null,
      reasonContent: null,
      fileUploads: null,
      artifacts: null,
      action: null,
      chatType: 'INTERNAL',
      chatId: `chat-${Math.floor(i / 10)}`,
      memoryType: null,
      sessionId: null,
      leadEmail: null,
      followUpPrompts: null,
      createdDate: new Date(base + i * 1000).toISOString(),
    };
  });
  return { ChatFlow: flows, ChatMessage: messages };
}

/** Runs `work` while sampling the server's RSS every 25 ms; its time (ms) and the peak (MB). */
async function measured(pid, work) {
  let peak = rssMb(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
  const started = performance.now();
  try {
    const result = await work();
    return { ms: performance.now() - started, peak: Math.max(peak, rssMb(pid)), result };
  } finally {
    clearInterval(sampler);
  }
}

async function withServer(run) {
  const server = await startServer();
  try {
    const auth = { authorization: `Bearer ${await ownerApiKey(server.base)}` };
    return await run(server, auth);
  } finally {
    await server.stop();
  }
}

const ALL = Object.fromEntries(
  [
    'agentflow',
    'agentflowv2',
    'assistantCustom',
    'assistantOpenAI',
    'assistantAzure',
    'chatflow',
    'chat_message',
    'chat_feedback',
    'custom_template',
    'document_store',
    'execution',
    'tool',
    'variable',
  ].map((f) => [f, true]),
);

export async function exportImport(report) {
  const bundle = workspaceBundle();
  const size = (JSON.stringify(bundle).length / 1024 / 1024).toFixed(1);
  let exported;
  await withServer(async (server, auth) => {
    const idle = server.rssMb();
    const imported = await measured(server.pid, () =>
      json(server.base, 'POST', '/api/v1/export-import/import', bundle, auth),
    );
    const counts = imported.result.data.imported;
    if (counts.ChatFlow !== FLOWS || counts.ChatMessage !== MESSAGES)
      throw new Error(`import stored ${JSON.stringify(counts)}`);
    report(
      `import ${FLOWS} flows + ${fmt(MESSAGES / 1000, 0)}k messages (${size} MB bundle, one transaction), s`,
      fmt(imported.ms / 1000, 2),
      `peak RSS ${fmt(imported.peak, 0)} MB (idle ${fmt(idle, 0)} MB)`,
    );
    const out = await measured(server.pid, () =>
      json(server.base, 'POST', '/api/v1/export-import/export', ALL, auth),
    );
    exported = out.result.data;
    report(
      `export the same workspace (${fmt(JSON.stringify(exported).length / 1024 / 1024, 1)} MB answer), s`,
      fmt(out.ms / 1000, 2),
      `peak RSS ${fmt(out.peak, 0)} MB`,
    );
  });
  await withServer(async (server, auth) => {
    const { FileDefaultName: _name, ...file } = exported;
    const again = await measured(server.pid, () =>
      json(server.base, 'POST', '/api/v1/export-import/import', file, auth),
    );
    report(
      'import that export into a fresh server, s',
      fmt(again.ms / 1000, 2),
      `peak RSS ${fmt(again.peak, 0)} MB`,
    );
  });
}
