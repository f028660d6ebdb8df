import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type FlexibleSchema,
  type LanguageModelUsage,
  type ModelMessage,
  type StepResult,
  type Tool,
  type ToolSet,
} from 'ai';
import type { RunContext } from '@flowloom/engine';
import type { UsedTool } from '@flowloom/shared';
import type { ChatModelHandle } from '../../llm/chat-model.js';
import { friendlyModelError } from '../../llm/generate.js';
import { splitToolOutput, type ToolHandle } from '../../tools/tool.js';
import { callSettings } from '../common/model-call.js';

/** A tool the agent may call, and whether a person must approve each call first. */
export interface AgentTool {
  handle: ToolHandle;
  requiresApproval: boolean;
  /** Index of the `agentTools` row it came from (a toolkit row gives several tools). */
  row: number;
  /** Label and name of the tool node, for `availableTools`. */
  toolNode: { label: string; name: string };
}

export interface PendingToolCall {
  toolCallId: string;
  toolName: string;
  input: Record<string, unknown>;
}

/** Model calls one agent turn may make before it stops (Flowise sets no limit; a runaway loop costs). */
export const MAX_AGENT_STEPS = 25;

type Args = Record<string, unknown>;

function schemaOf(handle: ToolHandle): FlexibleSchema<Args> {
  return '~standard' in handle.inputSchema
    ? (handle.inputSchema as FlexibleSchema<Args>)
    : jsonSchema<Args>(handle.inputSchema);
}

/** Runs one tool call, recording it; a failing tool fails the node (Flowise). */
export async function invokeTool(
  agentTool: AgentTool,
  args: Args,
  toolCallId: string,
  run: Pick<RunContext, 'signal'>,
  usedTools: UsedTool[],
): Promise<string> {
  try {
    const raw = await agentTool.handle.invoke(args, { signal: run.signal, toolCallId });
    // A retriever tool's sources go with the answer, not to the model.
    const { content: output, sourceDocuments } = splitToolOutput(raw);
    usedTools.push({
      tool: agentTool.handle.name,
      toolInput: args,
      toolOutput: output,
      ...(sourceDocuments && { sourceDocuments }),
    });
    return output;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    usedTools.push({ tool: agentTool.handle.name, toolInput: args, toolOutput: '', error: message });
    throw new Error(`Error in tool "${agentTool.handle.name}": ${message}`, { cause: error });
  }
}

export interface AgentLoopInput {
  model: ChatModelHandle;
  tools: AgentTool[];
  messages: ModelMessage[];
  /** Ask before running tools that require approval (never inside an iteration). */
  approvals: boolean;
  stream: boolean;
  run: Pick<RunContext, 'emit' | 'signal' | 'streaming'>;
  usedTools: UsedTool[];
}

export interface AgentLoopResult {
  text: string;
  /** The conversation after the turn: the input messages plus the model's and tools' messages. */
  messages: ModelMessage[];
  /** Calls waiting for a person's approval; the turn stopped before running them. */
  pending: PendingToolCall[];
  usage: LanguageModelUsage | undefined;
}

/**
 * The tool loop (AI SDK multi-step): the model answers or calls tools until it answers. Tools that
 * need approval have no `execute`, so the SDK stops at their call and the node can pause.
 */
export async function runAgentLoop(input: AgentLoopInput): Promise<AgentLoopResult> {
  const { model, run } = input;
  const byName = new Map(input.tools.map((t) => [t.handle.name, t]));
  let failure: Error | undefined;
  const tools: ToolSet = Object.fromEntries(
    input.tools.map((agentTool): [string, Tool] => {
      const paused = input.approvals && agentTool.requiresApproval;
      const base = { description: agentTool.handle.description, inputSchema: schemaOf(agentTool.handle) };
      if (paused) return [agentTool.handle.name, tool<Args, never>(base)];
      return [
        agentTool.handle.name,
        tool<Args, string>({
          ...base,
          execute: async (args, { toolCallId }) => {
            try {
              return await invokeTool(agentTool, args, toolCallId, run, input.usedTools);
            } catch (error) {
              failure ??= error as Error;
              throw error;
            }
          },
        }),
      ];
    }),
  );
  const direct = input.tools.filter((t) => t.handle.returnDirect).map((t) => t.handle.name);
  const onStepFinish = (step: StepResult<ToolSet>) => {
    if (step.toolCalls.length > 0)
      run.emit(
        'calledTools',
        step.toolCalls.map((c) => ({ tool: c.toolName, toolInput: c.input as unknown, toolOutput: '' })),
      );
  };
  const common = {
    ...callSettings(model, run),
    messages: input.messages,
    tools,
    stopWhen: [
      stepCountIs(MAX_AGENT_STEPS),
      () => failure !== undefined,
      ({ steps }: { steps: StepResult<ToolSet>[] }) =>
        steps.length === 1 &&
        steps[0]!.toolCalls.length === 1 &&
        direct.includes(steps[0]!.toolCalls[0]!.toolName),
    ],
    onStepFinish,
  };
  let text: string;
  let steps: StepResult<ToolSet>[];
  let responseMessages: ModelMessage[];
  let usage: LanguageModelUsage | undefined;
  try {
    if (input.stream && run.streaming && model.streaming) {
      let streamError: unknown;
      const result = streamText({ ...common, onError: ({ error }) => void (streamError = error) });
      for await (const delta of result.textStream) run.emit('token', delta);
      if (failure) throw failure;
      if (streamError)
        throw streamError instanceof Error ? streamError : new Error(JSON.stringify(streamError));
      text = await result.text;
      steps = await result.steps;
      responseMessages = (await result.response).messages;
      usage = await result.totalUsage;
    } else {
      const result = await generateText(common);
      text = result.text;
      steps = result.steps;
      responseMessages = result.response.messages;
      usage = result.totalUsage;
    }
  } catch (error) {
    throw failure ?? friendlyModelError(error, model);
  }
  if (failure) throw failure;
  const last = steps.at(-1);
  const answered = new Set(last?.toolResults.map((r) => r.toolCallId) ?? []);
  const pending = (last?.toolCalls ?? [])
    .filter((c) => !answered.has(c.toolCallId) && byName.get(c.toolName)?.requiresApproval)
    .map((c) => ({ toolCallId: c.toolCallId, toolName: c.toolName, input: (c.input ?? {}) as Args }));
  // One Return Direct tool call ends the turn with the tool's own answer.
  const allCalls = steps.flatMap((s) => s.toolCalls);
  if (pending.length === 0 && allCalls.length === 1 && direct.includes(allCalls[0]!.toolName)) {
    const output = input.usedTools.at(-1)?.toolOutput ?? text;
    if (input.stream && output !== text) run.emit('token', output);
    text = output;
  }
  return { text, messages: [...input.messages, ...responseMessages], pending, usage };
}
