import { timeOrderedId } from '../../ids.js';
import {
  FlowValidationError,
  NodeExecutionError,
  RunAbortedError,
  parseOverrideSettings,
  planChatflow,
  runChatflow,
  type FlowPlan,
  type NodeRegistry,
  type RunImage,
} from '@flowloom/engine';
import { isUuid, type ChatTurn, type FlowData, type PredictionBody } from '@flowloom/shared';
import type { Db } from '../../db/database.js';
import { nodeFailure } from './node-failure.js';
import { jsonOrNull, storedUploads } from './stored-message.js';
import { AppError } from '../../errors.js';
import type { Clock, Logger } from '../../runtime.js';
import type { RuntimeVariablePolicy } from '../resources/runtime-variables.js';
import type { AuthContext } from '../auth/auth.service.js';
import type { ApiKeyService } from '../apikeys/apikey.service.js';
import type { ChatMessageRepository } from '../chat-messages/chat-message.repository.js';
import type { AgentflowPredictor } from './agentflow-prediction.js';
import type { AgentGraphPredictor } from './agent-graph-prediction.js';
import { createChatflowRepository, type FlowRunSettings } from '../chatflows/chatflow.repository.js';
import type { EngineServicesFor } from './engine-services.js';
import { createRateLimiter, rateLimitOf } from './flow-guards.js';
import { uploadsConfig } from '../chatflow-public/uploads-config.js';
import type { EventStream } from './sse.js';
import { createRunExtras, type RunExtras } from './run-extras.js';
import { createAnswerFinisher, followUpField, type AnswerParts } from './finish-answer.js';
import { transcribeQuestion } from '../speech/speech-to-text.js';
import { parseFlow, workspaceVariables } from './flow-inputs.js';
import type { EngineServices } from '@flowloom/engine';

const PLAN_CACHE_SIZE = 500;

/** The settings of a flow the run API reads before running it (its flow JSON is read on demand). */
export type FlowRow = FlowRunSettings;

/**
 * Who runs a flow: a client of the run API (and Execute Flow), or a caller of the flow's workspace:
 * the web app, or the flow's MCP endpoint, whose messages are filed under `MCP` as Flowise files them.
 */
export type Caller =
  { kind: 'external'; apiKey: string | undefined } | { kind: 'internal'; ctx: AuthContext; chatType?: 'MCP' };

/** The source a run's messages are stored under (`chat_message.chatType`). */
export function chatTypeOf(caller: Caller): 'EXTERNAL' | 'INTERNAL' | 'MCP' {
  return caller.kind === 'external' ? 'EXTERNAL' : (caller.chatType ?? 'INTERNAL');
}

export interface PredictionServiceDeps {
  /** Runs agentflow (v2) flows. */
  agentflows: AgentflowPredictor;
  /** Runs Sequential Agents and supervisor/worker flows (MULTIAGENT). */
  agentGraphs: AgentGraphPredictor;
  db: Db;
  registry: NodeRegistry;
  messages: ChatMessageRepository;
  apiKeys: ApiKeyService;
  /** What a run of a workspace's flow may reach (its files are the flow's uploads). */
  servicesFor: EngineServicesFor;
  logger: Logger;
  clock: Clock;
  /** Which `runtime` variables may be read from the environment (FLOWLOOM_RUNTIME_VARIABLES). */
  runtimeVariables: RuntimeVariablePolicy;
  /** How long a flow's post-processing function may run (default 5 s). */
  postProcessingTimeoutMs?: number;
}

/** A message's stored text: the answer, or its JSON in a fenced block when there is only JSON. */
function messageContent(output: { text?: string; json?: unknown }): string {
  if (output.text !== undefined && output.text !== '') return output.text;
  if (output.json !== undefined) return `\`\`\`json\n${JSON.stringify(output.json, null, 2)}\n\`\`\``;
  return JSON.stringify(output);
}

/** Runs flows for the prediction API and the web app's chat (FLOWISE_API.md §1, §3). */
export function createPredictionService(deps: PredictionServiceDeps) {
  const flows = createChatflowRepository(deps.db);
  const plans = new Map<string, { flow: FlowData; plan: FlowPlan }>();
  const running = new Map<string, AbortController>();
  const rateLimiter = createRateLimiter(deps.clock);
  const runExtras = createRunExtras();
  const workspaceVars = workspaceVariables(flows, deps.runtimeVariables);

  const finishAnswer = createAnswerFinisher({
    components: deps.registry,
    logger: deps.logger,
    timeoutMs: deps.postProcessingTimeoutMs,
    workspaceVars,
  });

  /** The flow's settings; its (large) flow JSON is read only when this version is not planned yet. */
  async function loadFlow(id: string): Promise<FlowRow> {
    if (!isUuid(id)) throw new AppError('BAD_REQUEST', 'Invalid Chatflow ID');
    const row = await flows.runSettings(id);
    if (!row) throw new AppError('NOT_FOUND', `Chatflow ${id} not found in the database!`);
    return row;
  }

  /** Routes that already loaded the flow pass its row and save a query. */
  const resolve = (target: string | FlowRow) => (typeof target === 'string' ? loadFlow(target) : target);

  /** Plans are pure functions of a saved flow version: cached with the parsed flow by id and update time. */
  async function planFor(row: {
    id: string;
    updatedDate: string;
  }): Promise<{ flow: FlowData; plan: FlowPlan }> {
    const key = `${row.id}:${row.updatedDate}`;
    const cached = plans.get(key);
    if (cached) return cached;
    const flow = parseFlow(await flows.flowData(row.id));
    const planned = { flow, plan: planChatflow(flow, deps.registry) };
    if (plans.size >= PLAN_CACHE_SIZE) plans.delete(plans.keys().next().value!);
    plans.set(key, planned);
    return planned;
  }

  async function authorize(row: { apikeyid: string | null; workspaceId: string }, caller: Caller) {
    if (caller.kind === 'internal') {
      if (caller.ctx.workspaceId !== row.workspaceId)
        throw new AppError('NOT_FOUND', 'Chatflow not found in this workspace');
      return;
    }
    if (!row.apikeyid) return; // a flow bound to no key is open to anyone with its id (Flowise)
    const key = caller.apiKey ? await deps.apiKeys.verify(caller.apiKey) : undefined;
    if (!key || key.apiKeyId !== row.apikeyid || key.workspaceId !== row.workspaceId) {
      throw new AppError(
        'UNAUTHORIZED',
        'Unauthorized: this flow needs its API key (Authorization: Bearer <key>)',
      );
    }
  }

  function toHistory(body: PredictionBody): ChatTurn[] {
    return (body.history ?? []).map((item) =>
      'role' in item
        ? { role: item.role, content: item.content }
        : { role: item.type, content: item.message },
    );
  }

  /** Text of `file:full` uploads, wrapped per file (they arrive already extracted). */
  function fileAttachment(body: PredictionBody): string {
    return (body.uploads ?? [])
      .filter((u) => u.type === 'file:full' && u.data)
      .map((u) => `<doc name='${u.name}'>${u.data}</doc>`)
      .join('\n');
  }

  /**
   * The images sent with the question (`uploads` of type `file` with an image type and a base64 data
   * URL, as Flowise's chat sends them), checked against what the flow takes (`/chatflows-uploads`).
   */
  function questionImages(body: PredictionBody, flow: FlowData): RunImage[] | undefined {
    const sent = (body.uploads ?? []).filter((u) => u.type === 'file' && u.mime.startsWith('image/'));
    if (sent.length === 0) return undefined;
    const rule = uploadsConfig(flow.nodes).imgUploadSizeAndTypes[0];
    if (!rule)
      throw new AppError(
        'BAD_REQUEST',
        'This flow does not take images: turn on "Allow Image Uploads" on its chat model',
      );
    return sent.map((upload) => {
      if (!rule.fileTypes.includes(upload.mime))
        throw new AppError(
          'BAD_REQUEST',
          `Image "${upload.name}" is ${upload.mime}; this flow takes ${rule.fileTypes.join(', ')}`,
        );
      const data = upload.data ?? '';
      const base64 = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=]*)$/.exec(data)?.[1];
      if (base64 === undefined)
        throw new AppError(
          'BAD_REQUEST',
          `Image "${upload.name}" must be sent as a base64 data URL (data:image/png;base64,…)`,
        );
      if ((base64.length * 3) / 4 > rule.maxUploadSize * 1024 * 1024)
        throw new AppError(
          'BAD_REQUEST',
          `Image "${upload.name}" is larger than ${rule.maxUploadSize} MB, the most this flow takes`,
        );
      return { data, mime: upload.mime, name: upload.name };
    });
  }

  const agentflowFlows = new Map<string, FlowData>();
  /** The parsed flow of an agentflow version (cached like chatflow plans). */
  async function agentflowFor(row: { id: string; updatedDate: string }): Promise<FlowData> {
    const key = `${row.id}:${row.updatedDate}`;
    const cached = agentflowFlows.get(key);
    if (cached) return cached;
    const flow = parseFlow(await flows.flowData(row.id));
    if (agentflowFlows.size >= PLAN_CACHE_SIZE) agentflowFlows.delete(agentflowFlows.keys().next().value!);
    agentflowFlows.set(key, flow);
    return flow;
  }

  async function runAgentflowPrediction(
    row: FlowRow,
    body: PredictionBody,
    caller: Caller,
    chatId: string,
    sessionId: string,
    stream: EventStream | undefined,
    signal: AbortSignal | undefined,
    extras: RunExtras,
    services: EngineServices,
  ): Promise<Record<string, unknown>> {
    const controller = new AbortController();
    signal?.addEventListener('abort', () => controller.abort(), { once: true });
    const runKey = `${row.id}_${chatId}`;
    running.set(runKey, controller);
    try {
      const flow = await agentflowFor(row);
      const images = questionImages(body, flow);
      /** Post-processing and follow-up prompts of the final answer, when the flow has them. */
      const finishWith = (history: ChatTurn[]) =>
        (extras.postProcessing || extras.followUp) && {
          finish: (text: string, question: string, parts: AnswerParts) =>
            finishAnswer(
              row,
              extras,
              services,
              { question, chatId, sessionId, history, signal: controller.signal },
              text,
              parts,
            ),
        };
      const common = {
        row,
        flow,
        body,
        chatType: chatTypeOf(caller),
        chatId,
        sessionId,
        images,
        vars: await workspaceVars(row.workspaceId),
        overrideConfig: caller.kind === 'external' ? body.overrideConfig : undefined,
        services,
        signal: controller.signal,
        stream,
      };
      const stored =
        row.type === 'AGENTFLOW' || extras.postProcessing || extras.followUp
          ? await deps.messages.loadSession(row.id, sessionId)
          : [];
      const history = [...toHistory(body), ...stored];
      if (row.type === 'MULTIAGENT')
        // Agent graphs remember the conversation in their checkpoints (Agent Memory), not in stored messages.
        return await deps.agentGraphs.run({
          ...common,
          history: toHistory(body),
          fileAttachment: fileAttachment(body) || undefined,
          ...finishWith(history),
        });
      return await deps.agentflows.run({ ...common, history, ...finishWith(history) });
    } catch (error) {
      if (error instanceof RunAbortedError) {
        stream?.send('abort', '[DONE]');
        throw new AppError('CONFLICT', 'Flow execution was cancelled', { cause: error });
      }
      throw error;
    } finally {
      running.delete(runKey);
    }
  }

  return {
    /** The flow a prediction names: 400 for an id that is no UUID, 404 for an unknown one. */
    load: loadFlow,

    /**
     * Counts a request of `client` against the flow's `apiConfig.rateLimit`: the refusal (message and
     * seconds to wait) once over the limit, undefined while within it or when the flow sets none.
     */
    rateLimit(row: FlowRow, client: string): { message: string; retryAfter: number } | undefined {
      const limit = rateLimitOf(row.apiConfig);
      if (!limit) return undefined;
      const retryAfter = rateLimiter.hit(row.id, client, limit);
      return retryAfter === undefined ? undefined : { message: limit.limitMsg, retryAfter };
    },

    /** Whether a streaming request to this flow gets server-sent events (FLOWISE_API.md §1.8). */
    async isStreaming(target: string | FlowRow): Promise<boolean> {
      const row = await resolve(target);
      if (row.type === 'AGENTFLOW' || row.type === 'MULTIAGENT') return true;
      try {
        const config = row.chatbotConfig
          ? (JSON.parse(row.chatbotConfig) as { postProcessing?: { enabled?: boolean } })
          : {};
        if (config.postProcessing?.enabled) return false;
        return (await planFor(row)).plan.streamable;
      } catch {
        return false;
      }
    },

    /** Stops the run of one chat; false when nothing was running. */
    abort(flowId: string, chatId: string): boolean {
      const controller = running.get(`${flowId}_${chatId}`);
      controller?.abort();
      return controller !== undefined;
    },

    /**
     * Runs the flow for one question. With `stream`, events go to the client as they happen and the
     * answer ends the stream; otherwise the Flowise JSON answer is returned.
     */
    async predict(
      target: string | FlowRow,
      received: PredictionBody,
      caller: Caller,
      stream?: EventStream,
      signal?: AbortSignal,
    ): Promise<Record<string, unknown>> {
      const startedAt = deps.clock.now();
      const row = await resolve(target);
      await authorize(row, caller);
      if (received.form && received.question)
        throw new AppError('BAD_REQUEST', 'Question and form cannot be provided at the same time');
      const extras = runExtras(row);
      const services = deps.servicesFor(row.workspaceId, `flow:${row.id}`);
      // A recorded question becomes the question when the flow has speech to text on.
      const transcript = await transcribeQuestion(extras.speechToText, received, services, signal);
      const body = transcript === undefined ? received : { ...received, question: transcript };
      const overrideConfig = body.overrideConfig;
      if (overrideConfig?.sessionId !== undefined && typeof overrideConfig.sessionId !== 'string') {
        throw new AppError('BAD_REQUEST', 'Invalid sessionId: must be a string');
      }
      const chatId = body.chatId ?? overrideConfig?.sessionId ?? timeOrderedId();
      const sessionId = (caller.kind === 'external' ? overrideConfig?.sessionId : undefined) ?? chatId;
      if (row.type === 'AGENTFLOW' || row.type === 'MULTIAGENT')
        return runAgentflowPrediction(row, body, caller, chatId, sessionId, stream, signal, extras, services);
      const { flow, plan } = await planFor(row).catch((error: unknown) => {
        // A flow that cannot run (unknown nodes, missing inputs) is the caller's to fix: 400.
        throw error instanceof FlowValidationError
          ? new AppError('BAD_REQUEST', error.message, { cause: error })
          : error;
      });
      const images = questionImages(body, flow);
      const streaming = stream !== undefined && plan.streamable;
      const requestHistory = toHistory(body);
      // Past turns are read only for flows that use them (memory, {{chat_history}}).
      const stored = plan.usesHistory ? await deps.messages.loadSession(row.id, sessionId) : [];
      const apiMessageId = timeOrderedId();
      const controller = new AbortController();
      signal?.addEventListener('abort', () => controller.abort(), { once: true });
      const runKey = `${row.id}_${chatId}`;
      running.set(runKey, controller);
      try {
        const result = await runChatflow(deps.registry, services, {
          flowId: row.id,
          flow,
          plan,
          question: body.question,
          chatId,
          sessionId,
          history: [...requestHistory, ...stored],
          fileAttachment: fileAttachment(body) || undefined,
          ...(images && { images }),
          streaming,
          emit: (event, data) => stream?.send(event, data),
          signal: controller.signal,
          // Variables are read only for flows that use them (`$vars`, custom tool code).
          vars: plan.usesVariables ? await workspaceVars(row.workspaceId) : {},
          overrideConfig: caller.kind === 'external' ? overrideConfig : undefined,
          overrideSettings: parseOverrideSettings(row.apiConfig),
          flowContext: { apiMessageId },
        });
        // Only flows with post-processing or follow-up prompts pay for this step.
        const finished =
          extras.postProcessing || extras.followUp
            ? await finishAnswer(
                row,
                extras,
                services,
                {
                  question: body.question,
                  chatId,
                  sessionId,
                  history: [...requestHistory, ...stored],
                  signal: controller.signal,
                },
                result.output.text ?? '',
                result.output,
              )
            : undefined;
        const output =
          finished && result.output.text ? { ...result.output, text: finished.text } : result.output;
        const followUpPrompts = finished?.followUpPrompts;
        const chatType = chatTypeOf(caller);
        // A node that keeps its own session (an OpenAI assistant's thread) files the exchange under it.
        const answerSession = output.sessionId ?? sessionId;
        const base = {
          chatflowid: row.id,
          chatType,
          chatId,
          sessionId: answerSession,
          memoryType: plan.memoryType ?? null,
          executionId: null,
          agentReasoning: null,
          reasonContent: null,
          action: null,
          followUpPrompts: null,
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
            fileAnnotations: null,
          },
          {
            ...base,
            id: apiMessageId,
            role: 'apiMessage',
            content: messageContent(output),
            createdDate: new Date(
              Math.max(deps.clock.now().getTime(), startedAt.getTime() + 1),
            ).toISOString(),
            leadEmail: null,
            fileUploads: null,
            followUpPrompts: followUpPrompts ? JSON.stringify(followUpPrompts) : null,
            sourceDocuments: jsonOrNull(output.sourceDocuments),
            usedTools: jsonOrNull(output.usedTools),
            artifacts: jsonOrNull(output.artifacts),
            fileAnnotations: jsonOrNull(output.fileAnnotations),
          },
        ]);
        if (stream) {
          if (!result.streamed) {
            // A run that produced no tokens still delivers its answer over the stream.
            if (output.text) {
              stream.send('start', output.text);
              stream.send('token', output.text);
            }
          }
          if (output.sourceDocuments?.length) stream.send('sourceDocuments', output.sourceDocuments);
          if (output.usedTools?.length) stream.send('usedTools', output.usedTools);
          if (output.artifacts?.length) stream.send('artifacts', output.artifacts);
          if (output.fileAnnotations?.length) stream.send('fileAnnotations', output.fileAnnotations);
          const metadata = {
            chatId,
            chatMessageId: apiMessageId,
            question: body.question,
            sessionId: answerSession,
            memoryType: plan.memoryType,
            followUpPrompts: followUpPrompts && JSON.stringify(followUpPrompts),
          };
          stream.send('metadata', Object.fromEntries(Object.entries(metadata).filter(([, v]) => v)));
        }
        return {
          ...output,
          ...(output.text === undefined && output.json === undefined ? { text: '' } : {}),
          question: body.question,
          chatId,
          chatMessageId: apiMessageId,
          ...(answerSession && { sessionId: answerSession }),
          ...(plan.memoryType && { memoryType: plan.memoryType }),
          ...followUpField(followUpPrompts),
          isStreamValid: streaming,
        };
      } catch (error) {
        if (error instanceof RunAbortedError) {
          stream?.send('abort', '[DONE]');
          throw new AppError('CONFLICT', 'Flow execution was cancelled', { cause: error });
        }
        if (error instanceof FlowValidationError)
          throw new AppError('BAD_REQUEST', error.message, { cause: error });
        if (error instanceof NodeExecutionError) {
          deps.logger.warn({ flowId: row.id, nodeId: error.nodeId, err: error.cause }, 'flow run failed');
          throw nodeFailure(error);
        }
        throw error;
      } finally {
        running.delete(runKey);
      }
    },
  };
}
export type PredictionService = ReturnType<typeof createPredictionService>;
