import { describe, expect, it } from 'vitest';
import type { NodeType } from '@flowloom/engine';
import { chatOpenAI_LlamaIndex } from '../../chat-models/llamaindex-chat-models.js';
import type { MemoryHandle } from '../../memory/memory.js';
import { bufferMemory } from '../../memory/bufferMemory/bufferMemory.js';
import { buildFlow, type NodeSpec } from '../../testing/flow-builder.js';
import { llamaIndexEngine, pineconeStore, upsert, scriptedServers } from '../../testing/llamaindex-flows.js';
import { streamedText } from '../../testing/model-flow.js';
import { CONTEXT_INTRO, contextChatEngine } from './contextChatEngine.js';

const servers = scriptedServers();

const MANUAL = 'The kettle boils in two minutes.\n\nDescale the kettle every month.';

/** A memory that keeps its own turns (as Redis does), recording what the engine asks it to save. */
const saved: [string, string][] = [];
const keepingMemory: NodeType = {
  icon: '',
  definition: { ...bufferMemory.definition, name: 'keepingMemory' },
  init: (): MemoryHandle => ({
    kind: 'memory',
    label: 'Keeping Memory',
    memoryKey: 'chat_history',
    load: () =>
      Promise.resolve([
        { role: 'userMessage', content: 'I have a kettle.' },
        { role: 'apiMessage', content: 'Nice kettle.' },
      ]),
    save: (question, answer) => Promise.resolve(void saved.push([question, answer])),
  }),
};

function chatFlow(namespace: string, engineInputs: Record<string, unknown>, memory: NodeSpec) {
  const store = pineconeStore('pinecone_0', { text: MANUAL, namespace, source: 'manual.txt' });
  return buildFlow(
    [
      ...store.nodes,
      { id: 'chatOpenAI_LlamaIndex_0', type: chatOpenAI_LlamaIndex, credential: 'openai' },
      memory,
      { id: 'contextChatEngine_0', type: contextChatEngine, inputs: engineInputs },
    ],
    [
      ...store.edges,
      ['chatOpenAI_LlamaIndex_0', 'contextChatEngine_0', 'model'],
      ['pinecone_0', 'contextChatEngine_0', 'vectorStoreRetriever'],
      [memory.id, 'contextChatEngine_0', 'memory'],
    ],
  );
}

describe('Context Chat Engine', () => {
  it('answers with the system message, the documents found and the conversation, and keeps the exchange', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone, { extra: [keepingMemory] });
    const flow = chatFlow(
      'chat',
      { systemMessagePrompt: 'You are the kettle manual.', returnSourceDocuments: true },
      { id: 'memory_0', type: keepingMemory },
    );
    await upsert(engine, flow, 'pinecone_0');
    servers.llm.reset();
    servers.llm.script({ text: 'Two minutes.' });
    const run = await engine.run(flow, { question: 'How fast does the kettle boil?', streaming: true });
    expect(streamedText(run.events)).toBe('Two minutes.');
    expect(run.output.text).toBe('Two minutes.');
    expect(run.output.sourceDocuments).toContainEqual({
      pageContent: 'The kettle boils in two minutes.',
      metadata: { source: 'manual.txt' },
    });
    const sent = servers.llm.requests.find((r) => r.path.endsWith('/chat/completions'))!.body as {
      model: string;
      messages: { role: string; content: string }[];
    };
    expect(sent.model).toBe('gpt-3.5-turbo');
    expect(sent.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(sent.messages[0]!.content).toMatch(
      new RegExp(`^You are the kettle manual\\.\\n\\n${CONTEXT_INTRO}\\n<doc id='0'>`),
    );
    expect(sent.messages[0]!.content).toContain('The kettle boils in two minutes.');
    expect(sent.messages.at(-1)!.content).toBe('How fast does the kettle boil?');
    expect(saved).toEqual([['How fast does the kettle boil?', 'Two minutes.']]);
  });

  it('reads the chat history through Buffer Memory and returns no sources unless asked', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = chatFlow('buffer', {}, { id: 'bufferMemory_0', type: bufferMemory });
    await upsert(engine, flow, 'pinecone_0');
    servers.llm.reset();
    const run = await engine.run(flow, {
      question: 'And descaling?',
      history: [
        { role: 'userMessage', content: 'Tell me about the kettle' },
        { role: 'apiMessage', content: 'It boils water.' },
      ],
    });
    expect(run.output).toEqual({ text: 'Hello from the test LLM. You said: And descaling?' });
    const sent = servers.llm.requests.find((r) => r.path.endsWith('/chat/completions'))!.body as {
      messages: { role: string; content: string }[];
    };
    expect(sent.messages[0]!.content.startsWith(CONTEXT_INTRO)).toBe(true);
    expect(sent.messages.slice(1).map((m) => m.content)).toEqual([
      'Tell me about the kettle',
      'It boils water.',
      'And descaling?',
    ]);
  });

  it('refuses a system message longer than 20,000 characters, naming the node', async () => {
    const engine = llamaIndexEngine(servers.llm, servers.pinecone);
    const flow = chatFlow(
      'long',
      { systemMessagePrompt: 'x'.repeat(20_001) },
      { id: 'bufferMemory_0', type: bufferMemory },
    );
    await expect(engine.run(flow, { question: 'hi' })).rejects.toThrow(
      'Context Chat Engine (contextChatEngine_0): System Message is longer than 20,000 characters',
    );
  });
});
