import { timeOrderedId } from '../../ids.js';
import {
  FlowValidationError,
  NodeExecutionError,
  RunAbortedError,
  parseOverrideSettings,
  runAgentflow,
  type AgentflowRegistry,
  type EngineServices,
  type ExecutedEntry,
  type ExecutionState,
  type NodeRegistry,
  type RunImage,
} from '@flowloom/engine';
import { stripCredentialIds, type ChatTurn, type FlowData, type PredictionBody } from '@flowloom/shared';
import { nodeFailure } from './node-failure.js';
import { jsonOrNull, storedUploads } from './stored-message.js';
import { AppError } from '../../errors.js';
import type { Clock, Logger } from '../../runtime.js';
import type { ChatMessageRepository } from '../chat-messages/chat-message.repository.js';
import type { ExecutionRepository } from '../executions/execution.repository.js';
import type { FlowRunner } from './flow-runner.js';
import type { EventStream } from './sse.js';

export interface AgentflowPredictionDeps {
  registry: AgentflowRegistry;
  /** The chatflow node types v2 nodes pick as models and tools (their `<param>Config` forms). */
  components: NodeRegistry;
  /** Execute Flow's in-process runs of other flows of the workspace. */
  flows: FlowRunner;
  executions: ExecutionRepository;
  messages: ChatMessageRepository;
  clock: Clock;
  logger: Logger;
}

export interface AgentflowRunInput {
  row: { id: string; workspaceId: string; apiConfig: string | null };
  flow: FlowData;
  body: PredictionBody;
  chatType: 'EXTERNAL' | 'INTERNAL' | 'MCP';
  chatId: string;
  sessionId: string;
  history: ChatTurn[];
  /** Images sent with the question, already checked against what the flow takes. */
  images: RunImage[] | undefined;
  vars: Record<string, string>;
  overrideConfig: Record<string, unknown> | undefined;
  services: EngineServices;
  signal: AbortSignal;
  stream: EventStream | undefined;
  /**
   * The flow's post-processing and follow-up prompts, applied to the final answer text (with the
   * question it answers and the last node's parts) before it is stored and returned.
   */
  finish?: (
    text: string,
    question: string,
    parts: { sourceDocuments?: unknown; usedTools?: unknown; artifacts?: unknown },
  ) => Promise<{ text: string; followUpPrompts: string[] | undefined }>;
}

function parseEntries(text: string): ExecutedEntry[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    return Array.isArray(parsed) ? (parsed as ExecutedEntry[]) : [];
  } catch {
    return [];
  }
}

/** Agentflow (v2) runs: an execution row per run, resumable after a human-input stop (AGENTFLOW_V2.md §2.7). */
export function createAgentflowPredictor(deps: AgentflowPredictionDeps) {
  /** The execution a `humanInput` request continues, with its trace ready to resume. */
  async function resumable(workspaceId: string, flowId: string, sessionId: string) {
    const latest = await deps.executions.latestForSession(workspaceId, flowId, sessionId);
    if (!latest)
      throw new AppError('BAD_REQUEST', `No previous execution found for session ${sessionId} of this flow`);
    const entries = parseEntries(latest.executionData);
    if (latest.state === 'STOPPED') return { execution: latest, entries };
    // A resume that failed right after the stop may be retried: its error entry is dropped.
    if (
      latest.state === 'ERROR' &&
      entries.at(-1)?.status === 'ERROR' &&
      entries.at(-2)?.status === 'STOPPED'
    ) {
      return { execution: latest, entries: entries.slice(0, -1) };
    }
    throw new AppError('BAD_REQUEST', `Cannot resume execution ${latest.id} in '${latest.state}' state`);
  }

  return {
    async run(input: AgentflowRunInput): Promise<Record<string, unknown>> {
      const { row, body, stream } = input;
      const startedAt = deps.clock.now();
      const at = () => deps.clock.now().toISOString();
      const resume = body.humanInput ? await resumable(row.workspaceId, row.id, input.sessionId) : undefined;
      const previous = resume
        ? undefined
        : await deps.executions.latestForSession(row.workspaceId, row.id, input.sessionId);
      const previousEntries = previous ? parseEntries(previous.executionData) : [];
      const start = input.flow.nodes.find((n) => n.data?.name === 'startAgentflow');
      const persistState =
        start?.data.inputs?.startPersistState === true || start?.data.inputs?.startPersistState === 'true';
      const persistedState = persistState
        ? [...previousEntries].reverse().find((e) => e.data.state)?.data.state
        : undefined;
      const persistedForm = Object.assign(
        {},
        ...previousEntries.map((e) => e.data.output?.form ?? {}),
      ) as Record<string, unknown>;

      const executionId = resume?.execution.id ?? timeOrderedId();
      if (!resume) {
        await deps.executions.insert({
          id: executionId,
          executionData: '[]',
          state: 'INPROGRESS',
          agentflowId: row.id,
          sessionId: input.sessionId,
          action: null,
          isPublic: 0,
          stoppedDate: null,
          workspaceId: row.workspaceId,
          createdDate: at(),
          updatedDate: at(),
        });
      }
      const save = async ({
        executionData,
        state,
      }: {
        executionData: ExecutedEntry[];
        state: ExecutionState;
      }) => {
        await deps.executions.update(executionId, {
          executionData: JSON.stringify(stripCredentialIds(executionData)),
          state,
          updatedDate: at(),
          ...(state === 'STOPPED' && { stoppedDate: at() }),
        });
      };
      const apiMessageId = timeOrderedId();
      const question =
        body.question ||
        body.humanInput?.feedback ||
        (body.humanInput ? (body.humanInput.type === 'proceed' ? 'Proceed' : 'Reject') : '');
      try {
        const services: EngineServices = { ...input.services, runFlow: deps.flows.forRun(row) };
        const result = await runAgentflow(deps.registry, services, {
          flowId: row.id,
          flow: input.flow,
          question,
          ...(body.form && { form: body.form }),
          chatId: input.chatId,
          sessionId: input.sessionId,
          history: input.history,
          ...(input.images && { images: input.images }),
          streaming: stream !== undefined,
          emit: (event, data) => stream?.send(event, data),
          signal: input.signal,
          vars: input.vars,
          overrideConfig: input.overrideConfig,
          overrideSettings: parseOverrideSettings(row.apiConfig),
          components: deps.components,
          ...(persistedState && { persistedState }),
          persistedForm,
          ...(resume &&
            body.humanInput && { resume: { executionData: resume.entries, humanInput: body.humanInput } }),
          save,
          flowContext: { apiMessageId },
        });
        if (resume) await deps.messages.clearPendingAction(row.id, input.sessionId);
        const last = result.lastEntry?.data.output ?? {};
        const finished = input.finish
          ? await input.finish(result.text, question, {
              sourceDocuments: last.sourceDocuments,
              usedTools: last.usedTools,
              artifacts: last.artifacts,
            })
          : undefined;
        const text = finished?.text ?? result.text;
        const followUpPrompts = finished?.followUpPrompts;
        const base = {
          chatflowid: row.id,
          chatType: input.chatType,
          chatId: input.chatId,
          sessionId: input.sessionId,
          memoryType: null,
          executionId,
          agentReasoning: null,
          fileAnnotations: null,
          followUpPrompts: null,
        };
        await deps.messages.insertExchange([
          {
            ...base,
            id: timeOrderedId(),
            role: 'userMessage',
            content: question,
            createdDate: startedAt.toISOString(),
            leadEmail: body.leadEmail ?? null,
            fileUploads: storedUploads(body),
            sourceDocuments: null,
            usedTools: null,
            artifacts: null,
            action: null,
            reasonContent: null,
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
            sourceDocuments: jsonOrNull(last.sourceDocuments),
            usedTools: jsonOrNull(last.usedTools),
            artifacts: jsonOrNull(last.artifacts),
            action: jsonOrNull(result.action),
            reasonContent: null,
            followUpPrompts: followUpPrompts ? JSON.stringify(followUpPrompts) : null,
          },
        ]);
        const agentFlowExecutedData = stripCredentialIds(result.executionData);
        if (stream) {
          const metadata = {
            chatId: input.chatId,
            chatMessageId: apiMessageId,
            question,
            sessionId: input.sessionId,
            executionId,
            ...(result.action && { action: result.action }),
            ...(followUpPrompts && { followUpPrompts: JSON.stringify(followUpPrompts) }),
          };
          stream.send('metadata', metadata);
        }
        return {
          text,
          question,
          ...(body.form && { form: body.form }),
          chatId: input.chatId,
          chatMessageId: apiMessageId,
          sessionId: input.sessionId,
          executionId,
          agentFlowExecutedData,
          ...(Array.isArray(last.sourceDocuments) &&
            last.sourceDocuments.length > 0 && { sourceDocuments: last.sourceDocuments }),
          ...(Array.isArray(last.usedTools) && last.usedTools.length > 0 && { usedTools: last.usedTools }),
          ...(result.action && { action: result.action }),
          ...(followUpPrompts && { followUpPrompts: JSON.stringify(JSON.stringify(followUpPrompts)) }),
        };
      } catch (error) {
        if (error instanceof RunAbortedError) throw error;
        if (error instanceof FlowValidationError) {
          await save({ executionData: resume?.entries ?? [], state: 'ERROR' }).catch(() => undefined);
          throw new AppError('BAD_REQUEST', error.message, { cause: error });
        }
        if (error instanceof NodeExecutionError) {
          deps.logger.warn(
            { flowId: row.id, nodeId: error.nodeId, err: error.cause },
            'agentflow run failed',
          );
          throw nodeFailure(error);
        }
        throw error;
      }
    },
  };
}
export type AgentflowPredictor = ReturnType<typeof createAgentflowPredictor>;
