import type { LanguageModel, ModelMessage } from 'ai';
import type { ChatModelHandle } from './chat-model.js';
import { streamChatCompletion } from './chat-completions-stream.js';
import { CAPTURE_HEADER, CapturedRequest } from './lean-fetch.js';

/**
 * The plain text-in, text-out model call, made on the AI SDK provider's own interface
 * (`LanguageModelV3.doGenerate` / `doStream`) instead of through `generateText`/`streamText`.
 *
 * Why: for a call without tools, images or structured output those helpers only add work — they
 * validate the whole prompt against zod schemas, build telemetry spans and wrap the stream in
 * several transform streams. On the run API that was about a fifth of the server's CPU per run.
 * The provider packages still build the request and parse the answer, so behaviour per provider
 * is the AI SDK's. Anything beyond plain text (files, images, tool parts, a non-v3 provider)
 * returns `undefined` and the caller takes the full AI SDK path.
 *
 * Streams from providers that speak OpenAI's chat-completions events go one step further: the
 * provider builds the request, and `streamChatCompletion` sends it and reads the events without
 * the SDK's web-stream pipeline (see chat-completions-stream.ts for why).
 */

type V3Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<V3Model['doGenerate']>[0];
type Prompt = CallOptions['prompt'];

export interface DirectCall {
  system?: string;
  messages: ModelMessage[];
  signal?: AbortSignal;
}

function isV3(model: LanguageModel): model is V3Model {
  return typeof model === 'object' && model.specificationVersion === 'v3';
}

function textOf(content: unknown): { text: string }[] | undefined {
  if (typeof content === 'string') return [{ text: content }];
  if (!Array.isArray(content)) return undefined;
  const parts: { text: string }[] = [];
  for (const part of content as { type?: string; text?: unknown }[]) {
    if (part.type !== 'text' || typeof part.text !== 'string') return undefined;
    parts.push({ text: part.text });
  }
  return parts;
}

/** The provider prompt for text-only messages; undefined when any message holds more than text. */
export function textPrompt(system: string | undefined, messages: ModelMessage[]): Prompt | undefined {
  const prompt: Prompt = [];
  if (system !== undefined && system !== '') prompt.push({ role: 'system', content: system });
  for (const message of messages) {
    const extra = message.providerOptions ? { providerOptions: message.providerOptions } : {};
    if (message.role === 'system') {
      if (typeof message.content !== 'string') return undefined;
      prompt.push({ role: 'system', content: message.content, ...extra });
      continue;
    }
    if (message.role !== 'user' && message.role !== 'assistant') return undefined;
    const parts = textOf(message.content);
    if (!parts) return undefined;
    prompt.push({
      role: message.role,
      content: parts.map(({ text }) => ({ type: 'text' as const, text })),
      ...extra,
    });
  }
  return prompt;
}

/**
 * Providers whose streamed answer is OpenAI's chat-completions event stream (choices[0].delta.content):
 * theirs is read by {@link streamChatCompletion}. Mistral's deltas may hold typed parts and other
 * providers have formats of their own: they stream through the SDK.
 */
const CHAT_COMPLETIONS_PROVIDERS = new Set(['openai.chat', 'azure.chat', 'groq.chat']);

function callOptions(model: ChatModelHandle, prompt: Prompt, signal: AbortSignal | undefined): CallOptions {
  const { timeout, ...settings } = model.settings;
  const abortSignal =
    timeout !== undefined && timeout > 0
      ? signal
        ? AbortSignal.any([signal, AbortSignal.timeout(timeout)])
        : AbortSignal.timeout(timeout)
      : signal;
  return {
    prompt,
    ...settings,
    ...(abortSignal && { abortSignal }),
    ...(model.providerOptions && {
      providerOptions: model.providerOptions,
    }),
  };
}

/** The answer text of one call, or undefined when this call needs the full AI SDK path. */
export async function directGenerate(model: ChatModelHandle, call: DirectCall): Promise<string | undefined> {
  if (!isV3(model.model)) return undefined;
  const prompt = textPrompt(call.system, call.messages);
  if (!prompt) return undefined;
  const result = await model.model.doGenerate(callOptions(model, prompt, call.signal));
  let text = '';
  for (const part of result.content) if (part.type === 'text') text += part.text;
  return text;
}

/**
 * Streams one call: `onDelta` gets each text piece as it arrives; resolves with the whole text,
 * or undefined (before any request) when this call needs the full AI SDK path.
 */
export async function directStream(
  model: ChatModelHandle,
  call: DirectCall,
  onDelta: (delta: string) => void,
): Promise<string | undefined> {
  if (!isV3(model.model)) return undefined;
  const prompt = textPrompt(call.system, call.messages);
  if (!prompt) return undefined;
  const options = callOptions(model, prompt, call.signal);
  if (CHAT_COMPLETIONS_PROVIDERS.has(model.model.provider)) {
    // The provider builds the request; our fetch hands it back unsent (see chat-completions-stream.ts).
    try {
      const { stream } = await model.model.doStream({
        ...options,
        headers: { ...options.headers, [CAPTURE_HEADER]: '1' },
      });
      return await readStream(stream, onDelta); // a model whose fetch does not capture
    } catch (error) {
      if (error instanceof CapturedRequest) return streamChatCompletion(error, onDelta, options.abortSignal);
      throw error;
    }
  }
  const { stream } = await model.model.doStream(options);
  return readStream(stream, onDelta);
}

/** The text of a provider stream, handing each text delta to `onDelta`. */
async function readStream(
  stream: Awaited<ReturnType<V3Model['doStream']>>['stream'],
  onDelta: (delta: string) => void,
): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value.type === 'text-delta') {
        if (value.delta === '') continue;
        text += value.delta;
        onDelta(value.delta);
      } else if (value.type === 'error') {
        throw value.error instanceof Error ? value.error : new Error(describe(value.error));
      }
    }
  } finally {
    reader.releaseLock();
  }
  return text;
}

function describe(error: unknown): string {
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

/** A tool offered on the lean path: its JSON schema as the provider receives it. */
export interface DirectTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface DirectToolAnswer {
  text: string;
  toolCalls: { id: string; name: string; args: Record<string, unknown> }[];
}

/**
 * One call offering tools the model may ask for (nothing is run): the answer text and the calls it
 * asked for, made on the provider's own interface like {@link directGenerate}. Undefined when the
 * call needs the full AI SDK path (a prompt with more than text, a non-v3 provider).
 */
export async function directToolCall(
  model: ChatModelHandle,
  call: DirectCall,
  tools: readonly DirectTool[],
  toolChoice?: { type: 'required' } | { type: 'tool'; toolName: string },
): Promise<DirectToolAnswer | undefined> {
  if (!isV3(model.model)) return undefined;
  const prompt = textPrompt(call.system, call.messages);
  if (!prompt) return undefined;
  const result = await model.model.doGenerate({
    ...callOptions(model, prompt, call.signal),
    tools: tools.map((tool) => ({
      type: 'function' as const,
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as never,
    })),
    ...(toolChoice && { toolChoice }),
  });
  let text = '';
  const toolCalls: DirectToolAnswer['toolCalls'] = [];
  for (const part of result.content) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'tool-call') {
      let args: unknown = {};
      try {
        args = part.input ? (JSON.parse(part.input) as unknown) : {};
      } catch {
        throw new Error(`${model.label} called ${part.toolName} with arguments that are not JSON`);
      }
      toolCalls.push({
        id: part.toolCallId,
        name: part.toolName,
        args:
          args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : {},
      });
    }
  }
  return { text, toolCalls };
}
