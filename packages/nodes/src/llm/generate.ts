import { generateText, streamText, type ModelMessage } from 'ai';
import type { RunContext } from '@flowloom/engine';
import type { ChatModelHandle } from './chat-model.js';
import { directGenerate, directStream } from './direct-call.js';

export interface GenerateInput {
  system?: string;
  messages: ModelMessage[];
  /** Send tokens to the client as they arrive (only if the run streams and the model allows it). */
  stream: boolean;
  run: Pick<RunContext, 'emit' | 'signal' | 'streaming' | 'images'>;
}

/**
 * The messages with the question's images added to the last user message, when the model takes
 * images ("Allow Image Uploads" on its node); as they are otherwise.
 */
export function withImages(
  model: ChatModelHandle,
  messages: ModelMessage[],
  images: RunContext['images'],
): ModelMessage[] {
  if (!model.allowImageUploads || !images?.length) return messages;
  const last = messages.findLastIndex((message) => message.role === 'user');
  if (last < 0) return messages;
  const message = messages[last];
  if (message?.role !== 'user') return messages;
  const text =
    typeof message.content === 'string'
      ? [{ type: 'text' as const, text: message.content }]
      : message.content;
  return messages.map((item, index) =>
    index === last
      ? {
          role: 'user',
          content: [
            ...text,
            ...images.map((image) => ({ type: 'image' as const, image: image.data, mediaType: image.mime })),
          ],
        }
      : item,
  );
}

/** Provider errors rewritten for the person reading them (FLOWISE_API.md §3.4). */
export function friendlyModelError(error: unknown, model: ChatModelHandle): Error {
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 401 || /Incorrect API key provided/i.test(message)) {
    return new Error(`401 ${model.provider} rejected the API key of ${model.label}: check the credential`, {
      cause: error,
    });
  }
  if (status === 429)
    return new Error(`${model.provider} rate limit reached for ${model.label}: ${message}`, { cause: error });
  if (/fetch failed|ECONNREFUSED|ENOTFOUND|Cannot connect to API/i.test(message)) {
    return new Error(`Could not reach ${model.provider} for ${model.label}: ${message}`, { cause: error });
  }
  return error instanceof Error ? error : new Error(message);
}

/** One model call: streamed token by token through `emit('token')` when allowed, else in one piece. */
export async function generate(model: ChatModelHandle, input: GenerateInput): Promise<string> {
  input = { ...input, messages: withImages(model, input.messages, input.run.images) };
  const common = {
    model: model.model,
    ...(input.system !== undefined && input.system !== '' && { system: input.system }),
    messages: input.messages,
    abortSignal: input.run.signal,
    maxRetries: 0,
    ...model.settings,
    ...(model.providerOptions && { providerOptions: model.providerOptions }),
  };
  const call = { system: input.system, messages: input.messages, signal: input.run.signal };
  try {
    if (input.stream && input.run.streaming && model.streaming) {
      const direct = await directStream(model, call, (delta) => input.run.emit('token', delta));
      if (direct !== undefined) return direct;
      let failure: unknown;
      const result = streamText({ ...common, onError: ({ error }) => void (failure = error) });
      let text = '';
      for await (const delta of result.textStream) {
        text += delta;
        input.run.emit('token', delta);
      }
      if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
      return text;
    }
    const direct = await directGenerate(model, call);
    if (direct !== undefined) return direct;
    const result = await generateText(common);
    return result.text;
  } catch (error) {
    throw friendlyModelError(error, model);
  }
}
