import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson } from './wire.js';
import {
  argumentsObject,
  chunks,
  sleep,
  tokens,
  type NeutralRequest,
  type ScriptedReply,
} from './replies.js';

/** The parts of a Gemini `generateContent` request the server reads. */
export interface GeminiBody {
  contents?: {
    role?: string;
    parts?: {
      text?: string;
      functionCall?: { name: string; args?: unknown };
      functionResponse?: { name: string; response?: unknown };
    }[];
  }[];
  systemInstruction?: { parts?: { text?: string }[] };
  tools?: { functionDeclarations?: { name: string; parameters?: unknown }[] }[];
}

type Message = NeutralRequest['messages'][number];

/** Tool results arrive as `functionResponse` parts; their text is the tool's output. */
function responseText(response: unknown): string {
  const content = (response as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string') return content;
  return JSON.stringify(content ?? response ?? null);
}

/** `POST /v1beta/models/<model>:generateContent` (or `:streamGenerateContent?alt=sse`) as a neutral request. */
export function geminiNeutral(body: GeminiBody, model: string, stream: boolean): NeutralRequest {
  const messages: Message[] = [];
  const system = (body.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('');
  if (system) messages.push({ role: 'system', content: system });
  for (const content of body.contents ?? []) {
    const parts = content.parts ?? [];
    const results = parts.filter((p) => p.functionResponse);
    if (results.length > 0) {
      messages.push({
        role: 'tool',
        content: results.map((p) => responseText(p.functionResponse!.response)).join('\n'),
      });
      continue;
    }
    messages.push({
      role: content.role === 'model' ? 'assistant' : 'user',
      content: parts.map((p) => p.text ?? '').join(''),
    });
  }
  return {
    model,
    messages,
    tools: (body.tools ?? []).flatMap((t) =>
      (t.functionDeclarations ?? []).map((f) => ({ name: f.name, parameters: f.parameters })),
    ),
    stream,
  };
}

/** Answers in Gemini's shape: one JSON body, or SSE chunks (`data: {candidates…}`) when streaming. */
export async function geminiChat(reply: ScriptedReply, response: ServerResponse, request: NeutralRequest) {
  const text = reply.text ?? '';
  const calls = (reply.toolCalls ?? []).map((call) => ({
    functionCall: { name: call.name, args: argumentsObject(call.arguments) },
  }));
  const promptTokens = tokens(request.messages.map((m) => m.content).join(' '));
  const usageMetadata = {
    promptTokenCount: promptTokens,
    candidatesTokenCount: tokens(text),
    totalTokenCount: promptTokens + tokens(text),
  };
  const base = { modelVersion: request.model, responseId: randomUUID() };
  if (!request.stream) {
    sendJson(response, 200, {
      candidates: [
        {
          content: { role: 'model', parts: [...(text ? [{ text }] : []), ...calls] },
          finishReason: 'STOP',
          index: 0,
        },
      ],
      usageMetadata,
      ...base,
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (data: unknown) =>
    response.write(`data: ${JSON.stringify({ ...(data as object), ...base })}\r\n\r\n`);
  for (const piece of chunks(text)) {
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    send({ candidates: [{ content: { role: 'model', parts: [{ text: piece }] }, index: 0 }] });
  }
  if (calls.length > 0) send({ candidates: [{ content: { role: 'model', parts: calls }, index: 0 }] });
  send({ candidates: [{ finishReason: 'STOP', index: 0 }], usageMetadata });
  response.end();
}

export function geminiError(response: ServerResponse, error: { status: number; message: string }) {
  sendJson(response, error.status, {
    error: {
      code: error.status,
      message: error.message,
      status: error.status === 429 ? 'RESOURCE_EXHAUSTED' : 'INVALID_ARGUMENT',
    },
  });
}
