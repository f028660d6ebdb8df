import type { ChatTurn, FlowData, FlowNode } from '@flowloom/shared';
import { FlowValidationError, NodeExecutionError, NodeUnavailableError, RunAbortedError } from '../errors.js';
import type { EngineServices, EventSink, RunImage } from '../node-type.js';
import { credentialForNode } from '../credential-inputs.js';
import { applyOverrides, type OverrideSettings } from '../overrides.js';
import type { NodeRegistry } from '../plan.js';
import { resolveComponentConfigs } from './component-config.js';
import { buildGraph, type AgentGraph } from './graph.js';
import type {
  AgentflowNodeResult,
  AgentflowNodeType,
  ExecutedEntry,
  ExecutionState,
  HumanInput,
  HumanInputAction,
  IterationContext,
  RuntimeMessage,
} from './types.js';
import { resolveDeep, resolveText, type AgentflowScope } from './variables.js';

export type AgentflowRegistry = ReadonlyMap<string, AgentflowNodeType>;

export interface AgentflowRunRequest {
  flowId: string;
  flow: FlowData;
  question: string;
  form?: Record<string, unknown>;
  webhook?: Record<string, unknown>;
  chatId: string;
  sessionId: string;
  /** Stored turns of the session (and the request's history). */
  history: ChatTurn[];
  fileAttachment?: string;
  /** Images sent with the question, for the models that take them. */
  images?: RunImage[];
  streaming: boolean;
  emit: EventSink;
  signal: AbortSignal;
  vars: Record<string, string>;
  overrideConfig?: Record<string, unknown>;
  overrideSettings?: OverrideSettings;
  /**
   * The chatflow node types v2 nodes pick as components (`loadConfig` inputs: chat models, tools):
   * their `acceptVariable` fields are resolved in `<param>Config`. Without it, configs stay as written.
   */
  components?: NodeRegistry;
  /** State carried over from the session's previous run (Start: persist state). */
  persistedState?: Record<string, unknown>;
  /** Form values remembered for the session. */
  persistedForm?: Record<string, unknown>;
  /** Continue a stopped execution at the node that waits for a person. */
  resume?: { executionData: ExecutedEntry[]; humanInput: HumanInput };
  /** Writes a checkpoint of the execution (after iteration items, on errors, at the end). */
  save(snapshot: { executionData: ExecutedEntry[]; state: ExecutionState }): Promise<void>;
  maxIterations?: number;
  defaultMaxLoopCount?: number;
  /** Id generator (human-input action ids); tests pass a deterministic one. */
  newId?: () => string;
  flowContext?: Record<string, unknown>;
}

export interface AgentflowRunResult {
  state: ExecutionState;
  executionData: ExecutedEntry[];
  /** The answer: `output.content` of the last entry, or ' '. */
  text: string;
  lastEntry: ExecutedEntry | undefined;
  action: HumanInputAction | undefined;
  flowState: Record<string, unknown>;
  form: Record<string, unknown>;
}

const HUMAN_INPUT = 'humanInputAgentflow';

/** Final state of an execution from its entries (AGENTFLOW_V2.md §2.10). */
export function executionStateOf(entries: readonly ExecutedEntry[]): ExecutionState {
  const statuses = new Set(entries.map((e) => e.status));
  if (statuses.has('TERMINATED')) return 'TERMINATED';
  if (statuses.has('ERROR')) return 'ERROR';
  if (statuses.has('STOPPED')) return 'STOPPED';
  return 'FINISHED';
}

/** Runs an agentflow (v2): a queue of nodes with a waiting table for merges (AGENTFLOW_V2.md §2). */
export async function runAgentflow(
  registry: AgentflowRegistry,
  services: EngineServices,
  request: AgentflowRunRequest,
): Promise<AgentflowRunResult> {
  const nodes = request.flow.nodes.filter(
    (n) => n.type !== 'stickyNote' && n.data?.name !== 'stickyNoteAgentflow',
  );
  const unavailable = nodes.filter((n) => !registry.has(n.data?.name));
  if (unavailable.length > 0) {
    throw new NodeUnavailableError(
      unavailable.map((n) => ({ id: n.id, name: n.data?.name ?? '?', label: n.data?.label ?? n.id })),
    );
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const top = buildGraph(
    nodes.filter((n) => !n.parentNode),
    request.flow.edges,
  );
  const roots = top.roots;
  if (roots.length === 0) throw new FlowValidationError(['the flow has no Start node']);
  if (roots.length > 1) throw new FlowValidationError(['Multiple starting nodes are not allowed']);

  const executionData: ExecutedEntry[] = request.resume ? [...request.resume.executionData] : [];
  let state: Record<string, unknown> = request.resume
    ? { ...([...executionData].reverse().find((e) => e.data.state)?.data.state ?? {}) }
    : { ...request.persistedState };
  // A resumed run keeps the form its first part was started with (`{{ $form.x }}` after a human's answer).
  const resumedForm = Object.assign(
    {},
    ...(request.resume?.executionData ?? []).map((e) => e.data.output?.form ?? {}),
  ) as Record<string, unknown>;
  let form: Record<string, unknown> = { ...request.persistedForm, ...resumedForm, ...request.form };
  let pastHistory = request.history;
  let pendingHumanInput = request.resume?.humanInput;
  const loopCounts = new Map<string, number>();
  let lastLoopCount = 0;
  let steps = 0;
  const maxIterations = request.maxIterations ?? 1000;
  const nodeIds = new Set(byId.keys());
  const input =
    request.form && Object.keys(request.form).length > 0
      ? Object.entries(request.form)
          .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
          .join('\n')
      : request.fileAttachment
        ? `${request.fileAttachment}\n\n${request.question}`
        : request.question;

  const scopeFor = (
    runtimeHistory: RuntimeMessage[],
    iteration: IterationContext | undefined,
  ): AgentflowScope => ({
    question: request.question,
    fileAttachment: request.fileAttachment ?? '',
    pastHistory,
    runtimeHistory,
    loopCount: lastLoopCount,
    now: () => services.now(),
    form,
    webhook: request.webhook ?? {},
    iteration,
    vars: request.vars,
    flow: {
      chatflowId: request.flowId,
      chatflowid: request.flowId,
      chatId: request.chatId,
      sessionId: request.sessionId,
      chatHistory: pastHistory,
      runtimeChatHistoryLength: runtimeHistory.length,
      ...request.flowContext,
    },
    state,
    executionData,
  });

  function resolveInputs(
    node: FlowNode,
    type: AgentflowNodeType,
    scope: AgentflowScope,
  ): Record<string, unknown> {
    const accept = new Set(type.definition.inputs.filter((i) => i.acceptVariable).map((i) => i.name));
    const overridden = applyOverrides(
      node.data,
      node.data.inputs ?? {},
      request.overrideConfig,
      request.overrideSettings,
      nodeIds,
    );
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(overridden))
      out[name] = accept.has(name) ? resolveDeep(value, scope) : value;
    return request.components
      ? resolveComponentConfigs(type.definition.inputs, out, request.components, scope)
      : out;
  }

  function record(entry: ExecutedEntry, isTop: boolean, replaceEarlier = false) {
    if (replaceEarlier) {
      for (let i = executionData.length - 1; i >= 0; i--)
        if (executionData[i]!.nodeId === entry.nodeId) executionData.splice(i, 1);
    }
    executionData.push(entry);
    request.emit('nextAgentFlow', {
      nodeId: entry.nodeId,
      nodeLabel: entry.nodeLabel,
      status: entry.status,
      ...(entry.data.error && entry.status === 'ERROR' && { error: entry.data.error }),
    });
    if (isTop) request.emit('agentFlowExecutedData', executionData);
  }

  interface WalkResult {
    action?: HumanInputAction;
    runtimeHistory: RuntimeMessage[];
  }

  /** Walks one graph (the flow, or an iteration's children) from `start`. */
  async function walk(
    graph: AgentGraph,
    start: string[],
    walkOptions: {
      isTop: boolean;
      iteration?: IterationContext;
      parentNodeId?: string;
      runtimeHistory: RuntimeMessage[];
    },
  ): Promise<WalkResult> {
    const queue = [...start];
    const waiting = new Map<string, Set<string>>();
    let runtimeHistory = walkOptions.runtimeHistory;

    while (queue.length > 0) {
      const nodeId = queue.shift()!;
      const node = byId.get(nodeId)!;
      const type = registry.get(node.data.name)!;
      if (request.signal.aborted) throw new RunAbortedError();
      if (++steps > maxIterations)
        throw new FlowValidationError([`Maximum iteration limit reached (${maxIterations} steps)`]);
      request.emit('nextAgentFlow', { nodeId, nodeLabel: node.data.label, status: 'INPROGRESS' });

      const resumeHere =
        pendingHumanInput && walkOptions.isTop && (pendingHumanInput.startNodeId ?? nodeId) === nodeId
          ? pendingHumanInput
          : undefined;
      // The node's earlier entries (its STOPPED checkpoint) stay readable while it runs and are
      // replaced by the entry of this run.
      if (resumeHere) pendingHumanInput = undefined;
      const children = graph.children.get(nodeId) ?? [];
      const isLastNode =
        walkOptions.isTop && (children.length === 0 || (node.data.name === HUMAN_INPUT && !resumeHere));
      const scope = scopeFor(runtimeHistory, walkOptions.iteration);
      const previousNodeIds = graph.parents.get(nodeId) ?? [];
      const iterationFields = walkOptions.iteration
        ? {
            iterationIndex: walkOptions.iteration.index,
            iterationContext: walkOptions.iteration,
            parentNodeId: walkOptions.parentNodeId,
          }
        : {};
      let result: AgentflowNodeResult;
      let sent: Record<string, unknown> | undefined;
      try {
        const inputs = resolveInputs(node, type, scope);
        sent = inputs;
        result = await type.run({
          node: node.data,
          inputs,
          credential: async () => {
            const id = node.data.credential ?? (inputs.FLOWISE_CREDENTIAL_ID as string | undefined);
            return id ? credentialForNode(type.definition, await services.credentials.get(id)) : {};
          },
          run: {
            flowId: request.flowId,
            chatId: request.chatId,
            sessionId: request.sessionId,
            question: request.question,
            history: pastHistory,
            ...(request.images && { images: request.images }),
            streaming: request.streaming && isLastNode,
            emit: (event, data) => {
              if (
                (event === 'token' || event === 'thinking' || event === 'artifacts') &&
                !(request.streaming && isLastNode)
              )
                return;
              request.emit(event, data);
            },
            signal: request.signal,
            vars: request.vars,
            services,
            ...(request.components && { components: request.components }),
          },
          input,
          state,
          form,
          runtimeHistory,
          isLastNode,
          ...(resumeHere && { humanInput: resumeHere }),
          ...(walkOptions.iteration && { iteration: walkOptions.iteration }),
          executionData,
          resolve: (text) => resolveText(text, scopeFor(runtimeHistory, walkOptions.iteration)),
        });
      } catch (error) {
        const aborted = error instanceof RunAbortedError || request.signal.aborted;
        const message = error instanceof Error ? error.message : String(error);
        record(
          {
            nodeId,
            nodeLabel: node.data.label,
            previousNodeIds,
            status: aborted ? 'TERMINATED' : 'ERROR',
            data: {
              id: nodeId,
              name: node.data.name,
              error: aborted ? 'Flow execution was cancelled' : message,
              // What the node was sent, so a failure can be understood from the trace.
              ...(sent && { input: shownInputs(type, sent) }),
              ...iterationFields,
            },
          },
          walkOptions.isTop,
          resumeHere !== undefined,
        );
        if (aborted) throw new RunAbortedError();
        throw new NodeExecutionError({ nodeId, label: node.data.label, cause: error });
      }

      // A person must decide before the run goes on (not inside iterations).
      if (result.output.isWaitingForHumanInput && !walkOptions.iteration) {
        const action: HumanInputAction = {
          id: (request.newId ?? (() => globalThis.crypto.randomUUID()))(),
          mapping: { approve: 'Proceed', reject: 'Reject' },
          elements: [
            { type: 'agentflowv2-approve-button', label: 'Proceed' },
            { type: 'agentflowv2-reject-button', label: 'Reject' },
          ],
          data: { nodeId, nodeLabel: node.data.label, input: result.input },
        };
        state = result.state ?? state;
        record(
          {
            nodeId,
            nodeLabel: node.data.label,
            previousNodeIds,
            status: 'STOPPED',
            data: { ...result, output: { ...result.output, humanInputAction: action }, state },
          },
          walkOptions.isTop,
          resumeHere !== undefined,
        );
        return { action, runtimeHistory };
      }

      state = result.state ?? state;
      if (result.chatHistory?.length) runtimeHistory = [...runtimeHistory, ...result.chatHistory];
      if (result.output.form) form = { ...form, ...result.output.form };
      if (result.output.ephemeralMemory) pastHistory = [];

      if (type.iteration) {
        const items = result.output.iterationItems;
        if (!Array.isArray(items))
          throw new NodeExecutionError({
            nodeId,
            label: node.data.label,
            cause: new Error('Invalid input array'),
          });
        const sub = buildGraph(
          nodes.filter((n) => n.parentNode === nodeId),
          request.flow.edges,
        );
        const iterationResults: string[] = [];
        for (let index = 0; index < items.length; index++) {
          const iteration: IterationContext = {
            index,
            value: items[index],
            isFirst: index === 0,
            isLast: index === items.length - 1,
          };
          const before = executionData.length;
          try {
            await walk(sub, sub.roots, { isTop: false, iteration, parentNodeId: nodeId, runtimeHistory: [] });
            const last = executionData.length > before ? executionData.at(-1) : undefined;
            const text = last?.data.output?.content;
            if (text !== undefined && text !== '')
              iterationResults.push(typeof text === 'string' ? text : JSON.stringify(text));
          } catch (error) {
            if (error instanceof RunAbortedError) throw error;
            executionData.splice(before);
            iterationResults.push(
              `Error in iteration ${index + 1}: ${(error instanceof NodeExecutionError ? (error.cause as Error) : (error as Error))?.message ?? String(error)}`,
            );
          }
          await request.save({ executionData, state: 'INPROGRESS' });
        }
        result = {
          ...result,
          output: { ...result.output, iterationResults, content: iterationResults.join('\n') },
          state,
        };
      }

      let loopTarget: string | undefined;
      if (type.loop) {
        const target = typeof result.output.loopTarget === 'string' ? result.output.loopTarget : '';
        const max = Number(result.output.maxLoopCount) || request.defaultMaxLoopCount || 10;
        const count = (loopCounts.get(nodeId) ?? 0) + 1;
        if (count < max && byId.has(target)) {
          loopCounts.set(nodeId, count);
          lastLoopCount = count;
          loopTarget = target;
        } else {
          const fallback =
            typeof result.output.fallbackMessage === 'string' && result.output.fallbackMessage
              ? result.output.fallbackMessage
              : `Loop completed after reaching the maximum iteration count of ${max}.`;
          if (request.streaming && walkOptions.isTop) request.emit('token', fallback);
          result = { ...result, output: { ...result.output, content: fallback } };
        }
      }

      record(
        {
          nodeId,
          nodeLabel: node.data.label,
          previousNodeIds,
          status: 'FINISHED',
          data: { ...result, state, ...iterationFields },
        },
        walkOptions.isTop,
        resumeHere !== undefined,
      );
      if (loopTarget) {
        // A loop re-enters its target directly, without waiting for anything.
        queue.push(loopTarget);
        continue;
      }

      // Decision nodes: edges from unfulfilled outputs are not followed (the last output is the else).
      const conditions = result.output.conditions;
      const ignoredHandles = new Set<string>();
      if (Array.isArray(conditions) && conditions.length > 0) {
        if (!conditions.some((c) => c.isFulfilled)) conditions[conditions.length - 1]!.isFulfilled = true;
        conditions.forEach((c, i) => {
          if (!c.isFulfilled) ignoredHandles.add(`${nodeId}-output-${i}`);
        });
      }
      for (const edge of children) {
        if (edge.sourceHandle && ignoredHandles.has(edge.sourceHandle)) continue;
        const arrived = waiting.get(edge.target) ?? new Set<string>();
        arrived.add(nodeId);
        waiting.set(edge.target, arrived);
        if (graph.isReady(edge.target, arrived, queue)) {
          waiting.delete(edge.target);
          if (!queue.includes(edge.target)) queue.push(edge.target);
        }
      }
    }
    return { runtimeHistory };
  }

  const startAt = request.resume
    ? [
        request.resume.humanInput.startNodeId ??
          [...executionData].reverse().find((e) => e.status === 'STOPPED')?.nodeId ??
          '',
      ]
    : roots;
  if (request.resume) {
    if (!byId.has(startAt[0]!))
      throw new FlowValidationError([`The node ${startAt[0]} to resume at is not in this flow`]);
    await request.save({ executionData, state: 'INPROGRESS' });
  }

  request.emit('agentFlowEvent', 'INPROGRESS');
  let outcome: WalkResult;
  try {
    outcome = await walk(top, startAt, { isTop: true, runtimeHistory: [] });
  } catch (error) {
    const final = error instanceof RunAbortedError ? 'TERMINATED' : 'ERROR';
    await request.save({ executionData, state: final });
    request.emit('agentFlowEvent', final);
    throw error;
  }
  const final = outcome.action ? 'STOPPED' : executionStateOf(executionData);
  await request.save({ executionData, state: final });
  request.emit('agentFlowEvent', final);
  if (outcome.action) {
    request.emit('action', outcome.action);
    request.emit('agentFlowEvent', 'STOPPED');
  }
  const lastEntry = executionData.at(-1);
  const content = lastEntry?.data.output?.content;
  return {
    state: final,
    executionData,
    text:
      content === undefined || content === null || content === ''
        ? ' '
        : typeof content === 'string'
          ? content
          : JSON.stringify(content),
    lastEntry,
    action: outcome.action,
    flowState: state,
    form,
  };
}

/**
 * A failed node's resolved inputs, as its trace entry shows them: without secret-typed inputs
 * (password fields) and credential ids.
 */
function shownInputs(type: AgentflowNodeType, inputs: Record<string, unknown>): Record<string, unknown> {
  const secret = new Set(type.definition.inputs.filter((i) => i.type === 'password').map((i) => i.name));
  return Object.fromEntries(
    Object.entries(inputs).filter(([name]) => !secret.has(name) && name !== 'FLOWISE_CREDENTIAL_ID'),
  );
}
