import type { LanguageModel } from 'ai';

/**
 * LLM-category nodes (Flowise's "LLMs": Replicate, HuggingFace Inference…) take one prompt text and
 * answer one text. They plug into chains and agents as the same {@link ChatModelHandle} as chat
 * models: their `model` is this adapter, an AI SDK v3 language model that writes the messages as
 * one prompt and hands it to the node's `complete` call. Tools and images are refused with a
 * message naming the node, since such models cannot take them.
 */

type V3Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<V3Model['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<V3Model['doGenerate']>>;
type StreamPart =
  Awaited<ReturnType<V3Model['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;

export interface CompletionRequest {
  prompt: string;
  signal?: AbortSignal;
  /** Sampling settings a chain passed in its call (nodes usually bring their own). */
  temperature?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
}

export interface TextCompletionSpec {
  /** Provider id (`replicate`, `huggingface.inference`). */
  provider: string;
  modelId: string;
  /** The node's label, for messages. */
  label: string;
  complete(request: CompletionRequest): Promise<string>;
}

const ROLE_NAMES = { system: 'System', user: 'Human', assistant: 'AI' } as const;

/**
 * One prompt text from the call's messages: a system text and one question are joined by a blank
 * line (the usual LLM Chain call); longer conversations become a `Human:`/`AI:` transcript that
 * ends with `AI:` so the model writes the next turn.
 */
export function promptText(label: string, prompt: CallOptions['prompt']): string {
  const turns: { role: keyof typeof ROLE_NAMES; text: string }[] = [];
  for (const message of prompt) {
    if (message.role === 'system') {
      turns.push({ role: 'system', text: message.content });
      continue;
    }
    if (message.role === 'tool') throw new Error(`${label} takes text only and cannot read tool results`);
    let text = '';
    for (const part of message.content) {
      if (part.type === 'text') text += part.text;
      else if (part.type === 'reasoning') continue;
      else throw new Error(`${label} takes text only (got ${part.type === 'file' ? 'a file' : part.type})`);
    }
    turns.push({ role: message.role, text });
  }
  const users = turns.filter((turn) => turn.role === 'user');
  const others = turns.filter((turn) => turn.role !== 'user');
  if (users.length <= 1 && others.every((turn) => turn.role === 'system'))
    return [...others, ...users].map((turn) => turn.text).join('\n\n');
  return `${turns.map((turn) => `${ROLE_NAMES[turn.role]}: ${turn.text}`).join('\n')}\nAI:`;
}

const NO_USAGE: GenerateResult['usage'] = {
  inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** The AI SDK model of an LLM-category node (see the file comment). */
export function textCompletionModel(spec: TextCompletionSpec): V3Model {
  const run = async (options: CallOptions): Promise<string> => {
    if (options.tools?.length && options.toolChoice?.type !== 'none')
      throw new Error(
        `${spec.label} is a text completion model and cannot call tools: connect a chat model to use tools`,
      );
    return spec.complete({
      prompt: promptText(spec.label, options.prompt),
      ...(options.abortSignal && { signal: options.abortSignal }),
      ...(options.temperature !== undefined && { temperature: options.temperature }),
      ...(options.maxOutputTokens !== undefined && { maxOutputTokens: options.maxOutputTokens }),
      ...(options.stopSequences?.length && { stopSequences: options.stopSequences }),
    });
  };
  return {
    specificationVersion: 'v3',
    provider: spec.provider,
    modelId: spec.modelId,
    supportedUrls: {},
    async doGenerate(options) {
      const text = await run(options);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: undefined },
        usage: NO_USAGE,
        warnings: [],
      };
    },
    // These services answer whole: the stream carries the answer as one piece once it is there.
    async doStream(options) {
      const text = await run(options);
      const parts: StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '0' },
        ...(text ? [{ type: 'text-delta' as const, id: '0', delta: text }] : []),
        { type: 'text-end', id: '0' },
        { type: 'finish', usage: NO_USAGE, finishReason: { unified: 'stop', raw: undefined } },
      ];
      return {
        stream: new ReadableStream<StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
}
