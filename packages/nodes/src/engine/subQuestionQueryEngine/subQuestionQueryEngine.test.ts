import { describe, expect, it } from 'vitest';
import { chatOpenAI_LlamaIndex } from '../../chat-models/llamaindex-chat-models.js';
import { openAIEmbedding_LlamaIndex } from '../../embeddings/llamaindex-embeddings.js';
import { compactrefineLlamaIndex } from '../../response-synthesizers/compactrefineLlamaIndex/compactrefineLlamaIndex.js';
import { queryEngineToolLlamaIndex } from '../../tools/queryEngineToolLlamaIndex/queryEngineToolLlamaIndex.js';
import { buildFlow } from '../../testing/flow-builder.js';
import {
  chatPrompts,
  llamaIndexEngine,
  pineconeStore,
  upsert,
  scriptedServers,
} from '../../testing/llamaindex-flows.js';
import { streamedText } from '../../testing/model-flow.js';
import { queryEngine } from '../queryEngine/queryEngine.js';
import { MAX_SUB_QUESTIONS, parseSubQuestions } from './sub-questions.js';
import { subQuestionQueryEngine } from './subQuestionQueryEngine.js';

const servers = scriptedServers();

const COMPANIES = {
  acme: 'Acme earned 5 million in 2023.',
  globex: 'Globex earned 9 million in 2023.',
} as const;

/**
 * The wiring of Flowise's "SubQuestion Query Engine" template: one Pinecone namespace read through
 * two metadata filters, a Query Engine and a QueryEngine Tool for each, and the Sub Question Query
 * Engine with its own model, embeddings and Compact and Refine synthesizer.
 */
function subQuestionFlow(namespace: string, acmeIndex = 'docs') {
  const stores = (['acme', 'globex'] as const).map((company) =>
    pineconeStore(company, {
      text: COMPANIES[company],
      namespace,
      source: company,
      inputs: {
        pineconeMetadataFilter: JSON.stringify({ source: company }),
        ...(company === 'acme' && { pineconeIndex: acmeIndex }),
      },
    }),
  );
  return buildFlow(
    [
      ...stores.flatMap((store) => store.nodes),
      { id: 'queryEngine_acme', type: queryEngine },
      { id: 'queryEngine_globex', type: queryEngine },
      {
        id: 'tool_acme',
        type: queryEngineToolLlamaIndex,
        inputs: { toolName: 'acme_tool', toolDesc: 'Annual report of Acme for 2023' },
      },
      {
        id: 'tool_globex',
        type: queryEngineToolLlamaIndex,
        inputs: { toolName: 'globex_tool', toolDesc: 'Annual report of Globex for 2023' },
      },
      { id: 'model_0', type: chatOpenAI_LlamaIndex, credential: 'openai', inputs: { temperature: 0 } },
      { id: 'embeddings_0', type: openAIEmbedding_LlamaIndex, credential: 'openai' },
      {
        id: 'compactrefine_0',
        type: compactrefineLlamaIndex,
        inputs: { textQAPrompt: 'Reports:\n{context}\nQ: {query}' },
      },
      {
        id: 'subQuestionQueryEngine_0',
        type: subQuestionQueryEngine,
        inputs: { returnSourceDocuments: true },
      },
    ],
    [
      ...stores.flatMap((store) => store.edges),
      ['acme', 'queryEngine_acme', 'vectorStoreRetriever'],
      ['globex', 'queryEngine_globex', 'vectorStoreRetriever'],
      ['queryEngine_acme', 'tool_acme', 'baseQueryEngine'],
      ['queryEngine_globex', 'tool_globex', 'baseQueryEngine'],
      ['tool_acme', 'subQuestionQueryEngine_0', 'queryEngineTools'],
      ['tool_globex', 'subQuestionQueryEngine_0', 'queryEngineTools'],
      ['model_0', 'subQuestionQueryEngine_0', 'model'],
      ['embeddings_0', 'subQuestionQueryEngine_0', 'embeddings'],
      ['compactrefine_0', 'subQuestionQueryEngine_0', 'responseSynthesizer'],
    ],
  );
}

const PLAN = `Here you go:
\`\`\`json
[{"subQuestion": "How much did Acme earn in 2023?", "toolName": "acme_tool"},
 {"subQuestion": "How much did Globex earn in 2023?", "toolName": "globex_tool"}]
\`\`\``;

describe('Sub Question Query Engine', () => {
  it('routes each sub-question to its tool’s engine and synthesises the answers, streaming only the last call', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = subQuestionFlow('reports');
    await upsert(engine, flow, 'acme');
    await upsert(engine, flow, 'globex');
    servers.llm.reset();
    servers.llm.script(
      { text: PLAN },
      { text: 'Acme: 5 million.' },
      { text: 'Globex: 9 million.' },
      { text: 'Globex earned more.' },
    );
    const run = await engine.run(flow, { question: 'Who earned more in 2023?', streaming: true });

    expect(run.output.text).toBe('Globex earned more.');
    expect(streamedText(run.events)).toBe('Globex earned more.');
    expect(run.output.sourceDocuments).toEqual([
      {
        pageContent: 'Sub question: How much did Acme earn in 2023?\nResponse: Acme: 5 million.',
        metadata: { toolName: 'acme_tool', subQuestion: 'How much did Acme earn in 2023?' },
      },
      {
        pageContent: 'Sub question: How much did Globex earn in 2023?\nResponse: Globex: 9 million.',
        metadata: { toolName: 'globex_tool', subQuestion: 'How much did Globex earn in 2023?' },
      },
    ]);
    const [plan, acme, globex, final] = chatPrompts(servers.llm);
    expect(chatPrompts(servers.llm)).toHaveLength(4);
    expect(plan).toContain('- acme_tool: Annual report of Acme for 2023');
    expect(plan).toContain('- globex_tool: Annual report of Globex for 2023');
    expect(plan).toContain('Question: Who earned more in 2023?');
    // Each engine searched through its own filter, and answered its sub-question only.
    expect(acme).toContain(COMPANIES.acme);
    expect(acme).not.toContain(COMPANIES.globex);
    expect(acme).toContain('Question: How much did Acme earn in 2023?');
    expect(globex).toContain(COMPANIES.globex);
    expect(final).toBe(
      'Reports:\nSub question: How much did Acme earn in 2023?\nResponse: Acme: 5 million.\n\nSub question: How much did Globex earn in 2023?\nResponse: Globex: 9 million.\nQ: Who earned more in 2023?',
    );
    const queries = servers.pinecone.calls.filter((call) => call.path.endsWith('/query'));
    expect(queries.map((q) => (q.body as { filter: unknown }).filter)).toEqual([
      { source: 'acme' },
      { source: 'globex' },
    ]);
  });

  it('fails naming the node and the tool when the model routes a sub-question to a tool not connected', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    servers.llm.script({ text: '[{"subQuestion": "What did Initech earn?", "toolName": "initech_tool"}]' });
    await expect(engine.run(subQuestionFlow('reports'), { question: 'Who earned more?' })).rejects.toThrow(
      'Sub Question Query Engine (subQuestionQueryEngine_0): the chat model sent the sub-question "What did Initech earn?" to the tool "initech_tool", which is not connected (connected tools: acme_tool, globex_tool)',
    );
    expect(chatPrompts(servers.llm)).toHaveLength(1);
  });

  it('fails naming the node when the model’s sub-questions cannot be read', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    servers.llm.script({ text: 'Sure, let me think about that.' });
    await expect(engine.run(subQuestionFlow('reports'), { question: 'Who earned more?' })).rejects.toThrow(
      'Sub Question Query Engine (subQuestionQueryEngine_0): the chat model\'s sub-questions could not be used (expected a JSON list of {"subQuestion", "toolName"}); it answered: "Sure, let me think about that."',
    );
  });

  it('fails naming the tool and the vector store when a tool’s store cannot be searched', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    servers.llm.script({ text: PLAN });
    await expect(
      engine.run(subQuestionFlow('reports', 'gone'), { question: 'Who earned more?' }),
    ).rejects.toThrow(
      /^Sub Question Query Engine \(subQuestionQueryEngine_0\): the tool acme_tool \(Query Engine \(queryEngine_acme\)\) failed: searching the vector store Pinecone \(acme\) failed: Pinecone: there is no index "gone"/,
    );
  });
});

describe('reading sub-questions', () => {
  const tools = new Set(['a', 'b']);
  it('takes a bare list, a list under "items" and snake_case fields', () => {
    expect(parseSubQuestions('[{"subQuestion":"q1","toolName":"a"}]', tools)).toEqual([
      { subQuestion: 'q1', toolName: 'a' },
    ]);
    expect(parseSubQuestions('{"items":[{"sub_question":"q2","tool_name":"b"}]}', tools)).toEqual([
      { subQuestion: 'q2', toolName: 'b' },
    ]);
    expect(parseSubQuestions('[]', tools)).toEqual([]);
  });

  it('refuses items without both fields and more than the most sub-questions', () => {
    expect(() => parseSubQuestions('[{"subQuestion":"q"}]', tools)).toThrow(
      'item 1 needs a "subQuestion" and a "toolName"',
    );
    const many = JSON.stringify(
      Array.from({ length: MAX_SUB_QUESTIONS + 1 }, () => ({ subQuestion: 'q', toolName: 'a' })),
    );
    expect(() => parseSubQuestions(many, tools)).toThrow(
      `11 sub-questions, at most ${MAX_SUB_QUESTIONS} are asked`,
    );
  });
});

describe('connected QueryEngine Tools', () => {
  it('must have different names', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = subQuestionFlow('reports');
    flow.nodes.find((n) => n.id === 'tool_acme')!.data.inputs.toolName = 'globex_tool';
    await expect(engine.run(flow, { question: 'x' })).rejects.toThrow(
      'Sub Question Query Engine (subQuestionQueryEngine_0): two connected QueryEngine Tools are named "globex_tool"',
    );
  });
});
