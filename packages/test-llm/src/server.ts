import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  bedrockError,
  bedrockInvoke,
  bedrockRoute,
  bedrockUnsigned,
  converseAnswer,
  converseNeutral,
  converseStreamAnswer,
  type ConverseBody,
} from './bedrock.js';
import { anthropicChat, anthropicError, anthropicNeutral, type AnthropicBody } from './anthropic.js';
import { geminiChat, geminiError, geminiNeutral, type GeminiBody } from './gemini.js';
import { answerEmbeddings, embeddingWire } from './embeddings.js';
import { ollamaChat, ollamaNeutral, type OllamaBody } from './ollama.js';
import { answerSpeech, answerTranscription, audioWire } from './audio.js';
import { createAssistantsApi } from './assistants.js';
import { sendJson, textOf } from './wire.js';
import {
  argumentsText,
  chunks,
  decideReply,
  sleep,
  tokens,
  type NeutralRequest,
  type ScriptedReply,
} from './replies.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Path with its query string, e.g. `…/chat/completions?api-version=2024-10-21`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface TestLlmServer {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  /** OpenAI-style base URL (`<url>/v1`) for OpenAI, OpenAI-compatible and Anthropic clients. */
  openAiBaseUrl: string;
  /** Queues replies for the next chat calls, in order. */
  script(...replies: ScriptedReply[]): void;
  /**
   * Queues replies for the next embeddings calls, in order (apart from the chat queue, so a flow
   * that embeds and chats gets each its own). Only `error`, `delayMs` and `retryAfterMs` count.
   */
  scriptEmbeddings(...replies: ScriptedReply[]): void;
  /** Forgets queued replies, recorded requests and the Assistants API's objects. */
  reset(): void;
  /** Every request received, oldest first. Turn off with `record: false` (benchmarks). */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

type Message = NeutralRequest['messages'][number];

async function readRaw(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function parseBody(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  return text ? (JSON.parse(text) as unknown) : {};
}

// ---------- OpenAI ----------

interface OpenAiBody {
  model?: string;
  messages?: { role: string; content: unknown }[];
  tools?: { function: { name: string; parameters?: unknown } }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

function openAiNeutral(body: OpenAiBody): NeutralRequest {
  return {
    model: body.model ?? 'test-model',
    messages: (body.messages ?? []).map((m) => ({
      role: m.role as Message['role'],
      content: textOf(m.content),
    })),
    tools: (body.tools ?? []).map((t) => ({ name: t.function.name, parameters: t.function.parameters })),
    stream: body.stream === true,
  };
}

async function openAiChat(
  body: OpenAiBody,
  reply: ScriptedReply,
  response: ServerResponse,
  request: NeutralRequest,
) {
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const text = reply.text ?? '';
  const toolCalls = (reply.toolCalls ?? []).map((call, index) => ({
    index,
    id: call.id ?? `call_${index}_${randomUUID().slice(0, 8)}`,
    type: 'function' as const,
    function: { name: call.name, arguments: argumentsText(call.arguments) },
  }));
  const finish = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const promptTokens = tokens(request.messages.map((m) => m.content).join(' '));
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: tokens(text),
    total_tokens: promptTokens + tokens(text),
  };
  if (!request.stream) {
    sendJson(response, 200, {
      id,
      object: 'chat.completion',
      created,
      model: request.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: toolCalls.length > 0 && !text ? null : text,
            ...(toolCalls.length > 0 && { tool_calls: toolCalls.map(({ index: _i, ...call }) => call) }),
          },
          finish_reason: finish,
        },
      ],
      usage,
    });
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    response.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices, ...extra })}\n\n`,
    );
  send([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
  for (const piece of chunks(reply.reasoning ?? '')) {
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    send([{ index: 0, delta: { reasoning_content: piece }, finish_reason: null }]);
  }
  for (const piece of chunks(text)) {
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    send([{ index: 0, delta: { content: piece }, finish_reason: null }]);
  }
  for (const call of toolCalls) {
    send([
      {
        index: 0,
        delta: {
          tool_calls: [
            {
              index: call.index,
              id: call.id,
              type: 'function',
              function: { name: call.function.name, arguments: '' },
            },
          ],
        },
        finish_reason: null,
      },
    ]);
    const args = call.function.arguments;
    const half = Math.ceil(args.length / 2);
    for (const piece of [args.slice(0, half), args.slice(half)]) {
      if (piece)
        send([
          {
            index: 0,
            delta: { tool_calls: [{ index: call.index, function: { arguments: piece } }] },
            finish_reason: null,
          },
        ]);
    }
  }
  send([{ index: 0, delta: {}, finish_reason: finish }]);
  if (body.stream_options?.include_usage) send([], { usage });
  response.end('data: [DONE]\n\n');
}

function openAiError(response: ServerResponse, error: { status: number; message: string }) {
  sendJson(response, error.status, {
    error: {
      message: error.message,
      type: error.status === 429 ? 'rate_limit_error' : 'invalid_request_error',
      code: null,
    },
  });
}

// ---------- server ----------

export async function startTestLlmServer(
  options: { port?: number; host?: string; record?: boolean } = {},
): Promise<TestLlmServer> {
  const queue: ScriptedReply[] = [];
  const embeddingQueue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const record = options.record ?? true;
  const assistants = createAssistantsApi(() => queue.shift());

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      try {
        const raw = request.method === 'POST' ? await readRaw(request) : Buffer.alloc(0);
        const contentType = request.headers['content-type'] ?? '';
        // Multipart bodies (audio uploads) are recorded as their size; the rest is JSON.
        const body = contentType.startsWith('multipart/') ? { multipartBytes: raw.length } : parseBody(raw);
        if (record)
          requests.push({
            method: request.method ?? 'GET',
            path,
            url: request.url ?? path,
            headers: request.headers,
            body,
          });
        if (request.method === 'GET' && (path === '/v1/models' || path === '/api/tags')) {
          return sendJson(response, 200, {
            object: 'list',
            data: [{ id: 'test-model', object: 'model' }],
            models: [{ name: 'test-model' }],
          });
        }
        if (
          await assistants.answer(
            request.method ?? 'GET',
            path,
            raw,
            contentType,
            body,
            response,
            request.headers,
          )
        )
          return;
        const audio = request.method === 'POST' ? audioWire(path) : undefined;
        if (audio === 'speech') return answerSpeech(body, response);
        if (audio === 'transcriptions') return await answerTranscription(raw, contentType, response);
        const bedrock = request.method === 'POST' ? bedrockRoute(path) : undefined;
        if (bedrock && bedrockUnsigned(request.headers))
          return bedrockError(response, { status: 403, message: 'Missing Authentication Token' });
        if (bedrock?.action === 'invoke')
          return await bedrockInvoke(bedrock.model, body, embeddingQueue.shift(), response);
        const embeddings = request.method === 'POST' ? embeddingWire(path, body) : undefined;
        if (embeddings)
          return await answerEmbeddings(embeddings, path, body, embeddingQueue.shift(), response);
        // Any prefix before /chat/completions: Azure deployments, Groq's /openai/v1, proxies.
        const gemini = /\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(path);
        const protocol = path.endsWith('/chat/completions')
          ? 'openai'
          : path === '/v1/messages'
            ? 'anthropic'
            : path === '/api/chat'
              ? 'ollama'
              : gemini
                ? 'gemini'
                : bedrock
                  ? 'bedrock'
                  : undefined;
        if (!protocol)
          return sendJson(response, 404, { error: { message: `No route ${request.method} ${path}` } });
        const neutral =
          protocol === 'openai'
            ? openAiNeutral(body as OpenAiBody)
            : protocol === 'anthropic'
              ? anthropicNeutral(body as AnthropicBody)
              : protocol === 'gemini'
                ? geminiNeutral(body as GeminiBody, gemini![1]!, gemini![2] === 'streamGenerateContent')
                : protocol === 'bedrock'
                  ? converseNeutral(body as ConverseBody, bedrock!.model, bedrock!.action === 'stream')
                  : ollamaNeutral(body as OllamaBody);
        const reply = decideReply(neutral, queue.shift());
        if (reply.delayMs) await sleep(reply.delayMs);
        if (reply.error) {
          if (reply.retryAfterMs !== undefined)
            response.setHeader('retry-after-ms', String(reply.retryAfterMs));
          if (protocol === 'anthropic') return anthropicError(response, reply.error);
          if (protocol === 'gemini') return geminiError(response, reply.error);
          if (protocol === 'bedrock') return bedrockError(response, reply.error);
          return openAiError(response, reply.error);
        }
        if (protocol === 'openai') return await openAiChat(body as OpenAiBody, reply, response, neutral);
        if (protocol === 'anthropic') return await anthropicChat(reply, response, neutral);
        if (protocol === 'gemini') return await geminiChat(reply, response, neutral);
        if (protocol === 'bedrock')
          return neutral.stream
            ? await converseStreamAnswer(reply, response, neutral)
            : converseAnswer(reply, response, neutral);
        return await ollamaChat(reply, response, neutral);
      } catch (error) {
        if (!response.headersSent)
          sendJson(response, 400, { error: { message: `Test LLM server: ${(error as Error).message}` } });
        else response.end();
      }
    })();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openAiBaseUrl: `${url}/v1`,
    script: (...replies) => void queue.push(...replies),
    scriptEmbeddings: (...replies) => void embeddingQueue.push(...replies),
    reset() {
      queue.length = 0;
      embeddingQueue.length = 0;
      requests.length = 0;
      assistants.reset();
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
