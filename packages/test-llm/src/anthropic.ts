import { randomUUID } from 'node:crypto';
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

/** The parts of an Anthropic Messages request the server reads. */
export interface AnthropicBody {
  model?: string;
  system?: unknown;
  messages?: { role: string; content: unknown }[];
  tools?: { name: string; input_schema?: unknown }[];
  stream?: boolean;
}

export function anthropicNeutral(body: AnthropicBody): NeutralRequest {
  const messages: Message[] = [];
  if (body.system) messages.push({ role: 'system', content: textOf(body.system) });
  for (const m of body.messages ?? []) {
    const isToolResult =
      Array.isArray(m.content) && (m.content as { type?: string }[]).some((p) => p.type === 'tool_result');
    messages.push({ role: isToolResult ? 'tool' : (m.role as Message['role']), content: textOf(m.content) });
  }
  return {
    model: body.model ?? 'test-model',
    messages,
    tools: (body.tools ?? []).map((t) => ({ name: t.name, parameters: t.input_schema })),
    stream: body.stream === true,
  };
}

export async function anthropicChat(reply: ScriptedReply, response: ServerResponse, request: NeutralRequest) {
  const id = `msg_${randomUUID()}`;
  const text = reply.text ?? '';
  const calls = (reply.toolCalls ?? []).map((call, i) => ({
    type: 'tool_use' as const,
    id: call.id ?? `toolu_${i}_${randomUUID().slice(0, 8)}`,
    name: call.name,
    input: argumentsObject(call.arguments),
  }));
  const stop = calls.length > 0 ? 'tool_use' : 'end_turn';
  const usage = {
    input_tokens: tokens(request.messages.map((m) => m.content).join(' ')),
    output_tokens: tokens(text),
  };
  const content = [...(text ? [{ type: 'text' as const, text }] : []), ...calls];
  if (!request.stream) {
    sendJson(response, 200, {
      id,
      type: 'message',
      role: 'assistant',
      model: request.model,
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage,
    });
    return;
  }
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (name: string, data: unknown) =>
    response.write(`event: ${name}\ndata: ${JSON.stringify({ type: name, ...(data as object) })}\n\n`);
  event('message_start', {
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: request.model,
      content: [],
      stop_reason: null,
      usage: { ...usage, output_tokens: 0 },
    },
  });
  let index = 0;
  if (text) {
    event('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const piece of chunks(text)) {
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      event('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    }
    event('content_block_stop', { index });
    index++;
  }
  for (const call of calls) {
    event('content_block_start', {
      index,
      content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} },
    });
    event('content_block_delta', {
      index,
      delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) },
    });
    event('content_block_stop', { index });
    index++;
  }
  event('message_delta', {
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: usage.output_tokens },
  });
  event('message_stop', {});
  response.end();
}

export function anthropicError(response: ServerResponse, error: { status: number; message: string }) {
  sendJson(response, error.status, {
    type: 'error',
    error: {
      type: error.status === 429 ? 'rate_limit_error' : 'invalid_request_error',
      message: error.message,
    },
  });
}
