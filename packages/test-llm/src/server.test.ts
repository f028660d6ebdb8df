import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed, embeddingJson } from './replies.js';
import { startTestLlmServer, type TestLlmServer } from './server.js';

let llm: TestLlmServer;
beforeAll(async () => {
  llm = await startTestLlmServer();
});
afterAll(async () => llm.close());
beforeEach(() => llm.reset());

// Answers are asserted field by field; typing every provider shape here would only restate the server.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type JsonResponse = Omit<Response, 'json'> & { json(): Promise<Json> };

const post = (path: string, body: unknown): Promise<JsonResponse> =>
  fetch(`${llm.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Data lines of an SSE answer, parsed. */
async function sse(response: JsonResponse): Promise<unknown[]> {
  const text = await response.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)) as unknown);
}

describe('OpenAI chat completions', () => {
  it('answers deterministically and records the request', async () => {
    const body = await (
      await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'Hi there' }] })
    ).json();
    expect(body.choices[0].message.content).toBe('Hello from the test LLM. You said: Hi there');
    expect(body.usage.total_tokens).toBeGreaterThan(0);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.path).toBe('/v1/chat/completions');
  });

  it('streams word chunks, a finish reason, usage and [DONE]', async () => {
    llm.script({ text: 'one two three' });
    const response = await post('/v1/chat/completions', {
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await sse(response)) as {
      choices: { delta: { content?: string }; finish_reason: string | null }[];
      usage?: unknown;
    }[];
    expect(events.flatMap((e) => e.choices.map((c) => c.delta.content ?? '')).join('')).toBe('one two three');
    expect(events.at(-2)!.choices[0]!.finish_reason).toBe('stop');
    expect(events.at(-1)!.usage).toBeDefined();
  });

  it('calls a tool, then reports the tool result', async () => {
    const first = await (
      await post('/v1/chat/completions', {
        messages: [{ role: 'user', content: 'add [[tool:calculator {"input":"2+2"}]]' }],
        tools: [{ type: 'function', function: { name: 'calculator' } }],
      })
    ).json();
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(first.choices[0].message.tool_calls[0].function).toEqual({
      name: 'calculator',
      arguments: '{"input":"2+2"}',
    });
    const second = await (
      await post('/v1/chat/completions', {
        messages: [
          { role: 'user', content: 'add' },
          { role: 'tool', content: '4' },
        ],
      })
    ).json();
    expect(second.choices[0].message.content).toBe('The tool said 4');
  });

  it('streams tool-call deltas', async () => {
    llm.script({ toolCalls: [{ name: 'lookup', arguments: { q: 'weather' } }] });
    const events = (await sse(
      await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'x' }], stream: true }),
    )) as { choices: { delta: { tool_calls?: { function: { name?: string; arguments?: string } }[] } }[] }[];
    const calls = events.flatMap((e) => e.choices.flatMap((c) => c.delta.tool_calls ?? []));
    expect(calls[0]!.function.name).toBe('lookup');
    expect(calls.map((c) => c.function.arguments ?? '').join('')).toBe('{"q":"weather"}');
  });

  it('answers a scripted or cued error with its status', async () => {
    llm.script({ error: { status: 401, message: 'Incorrect API key provided' } });
    const scripted = await post('/v1/chat/completions', { messages: [] });
    expect(scripted.status).toBe(401);
    expect(((await scripted.json()) as Json).error.message).toBe('Incorrect API key provided');
    const cued = await post('/v1/chat/completions', {
      messages: [{ role: 'user', content: '[[error:429 Slow down]]' }],
    });
    expect(cued.status).toBe(429);
  });

  it('waits when told to', async () => {
    const started = Date.now();
    await post('/v1/chat/completions', { messages: [{ role: 'user', content: '[[delay:120]] hi' }] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
  });
});

describe('embeddings', () => {
  const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);

  it('returns one normalised vector per input, similar for shared words', async () => {
    const body = await (
      await post('/v1/embeddings', { input: ['red apple', 'red apple pie', 'blue car'] })
    ).json();
    expect(body.data).toHaveLength(3);
    const [a, b, c] = body.data.map((d: { embedding: number[] }) => d.embedding) as number[][];
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
    expect(a).toEqual(embed('red apple'));
    expect(Math.hypot(...embed('anything'))).toBeCloseTo(1);
    expect(embed('')).toEqual(new Array(16).fill(0));
  });

  it('writes the same vectors as JSON text, cached or not, at any length', () => {
    for (const dimensions of [1, 3, 16, 1536])
      for (const text of ['', 'a', 'red apple pie red', 'Äpfel und Birnen 42'])
        for (let twice = 0; twice < 2; twice++)
          expect(embeddingJson(text, dimensions)).toBe(JSON.stringify(embed(text, dimensions)));
  });

  it('answers the OpenAI shape under any prefix, with the dimensions asked for', async () => {
    const azure = await (
      await post('/openai/deployments/emb/embeddings?api-version=2024-10-21', {
        input: 'red apple',
        dimensions: 1536,
      })
    ).json();
    expect(azure.data[0].embedding).toEqual(embed('red apple', 1536));
    expect(azure.usage.prompt_tokens).toBeGreaterThan(0);
    expect(llm.requests[0]!.path).toBe('/openai/deployments/emb/embeddings');
  });

  it('answers Gemini batchEmbedContents and embedContent per request', async () => {
    const batch = await (
      await post('/v1beta/models/gemini-embedding-001:batchEmbedContents', {
        requests: [
          { model: 'models/gemini-embedding-001', content: { parts: [{ text: 'red apple' }] } },
          { content: { parts: [{ text: 'blue ' }, { text: 'car' }] }, outputDimensionality: 8 },
        ],
      })
    ).json();
    expect(batch.embeddings.map((e: { values: number[] }) => e.values)).toEqual([
      embed('red apple'),
      embed('blue car', 8),
    ]);
    const single = await (
      await post('/v1beta/models/gemini-embedding-001:embedContent', {
        content: { parts: [{ text: 'red apple' }] },
      })
    ).json();
    expect(single.embedding.values).toEqual(embed('red apple'));
  });

  it('answers Cohere v2 by type and v1 as a plain list', async () => {
    const v2 = await (
      await post('/v2/embed', {
        model: 'embed-english-v3.0',
        texts: ['red apple', 'blue car'],
        embedding_types: ['float'],
        input_type: 'search_query',
        output_dimension: 256,
      })
    ).json();
    expect(v2.embeddings.float).toEqual([embed('red apple', 256), embed('blue car', 256)]);
    expect(v2.meta.billed_units.input_tokens).toBeGreaterThan(0);
    const v1 = await (await post('/v1/embed', { texts: ['red apple'] })).json();
    expect(v1.embeddings).toEqual([embed('red apple')]);
  });

  it("answers Ollama's /api/embed with the fields its clients require, and the legacy /api/embeddings", async () => {
    const ollama = await (
      await post('/api/embed', { model: 'nomic-embed-text', input: ['x', 'y'], dimensions: 4 })
    ).json();
    expect(ollama).toMatchObject({ model: 'nomic-embed-text', total_duration: 1, load_duration: 0 });
    expect(ollama.embeddings).toEqual([embed('x', 4), embed('y', 4)]);
    expect(typeof ollama.prompt_eval_count).toBe('number');
    const legacy = await (await post('/api/embeddings', { prompt: 'x' })).json();
    expect(legacy.embedding).toEqual(embed('x'));
  });

  it('fails a request when any of its texts carries an error cue, in the shape of its wire', async () => {
    const openAi = await post('/v1/embeddings', { input: ['fine', '[[error:500 boom]] bad'] });
    expect(openAi.status).toBe(500);
    // Mistral reads the top level, OpenAI-compatible clients `error`; the path is the same.
    expect(await openAi.json()).toMatchObject({
      object: 'error',
      message: 'boom',
      error: { message: 'boom' },
    });
    const gemini = await post('/v1beta/models/m:batchEmbedContents', {
      requests: [{ content: { parts: [{ text: '[[error:429 slow down]]' }] } }],
    });
    expect(gemini.status).toBe(429);
    expect(((await gemini.json()) as Json).error).toMatchObject({ code: 429, message: 'slow down' });
    const cohere = await post('/v2/embed', { texts: ['[[error:401 invalid api token]]'] });
    expect(cohere.status).toBe(401);
    expect(await cohere.json()).toEqual({ message: 'invalid api token' });
  });

  it('waits on a delay cue, sends retry-after-ms on request, and embeds texts without their cues', async () => {
    const started = Date.now();
    const body = await (await post('/v1/embeddings', { input: ['[[delay:120]] red apple'] })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(body.data[0].embedding).toEqual(embed('red apple'));
    const failed = await post('/api/embed', { input: ['[[error:503 busy]][[retryAfter:0]]'] });
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after-ms')).toBe('0');
  });

  it('takes scripted embedding replies from their own queue, leaving the chat queue alone', async () => {
    llm.script({ text: 'chat reply' });
    llm.scriptEmbeddings({ error: { status: 500, message: 'first fails' }, retryAfterMs: 5 });
    const first = await post('/v1/embeddings', { input: 'a' });
    expect(first.status).toBe(500);
    expect(first.headers.get('retry-after-ms')).toBe('5');
    expect((await post('/v1/embeddings', { input: 'a' })).status).toBe(200);
    const chat = await (
      await post('/v1/chat/completions', { messages: [{ role: 'user', content: 'x' }] })
    ).json();
    expect(chat.choices[0].message.content).toBe('chat reply');
  });

  it('answers thousands of 1536-dimension vectors a second', async () => {
    const texts = Array.from({ length: 2000 }, (_, i) => `chunk ${i} about apples, pears and plums`);
    const started = performance.now();
    for (let i = 0; i < texts.length; i += 250) {
      const body = await (
        await post('/v1/embeddings', { input: texts.slice(i, i + 250), dimensions: 1536 })
      ).json();
      expect(body.data).toHaveLength(250);
    }
    // About 0.2 s on a laptop; the bound leaves room for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('Anthropic messages', () => {
  it('answers text and tool use, streamed and not', async () => {
    const plain = await (
      await post('/v1/messages', {
        model: 'claude',
        messages: [{ role: 'user', content: 'Hi' }],
        max_tokens: 10,
      })
    ).json();
    expect(plain.content[0]).toEqual({ type: 'text', text: 'Hello from the test LLM. You said: Hi' });
    llm.script({ toolCalls: [{ name: 'calc', arguments: { a: 1 } }] });
    const tool = await (
      await post('/v1/messages', { messages: [{ role: 'user', content: 'x' }], max_tokens: 10 })
    ).json();
    expect(tool.stop_reason).toBe('tool_use');
    expect(tool.content[0]).toMatchObject({ type: 'tool_use', name: 'calc', input: { a: 1 } });
    const after = await (
      await post('/v1/messages', {
        messages: [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: '42' }] }],
        max_tokens: 10,
      })
    ).json();
    expect(after.content[0].text).toBe('The tool said 42');
    const streamed = await (
      await post('/v1/messages', {
        messages: [{ role: 'user', content: 'a b' }],
        stream: true,
        max_tokens: 10,
      })
    ).text();
    expect(streamed).toContain('event: message_start');
    expect(streamed).toContain('"type":"text_delta"');
    expect(streamed).toContain('event: message_stop');
  });
});

describe('Ollama chat', () => {
  it('streams NDJSON by default and answers JSON when stream is false', async () => {
    const lines = (
      await (await post('/api/chat', { model: 'llama', messages: [{ role: 'user', content: 'yo' }] })).text()
    )
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { message: { content: string }; done: boolean });
    expect(lines.at(-1)!.done).toBe(true);
    expect(lines.map((l) => l.message.content).join('')).toBe('Hello from the test LLM. You said: yo');
    const once = await (
      await post('/api/chat', { messages: [{ role: 'user', content: 'yo' }], stream: false })
    ).json();
    expect(once.message.content).toBe('Hello from the test LLM. You said: yo');
  });
});

describe('OpenAI-compatible paths', () => {
  it('answers chat completions under any prefix (Azure deployments, Groq, proxies)', async () => {
    const azure = await (
      await post('/openai/deployments/my-gpt/chat/completions?api-version=2024-10-21', {
        messages: [{ role: 'user', content: 'Hi Azure' }],
      })
    ).json();
    expect(azure.choices[0].message.content).toBe('Hello from the test LLM. You said: Hi Azure');
    expect(llm.requests[0]!.path).toBe('/openai/deployments/my-gpt/chat/completions');
  });
});

describe('Gemini generateContent', () => {
  it('answers text, function calls and function results in the Gemini shape', async () => {
    const plain = await (
      await post('/v1beta/models/gemini-test:generateContent', {
        systemInstruction: { parts: [{ text: 'Be brief' }] },
        contents: [{ role: 'user', parts: [{ text: 'Hi Gemini' }] }],
      })
    ).json();
    expect(plain.candidates[0].content.parts[0].text).toBe('Hello from the test LLM. You said: Hi Gemini');
    expect(plain.candidates[0].finishReason).toBe('STOP');
    expect(plain.usageMetadata.totalTokenCount).toBeGreaterThan(0);

    const call = await (
      await post('/v1beta/models/gemini-test:generateContent', {
        contents: [{ role: 'user', parts: [{ text: 'sum [[tool:calculator {"input":"1+1"}]]' }] }],
        tools: [{ functionDeclarations: [{ name: 'calculator' }] }],
      })
    ).json();
    expect(call.candidates[0].content.parts[0].functionCall).toEqual({
      name: 'calculator',
      args: { input: '1+1' },
    });

    const result = await (
      await post('/v1beta/models/gemini-test:generateContent', {
        contents: [
          { role: 'user', parts: [{ text: 'sum' }] },
          { role: 'model', parts: [{ functionCall: { name: 'calculator', args: { input: '1+1' } } }] },
          {
            role: 'user',
            parts: [
              { functionResponse: { name: 'calculator', response: { name: 'calculator', content: '2' } } },
            ],
          },
        ],
      })
    ).json();
    expect(result.candidates[0].content.parts[0].text).toBe('The tool said 2');
  });

  it('streams SSE chunks from streamGenerateContent', async () => {
    llm.script({ text: 'one two three' });
    const response = await post('/v1beta/models/gemini-test:streamGenerateContent?alt=sse', {
      contents: [{ role: 'user', parts: [{ text: 'x' }] }],
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const events = (await sse(response)) as {
      candidates: { content?: { parts: { text?: string }[] }; finishReason?: string }[];
    }[];
    const text = events
      .flatMap((e) => e.candidates.flatMap((c) => c.content?.parts ?? []))
      .map((p) => p.text);
    expect(text.join('')).toBe('one two three');
    expect(events.at(-1)!.candidates[0]!.finishReason).toBe('STOP');
  });

  it('answers errors in the Google shape', async () => {
    llm.script({ error: { status: 429, message: 'Quota exceeded' } });
    const response = await post('/v1beta/models/gemini-test:generateContent', { contents: [] });
    expect(response.status).toBe(429);
    expect((await response.json()).error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
  });
});
