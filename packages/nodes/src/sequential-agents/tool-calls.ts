import {
  generateText,
  jsonSchema,
  tool,
  type FlexibleSchema,
  type ModelMessage,
  type Tool,
  type ToolSet,
} from 'ai';
import type { RunContext, SeqMessage, SeqToolCall } from '@flowloom/engine';
import type { ChatModelHandle } from '../llm/chat-model.js';
import { friendlyModelError, generate, withImages } from '../llm/generate.js';
import { directToolCall } from '../llm/direct-call.js';
import { splitToolOutput, type ToolHandle } from '../tools/tool.js';
import { callSettings } from '../agentflow/common/model-call.js';

type Args = Record<string, unknown>;

function schemaOf(handle: ToolHandle): FlexibleSchema<Args> {
  return '~standard' in handle.inputSchema
    ? (handle.inputSchema as FlexibleSchema<Args>)
    : jsonSchema<Args>(handle.inputSchema);
}

/** The tools as AI SDK tools without `execute`: the model asks for calls, the graph runs them. */
export function declaredTools(tools: readonly ToolHandle[]): ToolSet {
  return Object.fromEntries(
    tools.map((handle): [string, Tool] => [
      handle.name,
      tool<Args, never>({ description: handle.description, inputSchema: schemaOf(handle) }),
    ]),
  );
}

export interface ModelTurn {
  text: string;
  toolCalls: SeqToolCall[];
}

/** One model call with tools offered but not run: the answer, or the calls it asks for. */
export async function modelTurn(
  model: ChatModelHandle,
  system: string | undefined,
  messages: ModelMessage[],
  tools: readonly ToolHandle[],
  run: Pick<RunContext, 'signal' | 'images' | 'emit' | 'streaming'>,
): Promise<ModelTurn> {
  // Without tools this is a plain text call (the lean path, without the SDK's prompt checks).
  if (tools.length === 0)
    return {
      text: await generate(model, {
        ...(system && { system }),
        messages,
        stream: false,
        run: { ...run, streaming: false },
      }),
      toolCalls: [],
    };
  try {
    // JSON-schema tools and a text-only conversation take the lean path too.
    const plain = tools.every((t) => !('~standard' in t.inputSchema));
    const direct = plain
      ? await directToolCall(
          model,
          { ...(system && { system }), messages, signal: run.signal },
          tools.map((t) => ({
            name: t.name,
            description: t.description,
            inputSchema: t.inputSchema as Record<string, unknown>,
          })),
        )
      : undefined;
    if (direct) return direct;
    const result = await generateText({
      ...callSettings(model, run),
      ...(system && { system }),
      messages: withImages(model, messages, run.images),
      ...(tools.length > 0 && { tools: declaredTools(tools) }),
    });
    return {
      text: result.text,
      toolCalls: result.toolCalls.map((call) => ({
        id: call.toolCallId,
        name: call.toolName,
        args: (call.input ?? {}) as Args,
      })),
    };
  } catch (error) {
    throw friendlyModelError(error, model);
  }
}

/**
 * Runs every call in parallel and answers one tool message each (with what it used and found). An
 * unknown tool or a failing one fails the node with the tool's name.
 */
export async function runToolCalls(
  calls: readonly SeqToolCall[],
  tools: readonly ToolHandle[],
  nodeId: string,
  run: Pick<RunContext, 'signal'>,
): Promise<SeqMessage[]> {
  return Promise.all(
    calls.map(async (call): Promise<SeqMessage> => {
      const handle = tools.find((t) => t.name === call.name);
      if (!handle) throw new Error(`Tool ${call.name} not found.`);
      let raw: string;
      try {
        raw = await handle.invoke(call.args, { signal: run.signal, toolCallId: call.id });
      } catch (error) {
        if (run.signal.aborted) throw error;
        throw new Error(
          `Tool ${call.name} failed: ${error instanceof Error ? error.message : String(error)}`,
          {
            cause: error,
          },
        );
      }
      const { content, sourceDocuments } = splitToolOutput(raw);
      return {
        role: 'tool',
        content,
        name: call.name,
        toolCallId: call.id,
        nodeId,
        usedTools: [
          {
            tool: call.name,
            toolInput: call.args,
            toolOutput: content,
            ...(sourceDocuments && { sourceDocuments }),
          },
        ],
        ...(sourceDocuments && { sourceDocuments }),
      };
    }),
  );
}

/** The tool messages a node wrote most recently (after its own calls). */
export function trailingToolMessages(messages: readonly SeqMessage[], nodeId: string): SeqMessage[] {
  const out: SeqMessage[] = [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'tool' || message.nodeId !== nodeId) break;
    out.unshift(message);
  }
  return out;
}
