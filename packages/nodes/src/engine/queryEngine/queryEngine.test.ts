import { describe, expect, it } from 'vitest';
import { planChatflow } from '@flowloom/engine';
import { buildFlow, type EdgeSpec, type NodeSpec } from '../../testing/flow-builder.js';
import {
  chatPrompts,
  llamaIndexEngine,
  pineconeStore,
  upsert,
  scriptedServers,
} from '../../testing/llamaindex-flows.js';
import { streamedText } from '../../testing/model-flow.js';
import { refineLlamaIndex } from '../../response-synthesizers/refineLlamaIndex/refineLlamaIndex.js';
import { queryEngine } from './queryEngine.js';

const servers = scriptedServers();

const FACTS = 'Apples grow on apple trees.\n\nRice grows in flooded paddies.\n\nMoss grows on shady stones.';

function queryFlow(
  namespace: string,
  options: { engine?: Record<string, unknown>; store?: Record<string, unknown>; synthesizer?: NodeSpec } = {},
) {
  const store = pineconeStore('pinecone_0', {
    text: FACTS,
    namespace,
    source: 'growing.txt',
    inputs: { topK: 2, ...options.store },
  });
  const synthesizer = options.synthesizer;
  return buildFlow(
    [
      ...store.nodes,
      ...(synthesizer ? [synthesizer] : []),
      { id: 'queryEngine_0', type: queryEngine, inputs: options.engine },
    ],
    [
      ...store.edges,
      ['pinecone_0', 'queryEngine_0', 'vectorStoreRetriever'],
      ...(synthesizer ? [[synthesizer.id, 'queryEngine_0', 'responseSynthesizer'] satisfies EdgeSpec] : []),
    ],
  );
}

describe('Query Engine', () => {
  it('answers from the documents upserted into Pinecone, with them as sources when asked', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = queryFlow('answers', { engine: { returnSourceDocuments: true } });
    expect(await upsert(engine, flow, 'pinecone_0')).toMatchObject({ numAdded: 3 });
    const stored = [...servers.pinecone.records('docs', 'answers').values()];
    expect(stored.map((record) => record.metadata.text).sort()).toEqual([
      'Apples grow on apple trees.',
      'Moss grows on shady stones.',
      'Rice grows in flooded paddies.',
    ]);

    servers.llm.reset();
    servers.llm.script({ text: 'In paddies.' });
    const run = await engine.run(flow, { question: 'Where does rice grow?' });
    expect(run.output.text).toBe('In paddies.');
    expect(run.output.sourceDocuments).toHaveLength(2);
    // (The scripted server's 16-number vectors rank loosely: the rice passage is among the two.)
    expect(run.output.sourceDocuments).toContainEqual({
      pageContent: 'Rice grows in flooded paddies.',
      metadata: { source: 'growing.txt' },
    });
    // Compact and Refine by default: both passages fit one prompt, answered by the store's model.
    const [prompt] = chatPrompts(servers.llm);
    expect(chatPrompts(servers.llm)).toHaveLength(1);
    expect(prompt).toContain('Rice grows in flooded paddies.');
    expect(prompt).toContain('Question: Where does rice grow?');
    expect(servers.llm.requests.filter((r) => r.path.endsWith('/embeddings'))).toHaveLength(1);
  });

  it('streams the final answer and leaves the sources out unless asked', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = queryFlow('stream');
    await upsert(engine, flow, 'pinecone_0');
    expect(planChatflow(flow, engine.registry).streamable).toBe(true);
    servers.llm.script({ text: 'Moss likes shade.' });
    const run = await engine.run(flow, { question: 'What about moss?', streaming: true });
    expect(run.streamed).toBe(true);
    expect(run.events[0]!.event).toBe('start');
    expect(streamedText(run.events)).toBe('Moss likes shade.');
    expect(run.output).toEqual({ text: 'Moss likes shade.' });
  });

  it('uses the connected synthesizer: Refine asks once per document found', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = queryFlow('refine', {
      synthesizer: {
        id: 'refine_0',
        type: refineLlamaIndex,
        inputs: { refinePrompt: 'Better than "{existingAnswer}"? {context}' },
      },
    });
    await upsert(engine, flow, 'pinecone_0');
    servers.llm.reset();
    servers.llm.script({ text: 'draft' }, { text: 'final' });
    const run = await engine.run(flow, { question: 'Where do apples grow?' });
    expect(run.output.text).toBe('final');
    expect(chatPrompts(servers.llm)[1]).toMatch(/^Better than "draft"\? /);
  });

  it('searches with the store’s Top K and metadata filter', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = queryFlow('filtered', {
      engine: { returnSourceDocuments: true },
      store: { topK: 3, pineconeMetadataFilter: '{"source": "elsewhere.txt"}' },
    });
    await upsert(engine, flow, 'pinecone_0');
    const run = await engine.run(flow, { question: 'Where does rice grow?' });
    expect(run.output.sourceDocuments).toEqual([]);
    const query = servers.pinecone.calls.filter((c) => c.path.endsWith('/query')).at(-1)!;
    expect(query.body).toMatchObject({ topK: 3, filter: { source: 'elsewhere.txt' }, namespace: 'filtered' });
  });

  it('fails naming the engine and the vector store when the store cannot be searched', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = queryFlow('missing', { store: { pineconeIndex: 'no-such-index' } });
    await expect(engine.run(flow, { question: 'Where does rice grow?' })).rejects.toThrow(
      /^Query Engine \(queryEngine_0\): searching the vector store Pinecone \(pinecone_0\) failed: Pinecone: there is no index "no-such-index"/,
    );
    expect(chatPrompts(servers.llm)).toHaveLength(0);
  });

  it('needs a LlamaIndex vector store as its retriever', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = queryFlow('wrong');
    const node = flow.nodes.find((n) => n.id === 'queryEngine_0')!;
    node.data.inputs.vectorStoreRetriever = '{{pinecone_0_model.data.instance}}';
    await expect(engine.run(flow, { question: 'x' })).rejects.toThrow(
      /Query Engine \(queryEngine_0\): Vector Store Retriever must be a connected LlamaIndex vector store/,
    );
  });
});
