import type { ChatTurn, FlowData, FlowNode } from '@flowloom/shared';
import { NodeExecutionError, RunAbortedError } from './errors.js';
import { outputLabel, type BranchingPlan } from './branch-plan.js';
import { BranchChoice } from './node-type.js';
import type {
  EngineServices,
  EventSink,
  NodeContext,
  NodeRunOutput,
  NodeType,
  RunContext,
  RunImage,
  UpsertResult,
} from './node-type.js';
import { credentialForNode, credentialWithInputs } from './credential-inputs.js';
import { applyOverrides, applyVariableOverrides, type OverrideSettings } from './overrides.js';
import { planChatflow, planVectorUpsert, type FlowPlan, type NodeRegistry, type UpsertPlan } from './plan.js';
import { resolveInputs, type VariableScope } from './variables.js';

export interface ChatflowRunRequest {
  flowId: string;
  flow: FlowData;
  /** A plan made earlier for this same flow (servers cache it per saved version). */
  plan?: FlowPlan;
  question: string;
  chatId: string;
  sessionId: string;
  /** Prior turns: the request's `history`, then the stored session. */
  history: ChatTurn[];
  /** Text of `file:full` uploads (prefixed to the question, and `{{file_attachment}}`). */
  fileAttachment?: string;
  /** Images sent with the question (already checked against what the flow accepts). */
  images?: RunImage[];
  streaming: boolean;
  emit: EventSink;
  signal: AbortSignal;
  /** Workspace variables (`$vars`). */
  vars: Record<string, string>;
  overrideConfig?: Record<string, unknown>;
  overrideSettings?: OverrideSettings;
  /** Extra `$flow` fields (e.g. `apiMessageId`). */
  flowContext?: Record<string, unknown>;
}

export interface ChatflowRunResult {
  output: NodeRunOutput;
  plan: FlowPlan;
  /** Tokens were sent through `emit` while running. */
  streamed: boolean;
}

/**
 * Runs a chatflow: plan (validate, order), build every node the ending node depends on, then run the
 * ending node. Events reach the client through `emit`: `start` right before the first `token`.
 */
export async function runChatflow(
  registry: NodeRegistry,
  services: EngineServices,
  request: ChatflowRunRequest,
): Promise<ChatflowRunResult> {
  const plan = request.plan ?? planChatflow(request.flow, registry);
  const streaming = request.streaming && plan.streamable;
  let streamed = false;
  const emit: EventSink = (event, data) => {
    if (event === 'token') {
      if (!streaming) return;
      if (!streamed) request.emit('start', data);
      streamed = true;
    }
    request.emit(event, data);
  };
  const prepared = prepareRun(
    registry,
    services,
    { ...request, streaming, emit },
    new Set(plan.nodes.keys()),
  );

  const answer = async (type: NodeType, ctx: NodeContext): Promise<ChatflowRunResult> => {
    if (!type.run) return { output: toOutput(await type.init?.(ctx)), plan, streamed };
    const output = await type.run(ctx);
    if (request.signal.aborted) throw new RunAbortedError();
    return { output: toOutput(output), plan, streamed };
  };
  if (plan.branching)
    return runBranches(registry, plan.nodes, plan.branching, request.signal, prepared, answer);
  return buildUntil(registry, plan.order, plan.nodes, plan.endingNodeId, request.signal, prepared, answer);
}

/**
 * Runs a branching flow: each branching node that a still-possible ending comes after is built (with
 * what it needs), and its choice rules out the endings after its other outputs; the ending left is
 * built and run. Nodes that only the branches not taken need are never built.
 */
async function runBranches<T>(
  registry: NodeRegistry,
  nodes: ReadonlyMap<string, FlowNode>,
  branching: BranchingPlan,
  signal: AbortSignal,
  prepared: ReturnType<typeof prepareRun>,
  atStop: (type: NodeType, ctx: NodeContext) => Promise<T>,
): Promise<T> {
  const { instances, contextFor } = prepared;
  const choices = new Map<string, string>();
  const build = async (order: readonly string[]) => {
    for (const id of order) {
      if (instances.has(id)) continue;
      if (signal.aborted) throw new RunAbortedError();
      const node = nodes.get(id)!;
      const type = registry.get(node.data.name)!;
      try {
        let value = await type.init?.(contextFor(node, type));
        if (type.branches) {
          if (!(value instanceof BranchChoice) || !type.branches.includes(value.output))
            throw new Error('it chose none of its outputs');
          choices.set(id, value.output);
          value = value.value;
        }
        instances.set(id, value);
      } catch (error) {
        if (error instanceof RunAbortedError || signal.aborted) throw new RunAbortedError();
        throw new NodeExecutionError({ nodeId: id, label: node.data.label, cause: error });
      }
    }
  };
  let possible = branching.endings;
  let last: { id: string; output: string } | undefined;
  for (const decider of branching.deciders) {
    if (!possible.some((ending) => ending.follows.has(decider.id))) continue;
    // A branching node after an output not taken is not built: the endings after it are out too.
    if (![...decider.follows].every(([id, output]) => choices.get(id) === output)) {
      possible = possible.filter((ending) => !ending.follows.has(decider.id));
      continue;
    }
    await build(decider.order);
    const chosen = choices.get(decider.id)!;
    last = { id: decider.id, output: chosen };
    possible = possible.filter((ending) => (ending.follows.get(decider.id) ?? chosen) === chosen);
  }
  const ending = possible[0];
  if (!ending) {
    const node = nodes.get(last!.id)!;
    throw new NodeExecutionError({
      nodeId: node.id,
      label: node.data.label,
      cause: `it chose its ${outputLabel(registry, node, last!.output)} output, but no chain or agent after that output answers the question`,
    });
  }
  await build(ending.order.slice(0, -1));
  return buildUntil(registry, [ending.id], nodes, ending.id, signal, prepared, atStop);
}

/**
 * Builds the nodes in order up to `stopId`, which `atStop` runs instead (its answer is the result).
 * A node's failure names it; a run stopped by its signal is aborted, whatever the node said.
 */
async function buildUntil<T>(
  registry: NodeRegistry,
  order: readonly string[],
  nodes: ReadonlyMap<string, FlowNode>,
  stopId: string,
  signal: AbortSignal,
  { instances, contextFor }: ReturnType<typeof prepareRun>,
  atStop: (type: NodeType, ctx: NodeContext) => Promise<T>,
): Promise<T> {
  for (const id of order) {
    if (signal.aborted) throw new RunAbortedError();
    const node = nodes.get(id)!;
    const type = registry.get(node.data.name)!;
    const ctx = contextFor(node, type);
    try {
      if (id === stopId) return await atStop(type, ctx);
      instances.set(id, await type.init?.(ctx));
    } catch (error) {
      if (error instanceof RunAbortedError || signal.aborted) throw new RunAbortedError();
      throw new NodeExecutionError({ nodeId: id, label: node.data.label, cause: error });
    }
  }
  throw new Error(`The node ${stopId} was not reached`);
}

/** What `/vector/upsert/:id` asks: write a flow's documents through one of its vector stores. */
export interface VectorUpsertRequest extends Pick<
  ChatflowRunRequest,
  'flowId' | 'flow' | 'chatId' | 'sessionId' | 'signal' | 'vars' | 'overrideConfig' | 'overrideSettings'
> {
  stopNodeId?: string;
  question?: string;
}

export interface VectorUpsertResult {
  result: UpsertResult;
  plan: UpsertPlan;
}

/**
 * Builds what a flow's vector store depends on (its loaders, splitters, embeddings, record manager)
 * and, instead of building the store, has it write the loaded documents (Flowise vector upsert).
 */
export async function runVectorUpsert(
  registry: NodeRegistry,
  services: EngineServices,
  request: VectorUpsertRequest,
): Promise<VectorUpsertResult> {
  const plan = planVectorUpsert(request.flow, registry, request.stopNodeId);
  const prepared = prepareRun(
    registry,
    services,
    { ...request, question: request.question ?? '', history: [], streaming: false, emit: () => {} },
    new Set(plan.nodes.keys()),
  );
  return buildUntil(
    registry,
    plan.order,
    plan.nodes,
    plan.stopNodeId,
    request.signal,
    prepared,
    async (type, ctx) => ({
      result: await type.upsert!(ctx),
      plan,
    }),
  );
}

export type PreparedRequest = Pick<
  ChatflowRunRequest,
  | 'flowId'
  | 'question'
  | 'chatId'
  | 'sessionId'
  | 'history'
  | 'fileAttachment'
  | 'images'
  | 'streaming'
  | 'emit'
  | 'signal'
  | 'vars'
  | 'overrideConfig'
  | 'overrideSettings'
  | 'flowContext'
>;

/** The run context and the per-node context builder shared by runs (chatflow, agent graph) and upserts. */
export function prepareRun(
  registry: NodeRegistry,
  services: EngineServices,
  request: PreparedRequest,
  nodeIds: ReadonlySet<string>,
) {
  const question = request.fileAttachment
    ? `${request.fileAttachment}\n\n${request.question}`
    : request.question;
  const vars = applyVariableOverrides(request.vars, request.overrideConfig, request.overrideSettings);
  const run: RunContext = {
    flowId: request.flowId,
    chatId: request.chatId,
    sessionId: request.sessionId,
    question,
    history: request.history,
    streaming: request.streaming,
    emit: request.emit,
    signal: request.signal,
    vars,
    ...(request.images?.length && { images: request.images }),
    services,
    components: registry,
  };
  const instances = new Map<string, unknown>();
  const scope: VariableScope = {
    instances,
    question,
    history: request.history,
    fileAttachment: request.fileAttachment ?? '',
    vars,
    flow: {
      chatflowId: request.flowId,
      chatflowid: request.flowId,
      chatId: request.chatId,
      sessionId: request.sessionId,
      chatHistory: request.history,
      ...request.flowContext,
    },
  };

  const contextFor = (node: FlowNode, type: NodeType): NodeContext => {
    const acceptVariable = new Set(type.definition.inputs.filter((i) => i.acceptVariable).map((i) => i.name));
    const json = new Set(type.definition.inputs.filter((i) => i.type === 'json').map((i) => i.name));
    const overridden = applyOverrides(
      node.data,
      node.data.inputs ?? {},
      request.overrideConfig,
      request.overrideSettings,
      nodeIds,
    );
    const inputs = resolveInputs(overridden, scope, (name) => ({
      acceptVariable: acceptVariable.has(name),
      json: json.has(name),
    }));
    const output = node.data.outputs?.output;
    const credentialId = node.data.credential ?? (inputs.FLOWISE_CREDENTIAL_ID as string | undefined);
    const declared = new Set(type.definition.inputs.map((i) => i.name));
    return {
      node: node.data,
      inputs,
      outputName: typeof output === 'string' ? output : undefined,
      credential: async () => {
        if (!credentialId) return {};
        const data = credentialForNode(type.definition, await services.credentials.get(credentialId));
        return credentialWithInputs(data, inputs, declared);
      },
      refreshCredential: async () => {
        if (!credentialId) throw new Error('The node has no credential to renew');
        if (!services.credentials.refreshOAuth2) throw new Error('Credentials cannot be renewed here');
        const { data } = await services.credentials.refreshOAuth2(credentialId);
        return credentialWithInputs(data, inputs, declared);
      },
      run,
    };
  };
  return { instances, contextFor, run };
}

function toOutput(value: unknown): NodeRunOutput {
  if (typeof value === 'string') return { text: value };
  if (value && typeof value === 'object') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  return { text: '' };
}
