import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { NodeType } from '@flowloom/engine';
import { chatOpenAI_LlamaIndex } from '../chat-models/llamaindex-chat-models.js';
import type { ChatModelHandle } from '../llm/chat-model.js';
import { nodeContext, testRun } from '../testing/node-context.js';
import { loadTokenizer } from '../utilities/tokenizer.js';
import { compactrefineLlamaIndex } from './compactrefineLlamaIndex/compactrefineLlamaIndex.js';
import { refineLlamaIndex } from './refineLlamaIndex/refineLlamaIndex.js';
import { simpleResponseBuilderLlamaIndex } from './simpleResponseBuilderLlamaIndex/simpleResponseBuilderLlamaIndex.js';
import { treeSummarizeLlamaIndex } from './treeSummarizeLlamaIndex/treeSummarizeLlamaIndex.js';
import {
  contextWindowOf,
  DEFAULT_REFINE_PROMPT,
  DEFAULT_TEXT_QA_PROMPT,
  fillPrompt,
  packChunks,
  synthesize,
  type ResponseSynthesizerHandle,
} from './synthesize.js';

let llm: TestLlmServer;
beforeAll(async () => (llm = await startTestLlmServer()));
afterAll(() => llm.close());
beforeEach(() => llm.reset());

async function model(modelName: string): Promise<ChatModelHandle> {
  const ctx = nodeContext(chatOpenAI_LlamaIndex, {
    inputs: { modelName },
    credential: { openAIApiKey: 'sk-test' },
    services: { providerBaseUrls: { openai: llm.openAiBaseUrl } },
  });
  return (await chatOpenAI_LlamaIndex.init!(ctx)) as ChatModelHandle;
}

const synthesizer = (type: NodeType, inputs: Record<string, unknown> = {}) =>
  type.init!(nodeContext(type, { inputs })) as ResponseSynthesizerHandle;

/** The prompts the scripted server received, in order. */
const prompts = () =>
  llm.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => (r.body as { messages: { content: string }[] }).messages.at(-1)!.content);

/** Runs a synthesis as a streaming run; answers the text and the streamed tokens. */
async function run(handle: ResponseSynthesizerHandle, chunks: string[], modelName = 'gpt-4o-mini') {
  const events: { event: string; data: unknown }[] = [];
  const ctx = nodeContext(simpleResponseBuilderLlamaIndex);
  const text = await synthesize(handle, {
    model: await model(modelName),
    run: testRun(ctx.run.services, { streaming: true, emit: (event, data) => events.push({ event, data }) }),
    query: 'What grows where?',
    chunks,
    stream: true,
  });
  const streamed = events.filter((e) => e.event === 'token').map((e) => String(e.data));
  return { text, streamed: streamed.join('') };
}

const CHUNKS = ['Apples grow on trees.', 'Rice grows in paddies.', 'Moss grows on stones.'];
/** A chunk of about `tokens` tokens: a gpt-4 window (8,192) holds two of 3,000 but not three. */
const big = (word: string, tokens = 3_000) => ` ${word}`.repeat(tokens);

describe('Simple Response Builder', () => {
  it('answers in one call with every chunk in the prompt', async () => {
    llm.script({ text: 'Everywhere.' });
    const { text, streamed } = await run(synthesizer(simpleResponseBuilderLlamaIndex), CHUNKS);
    expect(text).toBe('Everywhere.');
    expect(streamed).toBe('Everywhere.');
    expect(prompts()).toEqual([
      fillPrompt(DEFAULT_TEXT_QA_PROMPT, { context: CHUNKS.join('\n\n'), query: 'What grows where?' }),
    ]);
  });
});

describe('Refine', () => {
  it('answers from the first chunk, then makes one refining call per further chunk; only the last streams', async () => {
    llm.script({ text: 'first' }, { text: 'second' }, { text: 'third' });
    const handle = synthesizer(refineLlamaIndex, {
      textQAPrompt: 'QA [{context}] for {query}',
      refinePrompt: 'REFINE {existingAnswer} with [{context}] for {query}',
    });
    const { text, streamed } = await run(handle, CHUNKS);
    expect(text).toBe('third');
    expect(streamed).toBe('third');
    expect(prompts()).toEqual([
      'QA [Apples grow on trees.] for What grows where?',
      'REFINE first with [Rice grows in paddies.] for What grows where?',
      'REFINE second with [Moss grows on stones.] for What grows where?',
    ]);
  });

  it('still asks once, with an empty context, when nothing was found', async () => {
    const { text } = await run(synthesizer(refineLlamaIndex), []);
    expect(text).toContain('Hello from the test LLM');
    expect(prompts()).toHaveLength(1);
  });
});

describe('Compact and Refine', () => {
  it('packs chunks that fit the context window into one call', async () => {
    await run(synthesizer(compactrefineLlamaIndex), CHUNKS);
    expect(prompts()).toHaveLength(1);
    expect(prompts()[0]).toContain(
      'Apples grow on trees.\n\nRice grows in paddies.\n\nMoss grows on stones.',
    );
  });

  it('makes fewer calls than Refine when the chunks need more than one prompt', async () => {
    const chunks = [big('apple'), big('rice'), big('moss')];
    llm.script({ text: 'packed answer' }, { text: 'refined answer' });
    const { text, streamed } = await run(synthesizer(compactrefineLlamaIndex), chunks, 'gpt-4');
    expect(text).toBe('refined answer');
    expect(streamed).toBe('refined answer');
    const [first, second] = prompts();
    expect(prompts()).toHaveLength(2);
    expect(first).toContain('apple apple');
    expect(first).toContain('rice rice');
    expect(first).not.toContain('moss');
    expect(second).toContain('Answer so far: packed answer');
    expect(second).toContain('moss moss');

    llm.reset();
    llm.script({ text: 'one' }, { text: 'two' }, { text: 'three' });
    await run(synthesizer(refineLlamaIndex), chunks, 'gpt-4');
    expect(prompts()).toHaveLength(3);
  });
});

describe('TreeSummarize', () => {
  it('answers groups that fit one prompt, then answers from their answers', async () => {
    const chunks = [big('apple'), big('rice'), big('moss')];
    llm.script({ text: 'summary one' }, { text: 'summary two' }, { text: 'the whole answer' });
    const handle = synthesizer(treeSummarizeLlamaIndex, { prompt: 'TREE {query}: {context}' });
    const { text, streamed } = await run(handle, chunks, 'gpt-4');
    expect(text).toBe('the whole answer');
    expect(streamed).toBe('the whole answer');
    const sent = prompts();
    expect(sent).toHaveLength(3);
    expect(sent[0]).toMatch(/^TREE What grows where\?: {2}apple/);
    expect(sent[0]).toContain('rice rice');
    expect(sent[1]).toContain('moss moss');
    expect(sent[2]).toBe('TREE What grows where?: summary one\n\nsummary two');
  });

  it('answers in a single call when everything fits', async () => {
    await run(synthesizer(treeSummarizeLlamaIndex), CHUNKS);
    expect(prompts()).toHaveLength(1);
  });
});

describe('synthesizer nodes and prompts', () => {
  it('build their strategy with our default prompts when theirs are empty', () => {
    expect(synthesizer(compactrefineLlamaIndex, { textQAPrompt: '', refinePrompt: '' })).toEqual({
      kind: 'responseSynthesizer',
      mode: 'compactRefine',
      textQAPrompt: DEFAULT_TEXT_QA_PROMPT,
      refinePrompt: DEFAULT_REFINE_PROMPT,
    });
    expect(synthesizer(simpleResponseBuilderLlamaIndex).mode).toBe('simple');
    expect(synthesizer(treeSummarizeLlamaIndex).mode).toBe('treeSummarize');
  });

  it('refuse a prompt longer than 20,000 characters, naming it', () => {
    expect(() => synthesizer(refineLlamaIndex, { refinePrompt: 'x'.repeat(20_001) })).toThrow(
      'Refine Prompt is longer than 20,000 characters',
    );
  });

  it('fill variables literally and leave other braces alone', () => {
    expect(fillPrompt('{query} / {context} / {other} / {query}', { query: "$& $'", context: 'c' })).toBe(
      "$& $' / c / {other} / $& $'",
    );
  });

  it('fail clearly when the prompt leaves no room for passages', async () => {
    const handle = synthesizer(refineLlamaIndex, { textQAPrompt: `${big('long', 3_990)} {context}` });
    await expect(run(handle, CHUNKS, 'local-model')).rejects.toThrow(
      /leaves no room for passages in the context window of ChatOpenAI \(local-model, 4096 tokens\)/,
    );
    expect(prompts()).toHaveLength(0);
  });

  it('pack chunks in order and cut a chunk larger than the room', async () => {
    await loadTokenizer();
    expect(packChunks(['a', 'b', 'c'], 100)).toEqual(['a\n\nb\n\nc']);
    const pieces = packChunks([big('moss', 250)], 100);
    expect(pieces).toHaveLength(3);
    expect(pieces.join('')).toBe(big('moss', 250));
    expect(contextWindowOf('claude-3-haiku-20240307')).toBe(200_000);
    expect(contextWindowOf('some-local-model')).toBe(4_096);
  });
});
