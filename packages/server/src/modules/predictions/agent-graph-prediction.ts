import { timeOrderedId } from '../../ids.js';
import {
  FlowValidationError,
  NodeExecutionError,
  RecursionLimitError,
  RunAbortedError,
  parseOverrideSettings,
  planAgentGraph,
  runAgentGraph,
  type AgentGraphPlan,
  type EngineServices,
  type NodeRegistry,
  type ReceivedAction,
  type RunImage,
} from '@flowloom/engine';
import type { ChatTurn, FlowData, PredictionBody } from '@flowloom/shared';
import { nodeFailure } from './node-failure.js';
import { jsonOrNull, storedUploads } from './stored-message.js';
import { AppError } from '../../errors.js';
import type { Clock, Logger } from '../../runtime.js';
import type { ChatMessageRepository } from '../chat-messages/chat-message.repository.js';
import type { FlowRunner } from './flow-runner.js';
import type { EventStream } from './sse.js';

const PLAN_CACHE_SIZE = 500;

export interface AgentGraphPredictionDeps {
  registry: NodeRegistry;
  /** Execute Flow's in-process runs of other flows of the workspace. */
  flows: FlowRunner;
  messages: ChatMessageRepository;
  clock: Clock;
  logger: Logger;
}

export interface AgentGraphRunInput {
  row: { id: string; workspaceId: string; apiConfig: string | null; updatedDate: string };
  flow: FlowData;
  body: PredictionBody;
  chatType: 'EXTERNAL' | 'INTERNAL' | 'MCP';
  chatId: string;
  sessionId: string;
  /** The request's `history` (sequential flows remember the rest in their checkpoints). */
  history: ChatTurn[];
  fileAttachment: string | undefined;
  images: RunImage[] | undefined;
  vars: Record<string, string>;
  overrideConfig: Record<string, unknown> | undefined;
  services: EngineServices;
  signal: AbortSignal;
  stream: EventStream | undefined;
  finish?: (
    text: string,
    question: string,
    parts: { sourceDocuments?: unknown; usedTools?: unknown; artifacts?: unknown },
  ) => Promise<{ text: string; followUpPrompts: string[] | undefined }>;
}

/**
 * Sequential Agents and supervisor/worker team runs (flow type MULTIAGENT, SEQUENTIAL_AGENTS.md §8):
 * reasoning frames while it runs, the final text as one token, the approval action when it pauses;
 * both messages stored with their reasoning, tools and action.
 */
export function createAgentGraphPredictor(deps: AgentGraphPredictionDeps) {
  const plans = new Map<string, AgentGraphPlan>();
  function planFor(row: AgentGraphRunInput['row'], flow: FlowData): AgentGraphPlan {
    const key = `${row.id}:${row.updatedDate}`;
    const cached = plans.get(key);
    if (cached) return cached;
    const plan = planAgentGraph(flow, deps.registry);
    if (plans.size >= PLAN_CACHE_SIZE) plans.delete(plans.keys().next().value!);
    plans.set(key, plan);
    return plan;
  }

  return {
    async run(input: AgentGraphRunInput): Promise<Record<string, unknown>> {
      const { row, body, stream } = input;
      const startedAt = deps.clock.now();
      const apiMessageId = timeOrderedId();
      const action =
        body.action && typeof body.action === 'object' ? (body.action as ReceivedAction) : undefined;
      try {
        const plan = planFor(row, input.flow);
        const services: EngineServices = { ...input.services, runFlow: deps.flows.forRun(row) };
        const result = await runAgentGraph(deps.registry, services, {
          flowId: row.id,
          flow: input.flow,
          plan,
          question: body.question,
          chatId: input.chatId,
          sessionId: input.sessionId,
          history: input.history,
          ...(input.fileAttachment && { fileAttachment: input.fileAttachment }),
          ...(input.images && { images: input.images }),
          streaming: stream !== undefined,
          emit: (event, data) => stream?.send(event, data),
          signal: input.signal,
          vars: plan.usesVariables ? input.vars : {},
          overrideConfig: input.overrideConfig,
          overrideSettings: parseOverrideSettings(row.apiConfig),
          flowContext: { apiMessageId },
          ...(action && { action }),
        });
        // A button answered (or a new question passed over) the pending approval: it is no longer pending.
        if (action) await deps.messages.clearPendingAction(row.id, input.sessionId);
        const parts = {
          sourceDocuments: result.sourceDocuments,
          usedTools: result.usedTools,
          artifacts: result.artifacts,
        };
        const finished =
          input.finish && !result.action ? await input.finish(result.text, body.question, parts) : undefined;
        const text = finished?.text ?? result.text;
        const followUpPrompts = finished?.followUpPrompts;
        const base = {
          chatflowid: row.id,
          chatType: input.chatType,
          chatId: input.chatId,
          sessionId: input.sessionId,
          memoryType: plan.memoryType ?? null,
          executionId: null,
          fileAnnotations: null,
          reasonContent: null,
        };
        await deps.messages.insertExchange([
          {
            ...base,
            id: timeOrderedId(),
            role: 'userMessage',
            content: body.question,
            createdDate: startedAt.toISOString(),
            leadEmail: body.leadEmail ?? null,
            fileUploads: storedUploads(body),
            sourceDocuments: null,
            usedTools: null,
            artifacts: null,
            agentReasoning: null,
            action: null,
            followUpPrompts: null,
          },
          {
            ...base,
            id: apiMessageId,
            role: 'apiMessage',
            content: text,
            createdDate: new Date(
              Math.max(deps.clock.now().getTime(), startedAt.getTime() + 1),
            ).toISOString(),
            leadEmail: null,
            fileUploads: null,
            sourceDocuments: jsonOrNull(result.sourceDocuments),
            usedTools: jsonOrNull(result.usedTools),
            artifacts: jsonOrNull(result.artifacts),
            agentReasoning: jsonOrNull(result.agentReasoning),
            action: jsonOrNull(result.action),
            followUpPrompts: followUpPrompts ? JSON.stringify(followUpPrompts) : null,
          },
        ]);
        if (stream) {
          stream.send('usedTools', result.usedTools);
          stream.send('sourceDocuments', result.sourceDocuments);
          stream.send('artifacts', result.artifacts);
          const metadata = {
            chatId: input.chatId,
            chatMessageId: apiMessageId,
            question: body.question,
            sessionId: input.sessionId,
            ...(plan.memoryType && { memoryType: plan.memoryType }),
            ...(followUpPrompts && { followUpPrompts: JSON.stringify(followUpPrompts) }),
            ...(result.action && { action: result.action }),
          };
          stream.send('metadata', metadata);
        }
        return {
          text,
          question: body.question,
          chatId: input.chatId,
          chatMessageId: apiMessageId,
          sessionId: input.sessionId,
          ...(plan.memoryType && { memoryType: plan.memoryType }),
          agentReasoning: result.agentReasoning,
          ...(result.action && { action: result.action }),
          ...(followUpPrompts && { followUpPrompts: JSON.stringify(JSON.stringify(followUpPrompts)) }),
        };
      } catch (error) {
        if (error instanceof RunAbortedError) throw error;
        if (error instanceof FlowValidationError)
          throw new AppError('BAD_REQUEST', error.message, { cause: error });
        if (error instanceof NodeExecutionError) {
          deps.logger.warn(
            { flowId: row.id, nodeId: error.nodeId, err: error.cause },
            'agent graph run failed',
          );
          throw nodeFailure(error);
        }
        if (error instanceof RecursionLimitError)
          throw new AppError('INTERNAL', error.message, { cause: error });
        throw error;
      }
    },
  };
}
export type AgentGraphPredictor = ReturnType<typeof createAgentGraphPredictor>;
