import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import {
  argumentsObject,
  chunks,
  embed,
  replyFromCues,
  sleep,
  tokens,
  withoutCues,
  type NeutralRequest,
  type ScriptedReply,
} from './replies.js';
import { sendJson } from './wire.js';

type Message = NeutralRequest['messages'][number];

/** The parts of a Bedrock Converse request the server reads. */
export interface ConverseBody {
  system?: { text?: string }[];
  messages?: { role?: string; content?: Record<string, unknown>[] }[];
  toolConfig?: { tools?: { toolSpec?: { name?: string; inputSchema?: { json?: unknown } } }[] };
}

/** Bedrock runtime routes: `/model/<id>/converse`, `/converse-stream` and `/invoke`. */
export function bedrockRoute(
  path: string,
): { model: string; action: 'converse' | 'stream' | 'invoke' } | undefined {
  const match = /^\/model\/([^/]+)\/(converse|converse-stream|invoke)$/.exec(path);
  if (!match) return undefined;
  const action = match[2] === 'converse-stream' ? 'stream' : match[2] === 'invoke' ? 'invoke' : 'converse';
  return { model: decodeURIComponent(match[1]!), action };
}

/** Bedrock answers an unsigned request 403; the signature itself is not checked here. */
export function bedrockUnsigned(headers: IncomingHttpHeaders): boolean {
  return !String(headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 Credential=');
}

function blockText(block: Record<string, unknown>): string {
  if (typeof block.text === 'string') return block.text;
  const result = block.toolResult as { content?: Record<string, unknown>[] } | undefined;
  if (result)
    return (result.content ?? [])
      .map((part) => (typeof part.text === 'string' ? part.text : JSON.stringify(part.json)))
      .join('');
  const image = block.image as { format?: string; source?: { bytes?: string } } | undefined;
  if (image)
    return ` [image image/${image.format}, ${Buffer.from(image.source?.bytes ?? '', 'base64').length} bytes]`;
  return '';
}

export function converseNeutral(body: ConverseBody, model: string, stream: boolean): NeutralRequest {
  const messages: Message[] = [];
  const system = (body.system ?? []).map((block) => block.text ?? '').join('');
  if (system) messages.push({ role: 'system', content: system });
  for (const message of body.messages ?? []) {
    const content = message.content ?? [];
    const isToolResult = content.some((block) => block.toolResult !== undefined);
    messages.push({
      role: isToolResult ? 'tool' : message.role === 'assistant' ? 'assistant' : 'user',
      content: content.map(blockText).join(''),
    });
  }
  return {
    model,
    messages,
    tools: (body.toolConfig?.tools ?? []).map((tool) => ({
      name: tool.toolSpec?.name ?? '',
      parameters: tool.toolSpec?.inputSchema?.json,
    })),
    stream,
  };
}

const ERROR_TYPES: Record<number, string> = {
  400: 'ValidationException',
  403: 'AccessDeniedException',
  404: 'ResourceNotFoundException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
  503: 'ServiceUnavailableException',
};

/** An error as Bedrock sends it: the type in `x-amzn-errortype`, the words in `message`. */
export function bedrockError(response: ServerResponse, error: { status: number; message: string }) {
  response.setHeader(
    'x-amzn-errortype',
    `${ERROR_TYPES[error.status] ?? 'InternalServerException'}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
  );
  sendJson(response, error.status, { message: error.message });
}

function contentOf(reply: ScriptedReply) {
  const content: Record<string, unknown>[] = [];
  if (reply.reasoning) content.push({ reasoningContent: { reasoningText: { text: reply.reasoning } } });
  if (reply.text) content.push({ text: reply.text });
  for (const call of reply.toolCalls ?? [])
    content.push({
      toolUse: {
        toolUseId: call.id ?? `tooluse_${randomUUID().slice(0, 8)}`,
        name: call.name,
        input: argumentsObject(call.arguments),
      },
    });
  return content;
}

const usageOf = (request: NeutralRequest, reply: ScriptedReply) => {
  const inputTokens = tokens(request.messages.map((m) => m.content).join(''));
  const outputTokens = tokens(reply.text ?? '');
  return { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens };
};

/** A `Converse` answer. */
export function converseAnswer(reply: ScriptedReply, response: ServerResponse, request: NeutralRequest) {
  sendJson(response, 200, {
    output: { message: { role: 'assistant', content: contentOf(reply) } },
    stopReason: reply.toolCalls?.length ? 'tool_use' : 'end_turn',
    usage: usageOf(request, reply),
    metrics: { latencyMs: 1 },
  });
}

/**
 * One message of the AWS event stream (application/vnd.amazon.eventstream): a prelude (total and
 * header lengths, its CRC32), string headers (name length, name, type 7, value length, value), the
 * payload and the CRC32 of everything before it.
 */
export function eventStreamMessage(headers: Record<string, string>, payload: Uint8Array): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const key = Buffer.from(name);
      const text = Buffer.from(value);
      const header = Buffer.alloc(4 + key.length + text.length);
      header.writeUInt8(key.length, 0);
      key.copy(header, 1);
      header.writeUInt8(7, 1 + key.length);
      header.writeUInt16BE(text.length, 2 + key.length);
      text.copy(header, 4 + key.length);
      return header;
    }),
  );
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(16 + headerBytes.length + payload.length, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, headerBytes, payload]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(message));
  return Buffer.concat([message, checksum]);
}

const event = (type: string, body: unknown) =>
  eventStreamMessage(
    { ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' },
    Buffer.from(JSON.stringify(body)),
  );

/** A `ConverseStream` answer: text word by word, each tool call as a block with its input in one delta. */
export async function converseStreamAnswer(
  reply: ScriptedReply,
  response: ServerResponse,
  request: NeutralRequest,
) {
  response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
  response.write(event('messageStart', { role: 'assistant' }));
  let index = 0;
  if (reply.text) {
    for (const piece of chunks(reply.text)) {
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
      response.write(event('contentBlockDelta', { contentBlockIndex: index, delta: { text: piece } }));
    }
    response.write(event('contentBlockStop', { contentBlockIndex: index }));
    index++;
  }
  for (const call of reply.toolCalls ?? []) {
    const toolUseId = call.id ?? `tooluse_${randomUUID().slice(0, 8)}`;
    response.write(
      event('contentBlockStart', {
        contentBlockIndex: index,
        start: { toolUse: { toolUseId, name: call.name } },
      }),
    );
    const input = JSON.stringify(argumentsObject(call.arguments));
    response.write(event('contentBlockDelta', { contentBlockIndex: index, delta: { toolUse: { input } } }));
    response.write(event('contentBlockStop', { contentBlockIndex: index }));
    index++;
  }
  response.write(event('messageStop', { stopReason: reply.toolCalls?.length ? 'tool_use' : 'end_turn' }));
  response.end(event('metadata', { usage: usageOf(request, reply), metrics: { latencyMs: 1 } }));
}

/**
 * `InvokeModel` of an embedding model: Titan (`{inputText}` → `{embedding}`, length `dimensions`,
 * 16 by default) or Cohere (`{texts, input_type}` → `{embeddings}`). Cues in a text work as in the
 * other embeddings routes (`[[error:429 …]]`).
 */
export async function bedrockInvoke(
  model: string,
  body: unknown,
  queued: ScriptedReply | undefined,
  response: ServerResponse,
) {
  const request = (body ?? {}) as {
    inputText?: unknown;
    texts?: unknown;
    input_type?: unknown;
    dimensions?: unknown;
  };
  const texts = Array.isArray(request.texts)
    ? request.texts.map(String)
    : typeof request.inputText === 'string'
      ? [request.inputText]
      : undefined;
  if (!texts) return bedrockError(response, { status: 400, message: `Malformed input request for ${model}` });
  const cued = queued ?? texts.map(replyFromCues).find((reply) => reply?.error || reply?.delayMs);
  if (cued?.delayMs) await sleep(cued.delayMs);
  if (cued?.error) return bedrockError(response, cued.error);
  if (model.startsWith('cohere.')) {
    if (typeof request.input_type !== 'string')
      return bedrockError(response, { status: 400, message: 'input_type is required for this model' });
    return sendJson(response, 200, {
      id: randomUUID(),
      texts,
      embeddings: texts.map((text) => embed(withoutCues(text))),
    });
  }
  const dimensions = typeof request.dimensions === 'number' ? request.dimensions : 16;
  const text = withoutCues(texts[0]!);
  sendJson(response, 200, { embedding: embed(text, dimensions), inputTextTokenCount: tokens(text) });
}
