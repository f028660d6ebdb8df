import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embed } from './replies.js';
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
  it('returns one normalised vector per input, similar for shared words', async () => {
    const body = await (
      await post('/v1/embeddings', { input: ['red apple', 'red apple pie', 'blue car'] })
    ).json();
    expect(body.data).toHaveLength(3);
    const [a, b, c] = body.data.map((d: { embedding: number[] }) => d.embedding) as number[][];
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!));
    expect(Math.hypot(...embed('anything'))).toBeCloseTo(1);
    const ollama = await (await post('/api/embed', { input: 'x' })).json();
    expect(ollama.embeddings[0]).toHaveLength(16);
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
