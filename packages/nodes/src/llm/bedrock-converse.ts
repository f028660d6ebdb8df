import type {
  BedrockRuntimeClient,
  ContentBlock,
  ConverseCommandInput,
  ConverseStreamOutput,
  Message,
  SystemContentBlock,
  TokenUsage,
  Tool,
  ToolResultContentBlock,
} from '@aws-sdk/client-bedrock-runtime';
import type { LanguageModel } from 'ai';
import { bedrockFailure, bedrockSdk } from './bedrock-client.js';

/**
 * AWS Bedrock's Converse API as an AI SDK v3 language model, over the official runtime client, so
 * a Bedrock chat model works wherever our chat models do: chains, the Tool Agent (tool calls and
 * their results), agentflow LLM and Agent nodes, streaming.
 */

type V3Model = Extract<LanguageModel, { specificationVersion: 'v3' }>;
type CallOptions = Parameters<V3Model['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<V3Model['doGenerate']>>;
type StreamPart =
  Awaited<ReturnType<V3Model['doStream']>>['stream'] extends ReadableStream<infer Part> ? Part : never;
type PromptMessage = CallOptions['prompt'][number];
type ToolOutput = Extract<
  Extract<PromptMessage, { role: 'tool' }>['content'][number],
  { type: 'tool-result' }
>['output'];

export interface ConverseModelSpec {
  client: BedrockRuntimeClient;
  /** A model id, inference profile id or ARN. */
  modelId: string;
  /** The node's label, for messages. */
  label: string;
  latencyOptimized?: boolean;
}

const IMAGE_FORMATS = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;

function imageBytes(label: string, data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (typeof data === 'string') return Buffer.from(data, 'base64');
  if (data instanceof URL && data.protocol === 'data:') {
    const comma = data.href.indexOf(',');
    return Buffer.from(decodeURIComponent(data.href.slice(comma + 1)), 'base64');
  }
  throw new Error(`${label}: Bedrock takes images as their bytes, not as links`);
}

function toolResultContent(output: ToolOutput): { content: ToolResultContentBlock[]; failed: boolean } {
  switch (output.type) {
    case 'text':
      return { content: [{ text: output.value }], failed: false };
    case 'error-text':
      return { content: [{ text: output.value }], failed: true };
    case 'json':
    case 'error-json':
      return {
        content: [
          output.value && typeof output.value === 'object' && !Array.isArray(output.value)
            ? { json: output.value as never }
            : { text: JSON.stringify(output.value) },
        ],
        failed: output.type === 'error-json',
      };
    case 'execution-denied':
      return { content: [{ text: output.reason ?? 'The tool call was not approved.' }], failed: true };
    case 'content':
      return {
        content: output.value.map((part) =>
          part.type === 'text' ? { text: part.text } : { text: `[${part.type} not shown to the model]` },
        ),
        failed: false,
      };
    default:
      return { content: [{ text: JSON.stringify(output) }], failed: false };
  }
}

/** The Converse messages of a prompt: system blocks apart, tool results as user turns, turns of one role merged. */
export function converseMessages(
  label: string,
  prompt: CallOptions['prompt'],
): { system: SystemContentBlock[]; messages: Message[] } {
  const system: SystemContentBlock[] = [];
  const messages: Message[] = [];
  const add = (role: 'user' | 'assistant', blocks: ContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = messages.at(-1);
    if (last?.role === role) last.content!.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  for (const message of prompt) {
    if (message.role === 'system') {
      if (message.content) system.push({ text: message.content });
      continue;
    }
    const blocks: ContentBlock[] = [];
    for (const part of message.content) {
      if (part.type === 'text') {
        if (part.text) blocks.push({ text: part.text });
      } else if (part.type === 'file') {
        const format = IMAGE_FORMATS[part.mediaType as keyof typeof IMAGE_FORMATS];
        if (!format)
          throw new Error(`${label}: Bedrock takes PNG, JPEG, GIF or WebP images (got ${part.mediaType})`);
        blocks.push({ image: { format, source: { bytes: imageBytes(label, part.data) } } });
      } else if (part.type === 'tool-call') {
        const input =
          typeof part.input === 'string' ? (JSON.parse(part.input || '{}') as unknown) : part.input;
        blocks.push({
          toolUse: { toolUseId: part.toolCallId, name: part.toolName, input: (input ?? {}) as never },
        });
      } else if (part.type === 'tool-result') {
        const { content, failed } = toolResultContent(part.output);
        blocks.push({
          toolResult: { toolUseId: part.toolCallId, content, ...(failed && { status: 'error' }) },
        });
      }
      // Reasoning from an earlier turn is not sent back: Bedrock wants it signed, as it gave it.
    }
    add(message.role === 'assistant' ? 'assistant' : 'user', blocks);
  }
  return { system, messages };
}

function converseInput(spec: ConverseModelSpec, options: CallOptions): ConverseCommandInput {
  const { system, messages } = converseMessages(spec.label, options.prompt);
  const tools: Tool[] = (options.tools ?? []).flatMap((tool) =>
    tool.type === 'function'
      ? [
          {
            toolSpec: {
              name: tool.name,
              ...(tool.description && { description: tool.description }),
              inputSchema: { json: tool.inputSchema as never },
            },
          },
        ]
      : [],
  );
  const choice = options.toolChoice;
  const usesTools = messages.some((m) => m.content?.some((b) => b.toolUse || b.toolResult));
  const offerTools = tools.length > 0 && (choice?.type !== 'none' || usesTools);
  const inference = {
    ...(options.maxOutputTokens !== undefined && { maxTokens: options.maxOutputTokens }),
    ...(options.temperature !== undefined && { temperature: options.temperature }),
    ...(options.topP !== undefined && { topP: options.topP }),
    ...(options.stopSequences?.length && { stopSequences: options.stopSequences }),
  };
  return {
    modelId: spec.modelId,
    messages,
    ...(system.length > 0 && { system }),
    ...(Object.keys(inference).length > 0 && { inferenceConfig: inference }),
    ...(offerTools && {
      toolConfig: {
        tools,
        ...(choice?.type === 'required' && { toolChoice: { any: {} } }),
        ...(choice?.type === 'tool' && { toolChoice: { tool: { name: choice.toolName } } }),
      },
    }),
    ...(spec.latencyOptimized && { performanceConfig: { latency: 'optimized' } }),
  };
}

function finishReason(reason: string | undefined): GenerateResult['finishReason'] {
  const unified =
    reason === 'end_turn' || reason === 'stop_sequence'
      ? 'stop'
      : reason === 'max_tokens' || reason === 'model_context_window_exceeded'
        ? 'length'
        : reason === 'tool_use'
          ? 'tool-calls'
          : reason === 'guardrail_intervened' || reason === 'content_filtered'
            ? 'content-filter'
            : 'other';
  return { unified, raw: reason };
}

function usageOf(usage: TokenUsage | undefined): GenerateResult['usage'] {
  return {
    inputTokens: {
      total: usage?.inputTokens,
      noCache: undefined,
      cacheRead: usage?.cacheReadInputTokens,
      cacheWrite: usage?.cacheWriteInputTokens,
    },
    outputTokens: { total: usage?.outputTokens, text: usage?.outputTokens, reasoning: undefined },
  };
}

/** The content of a Converse answer in the AI SDK's terms. */
function contentOf(blocks: ContentBlock[]): GenerateResult['content'] {
  const content: GenerateResult['content'] = [];
  for (const block of blocks) {
    if (block.text !== undefined) content.push({ type: 'text', text: block.text });
    else if (block.toolUse)
      content.push({
        type: 'tool-call',
        toolCallId: block.toolUse.toolUseId ?? '',
        toolName: block.toolUse.name ?? '',
        input: JSON.stringify(block.toolUse.input ?? {}),
      });
    else if (block.reasoningContent?.reasoningText?.text)
      content.push({ type: 'reasoning', text: block.reasoningContent.reasoningText.text });
  }
  return content;
}

/** The parts of a stream event; `open` tracks the blocks in flight by index. */
function streamParts(
  event: ConverseStreamOutput,
  open: Map<number, { kind: 'text' | 'reasoning' | 'tool'; id: string; name?: string; input: string }>,
  end: { reason?: string; usage?: TokenUsage },
): StreamPart[] {
  const parts: StreamPart[] = [];
  if (event.contentBlockStart?.start?.toolUse) {
    const index = event.contentBlockStart.contentBlockIndex ?? 0;
    const { toolUseId = `tool-${index}`, name = '' } = event.contentBlockStart.start.toolUse;
    open.set(index, { kind: 'tool', id: toolUseId, name, input: '' });
    parts.push({ type: 'tool-input-start', id: toolUseId, toolName: name });
  } else if (event.contentBlockDelta?.delta) {
    const index = event.contentBlockDelta.contentBlockIndex ?? 0;
    const delta = event.contentBlockDelta.delta;
    const block = open.get(index);
    if (delta.text !== undefined) {
      if (!block) {
        open.set(index, { kind: 'text', id: String(index), input: '' });
        parts.push({ type: 'text-start', id: String(index) });
      }
      parts.push({ type: 'text-delta', id: String(index), delta: delta.text });
    } else if (delta.toolUse && block?.kind === 'tool') {
      block.input += delta.toolUse.input ?? '';
      parts.push({ type: 'tool-input-delta', id: block.id, delta: delta.toolUse.input ?? '' });
    } else if (delta.reasoningContent?.text !== undefined) {
      if (!block) {
        open.set(index, { kind: 'reasoning', id: `r${index}`, input: '' });
        parts.push({ type: 'reasoning-start', id: `r${index}` });
      }
      parts.push({ type: 'reasoning-delta', id: `r${index}`, delta: delta.reasoningContent.text });
    }
  } else if (event.contentBlockStop) {
    const index = event.contentBlockStop.contentBlockIndex ?? 0;
    const block = open.get(index);
    open.delete(index);
    if (block?.kind === 'text') parts.push({ type: 'text-end', id: block.id });
    else if (block?.kind === 'reasoning') parts.push({ type: 'reasoning-end', id: block.id });
    else if (block?.kind === 'tool') {
      parts.push({ type: 'tool-input-end', id: block.id });
      parts.push({
        type: 'tool-call',
        toolCallId: block.id,
        toolName: block.name ?? '',
        input: block.input || '{}',
      });
    }
  } else if (event.messageStop) end.reason = event.messageStop.stopReason;
  else if (event.metadata) end.usage = event.metadata.usage;
  else {
    // Exceptions that arrive inside the stream (throttling, model errors) end it.
    const [name, detail] =
      Object.entries(event).find(([key, value]) => key.endsWith('Exception') && value !== undefined) ?? [];
    if (name) {
      const error = Object.assign(new Error((detail as { message?: string }).message ?? name), {
        name: name.charAt(0).toUpperCase() + name.slice(1),
      });
      throw error;
    }
  }
  return parts;
}

/** The AI SDK model of a Bedrock chat model (see the file comment). */
export function converseModel(spec: ConverseModelSpec): V3Model {
  const fail = (error: unknown, signal: AbortSignal | undefined) =>
    signal?.aborted ? error : bedrockFailure(spec.label, error);
  return {
    specificationVersion: 'v3',
    provider: 'amazon-bedrock',
    modelId: spec.modelId,
    supportedUrls: {},
    async doGenerate(options) {
      const { ConverseCommand } = await bedrockSdk();
      const input = converseInput(spec, options);
      try {
        const answer = await spec.client.send(new ConverseCommand(input), {
          ...(options.abortSignal && { abortSignal: options.abortSignal }),
        });
        if (!answer.output?.message) throw new SyntaxError('the answer holds no message');
        return {
          content: contentOf(answer.output.message.content ?? []),
          finishReason: finishReason(answer.stopReason),
          usage: usageOf(answer.usage),
          warnings: [],
        };
      } catch (error) {
        throw fail(error, options.abortSignal);
      }
    },
    async doStream(options) {
      const { ConverseStreamCommand } = await bedrockSdk();
      const input = converseInput(spec, options);
      let events: AsyncIterable<ConverseStreamOutput>;
      try {
        const answer = await spec.client.send(new ConverseStreamCommand(input), {
          ...(options.abortSignal && { abortSignal: options.abortSignal }),
        });
        if (!answer.stream) throw new SyntaxError('the answer holds no event stream');
        events = answer.stream;
      } catch (error) {
        throw fail(error, options.abortSignal);
      }
      const iterator = events[Symbol.asyncIterator]();
      const open = new Map<
        number,
        { kind: 'text' | 'reasoning' | 'tool'; id: string; name?: string; input: string }
      >();
      const end: { reason?: string; usage?: TokenUsage } = {};
      let started = false;
      return {
        stream: new ReadableStream<StreamPart>({
          async pull(controller) {
            if (!started) {
              started = true;
              controller.enqueue({ type: 'stream-start', warnings: [] });
            }
            try {
              // A pull must enqueue something: the stream does not pull again for the same read.
              for (;;) {
                const next = await iterator.next();
                if (next.done) {
                  controller.enqueue({
                    type: 'finish',
                    usage: usageOf(end.usage),
                    finishReason: finishReason(end.reason),
                  });
                  controller.close();
                  return;
                }
                const parts = streamParts(next.value, open, end);
                for (const part of parts) controller.enqueue(part);
                if (parts.length > 0) return;
              }
            } catch (error) {
              controller.enqueue({ type: 'error', error: fail(error, options.abortSignal) });
              controller.close();
            }
          },
          async cancel() {
            await iterator.return?.();
          },
        }),
      };
    },
  };
}
