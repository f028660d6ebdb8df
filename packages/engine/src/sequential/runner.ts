import { randomUUID } from 'node:crypto';
import type { ChatTurn, FlowData, SourceDocument, UsedTool } from '@flowloom/shared';
import { prepareRun, type PreparedRequest } from '../chatflow-runner.js';
import { NodeExecutionError, RunAbortedError } from '../errors.js';
import type { EngineServices } from '../node-type.js';
import { planAgentGraph, type AgentGraphPlan, type NodeRegistry } from '../plan.js';
import { compileSequential, compileTeam, type CompiledAgentGraph } from './compile.js';
import { END, executeGraph, type GraphPosition, type GraphStep, type RoutedBy } from './executor.js';
import { initialState, stateWithoutMessages } from './state.js';
import type {
  AgentReasoning,
  CheckpointStore,
  GraphCheckpoint,
  SeqMessage,
  SeqNode,
  SeqState,
  SeqStepInput,
  SeqToolCall,
  SeqUpdate,
} from './types.js';

/** The answer a client sends back to a pending approval (the `action` it was given). */
export interface ReceivedAction {
  id?: unknown;
  mapping?: { approve?: unknown; reject?: unknown };
}

export interface AgentGraphRunRequest extends PreparedRequest {
  flow: FlowData;
  /** A plan made earlier for this same flow (servers cache it per saved version). */
  plan?: AgentGraphPlan;
  /** The action of a pending approval the question answers (its button label). */
  action?: ReceivedAction;
}

/** The approval buttons sent to the client (SEQUENTIAL_AGENTS.md §7.2). */
export interface ApprovalAction {
  id: string;
  mapping: { approve: string; reject: string; toolCalls: SeqToolCall[] };
  elements: { type: 'approve-button' | 'reject-button'; label: string }[];
}

export interface AgentGraphRunResult {
  text: string;
  agentReasoning: AgentReasoning[];
  /** Set when the run paused for a person's approval. */
  action?: ApprovalAction;
  usedTools: UsedTool[];
  sourceDocuments: SourceDocument[];
  artifacts: { type: string; data: unknown }[];
  plan: AgentGraphPlan;
}

const DENIED = (name: string) =>
  `Tool ${name} call denied by user. Acknowledge that, and DONT perform further actions. Only ask if user have other questions`;

function turnMessages(history: readonly ChatTurn[]): SeqMessage[] {
  return history.map((turn) => ({
    role: turn.role === 'userMessage' ? 'human' : 'ai',
    content: turn.content,
  }));
}

/** Tool messages that refuse every pending call (the person clicked the reject button). */
export function denialMessages(calls: readonly SeqToolCall[], nodeId: string): SeqMessage[] {
  return calls.map((call) => ({
    role: 'tool',
    content: DENIED(call.name),
    name: call.name,
    toolCallId: call.id,
    nodeId,
    toolCallsDenied: true,
  }));
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Runs a Sequential Agents or Multi Agents flow for one question: builds every node, compiles the
 * graph, continues the session's checkpoint (a remembered conversation or a pending approval), runs
 * it and answers the final text, the reasoning of each step and, when paused, the approval action.
 * Streams `start`, `agentReasoning`, `nextAgent`, `token` and `action` frames through `emit`.
 */
export async function runAgentGraph(
  registry: NodeRegistry,
  services: EngineServices,
  request: AgentGraphRunRequest,
): Promise<AgentGraphRunResult> {
  const plan = request.plan ?? planAgentGraph(request.flow, registry);
  const prepared = prepareRun(registry, services, request, new Set(plan.nodes.keys()));
  const { instances, contextFor, run } = prepared;
  for (const id of plan.order) {
    if (request.signal.aborted) throw new RunAbortedError();
    const node = plan.nodes.get(id)!;
    const type = registry.get(node.data.name)!;
    try {
      instances.set(id, await type.init?.(contextFor(node, type)));
    } catch (error) {
      if (error instanceof RunAbortedError || request.signal.aborted) throw new RunAbortedError();
      throw new NodeExecutionError({ nodeId: id, label: node.data.label, cause: error });
    }
  }
  const compiled =
    plan.family === 'sequential'
      ? compileSequential(request.flow, instances)
      : compileTeam(request.flow, instances);
  const { graph, head } = compiled;
  // One thread per flow and session: flows sharing a memory database stay apart.
  const threadId = `${request.flowId}:${request.sessionId || request.chatId}`;
  const remembers = head.checkpointer !== undefined;
  const store: CheckpointStore = head.checkpointer ?? services.checkpoints;
  const saved = await store.load(threadId);
  const question = run.question;

  const inputFor = (state: SeqState): SeqStepInput => ({
    state,
    run,
    question,
    startModel: head.model,
    boundTools: [],
    flow: {
      chatflowId: request.flowId,
      sessionId: request.sessionId,
      chatId: request.chatId,
      input: question,
    },
  });

  // Where the run starts: an approved or refused pending approval, or a new turn.
  const pending = saved?.pending;
  const answered =
    pending !== undefined &&
    request.action !== undefined &&
    request.action.id === pending.actionId &&
    (request.question === pending.approveText || request.question === pending.rejectText);
  let position: GraphPosition;
  let approved: Set<string> | undefined;
  let replaced: Map<string, (input: SeqStepInput) => Promise<SeqUpdate>> | undefined;
  if (answered) {
    position = { state: saved!.state, next: saved!.next, joins: saved!.joins };
    if (request.question === pending.approveText) approved = new Set([pending.node]);
    else replaced = new Map([[pending.node, denial(compiled, pending.node, pending.toolCalls)]]);
  } else {
    const refused = await head.moderate?.(request.question);
    if (refused !== undefined) {
      request.emit('token', refused);
      return { text: refused, agentReasoning: [], usedTools: [], sourceDocuments: [], artifacts: [], plan };
    }
    const base =
      remembers && saved && saved.state.messages.length > 0
        ? { ...saved.state }
        : await initialState(graph.channels, services.sandbox, request.signal);
    if (base.messages.length === 0) base.messages = turnMessages(request.history);
    base.messages = [...base.messages, { role: 'human', content: question }];
    const entry = [...graph.entry];
    if (compiled.entryRoute) {
      for (const choice of await compiled.entryRoute(inputFor(base))) entry.push(choice.target);
    }
    position = { state: base, next: [...new Set(entry)].filter((n) => n !== END), joins: {} };
  }

  const reasoning: AgentReasoning[] = [];
  const stepMessages: SeqMessage[] = [];
  const emitReasoning = (entry: AgentReasoning) => {
    reasoning.push(entry);
    request.emit(reasoning.length === 1 ? 'start' : 'agentReasoning', [...reasoning]);
    if (reasoning.length === 1) request.emit('agentReasoning', [...reasoning]);
    if (entry.next && entry.next !== 'FINISH' && entry.next !== END) {
      const worker = compiled.nodes.get(entry.next);
      request.emit('nextAgent', worker?.label ?? entry.next);
    }
  };
  const onStep = (step: GraphStep, update: SeqUpdate, _state: SeqState, via: RoutedBy | undefined) => {
    if (step.name.startsWith('tool_')) return;
    const messages = update.messages ?? [];
    stepMessages.push(...messages);
    if (via) emitReasoning(conditionEntry(via, plan.family));
    emitReasoning(stepEntry(step, update, messages, plan.family));
  };
  const result = await executeGraph(graph, position, {
    inputFor,
    sandbox: services.sandbox,
    signal: request.signal,
    ...(approved && { approved }),
    ...(replaced && { replaced }),
    onStep,
  });

  const usedTools = unique(
    reasoning.flatMap((r) => r.usedTools),
    (t) => JSON.stringify(t),
  );
  const sourceDocuments = unique(
    reasoning.flatMap((r) => r.sourceDocuments),
    (d) => JSON.stringify(d),
  );
  const artifacts = unique(
    reasoning.flatMap((r) => r.artifacts),
    (a) => JSON.stringify(a),
  );

  if (result.interruptedAt) {
    const gated = result.interruptedAt;
    const owner = ownerOf(compiled, gated);
    const calls = pendingToolCalls(result.state.messages);
    const settings = owner.approval!;
    let text = 'Do you want to proceed?';
    try {
      text = (await owner.approvalText?.(inputFor(result.state), calls)) || text;
    } catch (error) {
      if (request.signal.aborted) throw new RunAbortedError();
      services.logger.warn('approval prompt failed', { nodeId: owner.nodeId, error: String(error) });
    }
    const action: ApprovalAction = {
      id: randomUUID(),
      mapping: { approve: settings.approveText, reject: settings.rejectText, toolCalls: calls },
      elements: [
        { type: 'approve-button', label: settings.approveText },
        { type: 'reject-button', label: settings.rejectText },
      ],
    };
    const checkpoint: GraphCheckpoint = {
      version: 1,
      state: result.state,
      next: result.next,
      joins: result.joins,
      pending: {
        actionId: action.id,
        node: gated,
        toolCalls: calls,
        approveText: settings.approveText,
        rejectText: settings.rejectText,
      },
    };
    await store.save(threadId, checkpoint);
    request.emit('token', text);
    request.emit('action', action);
    const waiting = calls.map((c) => ({ tool: c.name, toolInput: c.args, toolOutput: '' }));
    return {
      text,
      agentReasoning: reasoning,
      action,
      usedTools: [...usedTools, ...waiting],
      sourceDocuments,
      artifacts,
      plan,
    };
  }

  if (remembers) await store.save(threadId, { version: 1, state: result.state, next: [], joins: {} });
  else if (saved) await store.clear(threadId);
  const text = finalText(compiled, result.state, stepMessages);
  request.emit('token', text);
  return { text, agentReasoning: reasoning, usedTools, sourceDocuments, artifacts, plan };
}

/** The node whose approval a gated graph node waits for (an Agent's internal tool node, or a Tool Node). */
function ownerOf(compiled: CompiledAgentGraph, gated: string): SeqNode {
  const byName = compiled.nodes.get(gated);
  if (byName) return byName;
  const nodeId = gated.replace(/^tool_/, '');
  const agent = [...compiled.nodes.values()].find((n) => n.nodeId === nodeId);
  if (!agent) throw new Error(`No node waits for approval as ${gated}`);
  return agent;
}

/** The calls of the latest message that asked for tools. */
function pendingToolCalls(messages: readonly SeqMessage[]): SeqToolCall[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const calls = messages[i]!.toolCalls;
    if (calls?.length) return calls;
  }
  return [];
}

/** What runs instead of a gated node when the person refused its calls. */
function denial(
  compiled: CompiledAgentGraph,
  gated: string,
  calls: SeqToolCall[],
): (input: SeqStepInput) => Promise<SeqUpdate> {
  const owner = ownerOf(compiled, gated);
  if (owner.role === 'agent' && owner.runTools) return (input) => owner.runTools!(input, true);
  if (owner.deny) return (input) => owner.deny!(input);
  return () => Promise.resolve({ messages: denialMessages(calls, owner.nodeId) });
}

function stepEntry(
  step: GraphStep,
  update: SeqUpdate,
  messages: SeqMessage[],
  family: AgentGraphPlan['family'],
): AgentReasoning {
  const usedTools = messages.flatMap((m) => m.usedTools ?? []);
  const entry: AgentReasoning = {
    agentName: step.label,
    messages: messages.map((m) => m.content),
    usedTools,
    sourceDocuments: messages.flatMap((m) => m.sourceDocuments ?? []),
    artifacts: messages.flatMap((m) => m.artifacts ?? []),
    state: stateWithoutMessages(update),
    nodeId: messages.at(-1)?.nodeId ?? step.nodeId,
  };
  if (family === 'sequential') entry.nodeName = step.nodeName;
  if (typeof update.next === 'string') entry.next = update.next;
  if (typeof update.instructions === 'string') entry.instructions = update.instructions;
  return entry;
}

function conditionEntry(via: RoutedBy, family: AgentGraphPlan['family']): AgentReasoning {
  return {
    agentName: via.label,
    messages: [via.chosen],
    usedTools: [],
    sourceDocuments: [],
    artifacts: [],
    state: {},
    ...(family === 'sequential' && { nodeName: via.nodeName }),
    nodeId: via.nodeId,
  };
}

/**
 * The answer of a finished run: a team's summarization when the supervisor writes one, else its last
 * worker's message; a sequential flow's last message of this turn.
 */
function finalText(compiled: CompiledAgentGraph, state: SeqState, written: readonly SeqMessage[]): string {
  if (compiled.family === 'team') {
    if (compiled.head.summarization && typeof state.summarization === 'string' && state.summarization)
      return state.summarization;
    const worker = [...written].reverse().find((m) => m.content);
    if (worker) return worker.content;
    return typeof state.instructions === 'string' ? state.instructions : '';
  }
  const last = [...written].reverse().find((m) => m.role !== 'tool' && m.content);
  return last?.content ?? '';
}
