import {
  generateText,
  jsonSchema,
  Output,
  streamText,
  type JSONSchema7,
  type LanguageModelUsage,
  type ModelMessage,
} from 'ai';
import type { RunContext } from '@flowloom/engine';
import type { ChatModelHandle } from '../../llm/chat-model.js';
import { friendlyModelError } from '../../llm/generate.js';

/** Token counts as Flowise reports them (LangChain `usage_metadata` names). */
export interface UsageMetadata {
  input_tokens?: number;
  output_tokens?: number;
  total_tokens?: number;
}

export function usageMetadata(usage: LanguageModelUsage | undefined): UsageMetadata | undefined {
  if (!usage || (usage.inputTokens === undefined && usage.outputTokens === undefined)) return undefined;
  return {
    ...(usage.inputTokens !== undefined && { input_tokens: usage.inputTokens }),
    ...(usage.outputTokens !== undefined && { output_tokens: usage.outputTokens }),
    ...(usage.totalTokens !== undefined && { total_tokens: usage.totalTokens }),
  };
}

export interface ModelCallInput {
  model: ChatModelHandle;
  messages: ModelMessage[];
  /** The node is terminal: its answer goes to the client (token by token when the model streams). */
  stream: boolean;
  run: Pick<RunContext, 'emit' | 'signal' | 'streaming'>;
  /** Ask for a JSON object of this schema instead of text. */
  schema?: JSONSchema7;
}

export interface ModelCallResult {
  text: string;
  object?: Record<string, unknown>;
  usage?: UsageMetadata;
}

/** The call settings every v2 model call shares. */
export function callSettings(model: ChatModelHandle, run: Pick<RunContext, 'signal'>) {
  return {
    model: model.model,
    allowSystemInMessages: true,
    abortSignal: run.signal,
    maxRetries: 0,
    ...model.settings,
    ...(model.providerOptions && { providerOptions: model.providerOptions }),
  };
}

/**
 * One model call. A terminal node streams tokens when the model may; when it cannot (structured
 * output, streaming off) the whole answer is sent as one token, as Flowise does.
 */
export async function callModel(input: ModelCallInput): Promise<ModelCallResult> {
  const { model, run } = input;
  const common = { ...callSettings(model, run), messages: input.messages };
  try {
    if (input.schema) {
      const result = await generateText({
        ...common,
        output: Output.object({ schema: jsonSchema<Record<string, unknown>>(input.schema) }),
      });
      const object = result.output;
      const text = JSON.stringify(object);
      if (input.stream) run.emit('token', text);
      return { text, object, usage: usageMetadata(result.usage) };
    }
    if (input.stream && run.streaming && model.streaming) {
      let failure: unknown;
      const result = streamText({ ...common, onError: ({ error }) => void (failure = error) });
      let text = '';
      for await (const delta of result.textStream) {
        text += delta;
        run.emit('token', delta);
      }
      if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
      return { text, usage: usageMetadata(await result.usage) };
    }
    const result = await generateText(common);
    if (input.stream) run.emit('token', result.text);
    return { text: result.text, usage: usageMetadata(result.usage) };
  } catch (error) {
    throw friendlyModelError(error, model);
  }
}
