import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type FlexibleSchema,
  type ModelMessage,
  type StopCondition,
  type ToolSet,
} from 'ai';
import type { RunContext } from '@flowloom/engine';
import type { UsedTool } from '@flowloom/shared';
import type { ChatModelHandle } from '../llm/chat-model.js';
import { friendlyModelError } from '../llm/generate.js';
import { splitToolOutput, type ToolHandle } from '../tools/tool.js';

/** LangChain's words when an agent runs out of steps; Flowise users know this answer. */
export const MAX_ITERATIONS_ANSWER = 'Agent stopped due to max iterations.';

export interface ToolLoopInput {
  model: ChatModelHandle;
  tools: ToolHandle[];
  system?: string;
  messages: ModelMessage[];
  /** Model calls allowed in total (each may call several tools). */
  maxSteps: number;
  /** Stream the answer's tokens (when the run streams and the model allows it). */
  stream: boolean;
  /** Also emit `agent_trace` events for each tool call (Flowise "Enable Detailed Streaming"). */
  detailed: boolean;
  run: Pick<RunContext, 'emit' | 'signal' | 'streaming'>;
}

export interface ToolLoopResult {
  text: string;
  usedTools: UsedTool[];
}

type Args = Record<string, unknown>;

function schemaOf(handle: ToolHandle): FlexibleSchema<Args> {
  // zod (and other Standard Schema) objects carry `~standard`; anything else is JSON schema.
  return '~standard' in handle.inputSchema
    ? (handle.inputSchema as FlexibleSchema<Args>)
    : jsonSchema<Args>(handle.inputSchema);
}

/** Each tool as an AI SDK tool that records what it was asked and answered. */
function toAiTools(input: ToolLoopInput, usedTools: UsedTool[]): ToolSet {
  const { run } = input;
  const trace = (data: Record<string, unknown>) => {
    if (input.detailed && input.stream && run.streaming) run.emit('agent_trace', data);
  };
  const entries = input.tools.map((handle) => {
    const aiTool = tool<Args, string>({
      description: handle.description,
      inputSchema: schemaOf(handle),
      execute: async (args, { toolCallId, abortSignal }) => {
        trace({ step: 'tool_start', name: handle.name, input: args, runId: toolCallId });
        try {
          const raw = await handle.invoke(args, { signal: abortSignal ?? run.signal, toolCallId });
          // A retriever tool's sources go with the answer, not to the model.
          const { content: output, sourceDocuments } = splitToolOutput(raw);
          usedTools.push({
            tool: handle.name,
            toolInput: args,
            toolOutput: output,
            ...(sourceDocuments && { sourceDocuments }),
          });
          trace({ step: 'tool_end', name: handle.name, output, runId: toolCallId });
          return output;
        } catch (error) {
          if (run.signal.aborted) throw error;
          // The model sees the failure and may retry or explain it; the user sees it in usedTools.
          const message = error instanceof Error ? error.message : String(error);
          usedTools.push({ tool: handle.name, toolInput: args, toolOutput: message, error: message });
          trace({ step: 'tool_error', name: handle.name, error: message, runId: toolCallId });
          return `Error: ${message}`;
        }
      },
    });
    return [handle.name, aiTool] as const;
  });
  return Object.fromEntries(entries);
}

/**
 * The agent loop: the model answers or calls tools; tool results go back to it until it answers,
 * a Return Direct tool answered, or `maxSteps` model calls were made.
 */
export async function runToolLoop(input: ToolLoopInput): Promise<ToolLoopResult> {
  const { model, run } = input;
  const names = input.tools.map((t) => t.name);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`Two connected tools are both named "${duplicate}"; tool names must differ`);
  const direct = new Set(input.tools.filter((t) => t.returnDirect).map((t) => t.name));
  const usedTools: UsedTool[] = [];
  const returnedDirectly: StopCondition<ToolSet> = ({ steps }) =>
    steps.at(-1)?.toolCalls.some((call) => direct.has(call.toolName)) ?? false;
  const common = {
    model: model.model,
    ...(input.system && { system: input.system }),
    messages: input.messages,
    tools: toAiTools(input, usedTools),
    stopWhen: [stepCountIs(input.maxSteps), returnedDirectly],
    abortSignal: run.signal,
    maxRetries: 0,
    ...model.settings,
    ...(model.providerOptions && { providerOptions: model.providerOptions }),
  };
  const streaming = input.stream && run.streaming && model.streaming;
  let text: string;
  let stoppedOnToolCall: boolean;
  try {
    if (streaming) {
      let failure: unknown;
      const result = streamText({ ...common, onError: ({ error }) => void (failure = error) });
      for await (const delta of result.textStream) run.emit('token', delta);
      if (failure) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
      text = await result.text;
      stoppedOnToolCall = (await result.finishReason) === 'tool-calls';
    } else {
      const result = await generateText(common);
      text = result.text;
      stoppedOnToolCall = result.finishReason === 'tool-calls';
    }
  } catch (error) {
    throw friendlyModelError(error, model);
  }
  const last = usedTools.at(-1);
  let answer = text;
  if (stoppedOnToolCall && last && direct.has(last.tool)) answer = last.toolOutput;
  else if (stoppedOnToolCall && !text) answer = MAX_ITERATIONS_ANSWER;
  if (answer !== text && streaming) run.emit('token', answer);
  return { text: answer, usedTools };
}
