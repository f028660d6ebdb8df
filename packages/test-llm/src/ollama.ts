import type { ServerResponse } from 'node:http';
import {
  argumentsObject,
  chunks,
  sleep,
  tokens,
  type NeutralRequest,
  type ScriptedReply,
} from './replies.js';
import { sendJson, textOf } from './wire.js';

type Message = NeutralRequest['messages'][number];

/** The parts of an Ollama `/api/chat` request the server reads. */
export interface OllamaBody {
  model?: string;
  messages?: { role: string; content: unknown }[];
  tools?: { function: { name: string; parameters?: unknown } }[];
  stream?: boolean;
}

export function ollamaNeutral(body: OllamaBody): NeutralRequest {
  return {
    model: body.model ?? 'test-model',
    messages: (body.messages ?? []).map((m) => ({
      role: m.role as Message['role'],
      content: textOf(m.content),
    })),
    tools: (body.tools ?? []).map((t) => ({ name: t.function.name, parameters: t.function.parameters })),
    stream: body.stream !== false, // Ollama streams unless told not to
  };
}

export async function ollamaChat(reply: ScriptedReply, response: ServerResponse, request: NeutralRequest) {
  const text = reply.text ?? '';
  const toolCalls = (reply.toolCalls ?? []).map((call) => ({
    function: { name: call.name, arguments: argumentsObject(call.arguments) },
  }));
  const base = { model: request.model, created_at: new Date().toISOString() };
  const done = {
    done: true,
    done_reason: 'stop',
    total_duration: 1,
    load_duration: 0,
    prompt_eval_count: tokens(request.messages.map((m) => m.content).join(' ')),
    eval_count: tokens(text),
  };
  if (!request.stream) {
    sendJson(response, 200, {
      ...base,
      message: { role: 'assistant', content: text, ...(toolCalls.length > 0 && { tool_calls: toolCalls }) },
      ...done,
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'application/x-ndjson' });
  for (const piece of chunks(text)) {
    if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    response.write(
      `${JSON.stringify({ ...base, message: { role: 'assistant', content: piece }, done: false })}\n`,
    );
  }
  if (toolCalls.length > 0)
    response.write(
      `${JSON.stringify({ ...base, message: { role: 'assistant', content: '', tool_calls: toolCalls }, done: false })}\n`,
    );
  response.end(`${JSON.stringify({ ...base, message: { role: 'assistant', content: '' }, ...done })}\n`);
}
