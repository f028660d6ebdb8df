import {
  isParamVisible,
  type FlowData,
  type FlowEdge,
  type FlowNode,
  type NodeParam,
} from '@flowloom/shared';
import { planBranches, type BranchingPlan } from './branch-plan.js';
import { FlowValidationError } from './errors.js';
import { buildOrder, graphOf, targetInputName, type Graph, type NodeRegistry } from './flow-graph.js';
import type { NodeType } from './node-type.js';

export { isStickyNote, targetInputName, type NodeRegistry } from './flow-graph.js';

/** Node categories that may end a chatflow (FLOWISE_API.md §3.1). */
const ENDING_CATEGORIES = new Set(['Chains', 'Agents', 'Engine', 'Multi Agents', 'Sequential Agents']);
export const ENDING_NODE_OUTPUT = 'EndingNode';

/** What running a flow needs, computed once per saved version of the flow. */
export interface FlowPlan {
  nodes: ReadonlyMap<string, FlowNode>;
  /** Nodes to build, parents before children; the ending node last (a branching flow: every node a run may build). */
  order: string[];
  /** The ending node (a branching flow: the first of its endings; a run answers from the one its branches reach). */
  endingNodeId: string;
  /** Only for flows whose branching nodes (IfElse Function) decide at run time which ending answers. */
  branching?: BranchingPlan;
  /** Label of the flow's memory node, recorded on messages as `memoryType`. */
  memoryType: string | undefined;
  /** The client may receive tokens (FLOWISE_API.md §1.8). */
  streamable: boolean;
  /** Some node reads the session's past turns (a memory node, or a chat-history reference). */
  usesHistory: boolean;
  /** Some node reads workspace variables (a `$vars` reference, or code that may read them). */
  usesVariables: boolean;
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Params and anchors of a node type, by name: a param is editable, an anchor is connected. */
function splitInputs(type: NodeType): { params: NodeParam[]; anchors: NodeParam[] } {
  const editable = new Set([
    'asyncOptions',
    'asyncMultiOptions',
    'options',
    'multiOptions',
    'array',
    'datagrid',
    'string',
    'number',
    'boolean',
    'password',
    'json',
    'code',
    'date',
    'file',
    'folder',
    'tabs',
    'conditionFunction',
  ]);
  const params: NodeParam[] = [];
  const anchors: NodeParam[] = [];
  for (const input of type.definition.inputs) (editable.has(input.type) ? params : anchors).push(input);
  return { params, anchors };
}

/** Missing required values and unconnected required anchors of one node, as sentences. */
function nodeProblems(node: FlowNode, type: NodeType, incoming: FlowEdge[]): string[] {
  const problems: string[] = [];
  const { params, anchors } = splitInputs(type);
  const inputs = node.data.inputs ?? {};
  const who = `${node.data.label} (${node.id})`;
  for (const param of params) {
    if (param.optional || param.additionalParams) continue;
    if (!isParamVisible(param, inputs)) continue;
    if (isEmpty(inputs[param.name]) && isEmpty(param.default))
      problems.push(`${who}: ${param.label} is required`);
  }
  const connected = new Set(incoming.map(targetInputName));
  for (const anchor of anchors) {
    if (anchor.optional) continue;
    if (!connected.has(anchor.name) && isEmpty(inputs[anchor.name]))
      problems.push(`${who}: ${anchor.label} is not connected`);
  }
  const credential = type.definition.credential;
  if (credential && !credential.optional && !node.data.credential && isEmpty(inputs.FLOWISE_CREDENTIAL_ID)) {
    problems.push(
      `${who}: choose a credential (${credential.credentialNames?.join(' or ') ?? 'credential'})`,
    );
  }
  return problems;
}

/** Vector stores that keep nothing between runs: they embed their documents each time they are built. */
const REBUILT_EACH_RUN = new Set(['memoryVectorStore']);
const UPSERT_ONLY_CATEGORIES = new Set(['Document Loaders', 'Text Splitters']);

/**
 * Loaders (and their splitters) whose documents only go into a vector store that keeps them: they
 * were written by an upsert, so answering a question does not load them again (Flowise).
 */
function upsertedOnly(graph: Graph): Set<string> {
  const skipped = new Set<string>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const [id, node] of graph.byId) {
      if (skipped.has(id) || !UPSERT_ONLY_CATEGORIES.has(node.data.category)) continue;
      const out = graph.outgoing.get(id) ?? [];
      const feedsStoreOnly =
        out.length > 0 &&
        out.every((edge) => {
          const target = graph.byId.get(edge.target)!;
          if (skipped.has(edge.target)) return true;
          return (
            target.data.category === 'Vector Stores' &&
            !REBUILT_EACH_RUN.has(target.data.name) &&
            targetInputName(edge) === 'document'
          );
        });
      if (feedsStoreOnly) {
        skipped.add(id);
        changed = true;
      }
    }
  }
  return skipped;
}

/** Throws {@link FlowValidationError} listing the missing inputs and connections of the nodes to build. */
function checkNodes(order: readonly string[], graph: Graph, registry: NodeRegistry): void {
  const problems = order.flatMap((id) => {
    const node = graph.byId.get(id)!;
    return nodeProblems(node, registry.get(node.data.name)!, graph.incoming.get(id) ?? []);
  });
  if (problems.length > 0) throw new FlowValidationError(problems);
}

/** What a vector upsert builds: the vector store node to write through, and what it depends on. */
export interface UpsertPlan {
  nodes: ReadonlyMap<string, FlowNode>;
  order: string[];
  stopNodeId: string;
}

/**
 * Picks the vector store a vector upsert writes through (FLOWISE_API.md §3): the one with File
 * Upload on; else the `stopNodeId` given; else the only one. Orders what it needs, loaders
 * included, and checks it as a run would.
 */
export function planVectorUpsert(
  flow: FlowData,
  registry: NodeRegistry,
  stopNodeId?: string,
  { check = true }: { check?: boolean } = {},
): UpsertPlan {
  const graph = graphOf(flow, registry);
  const stores = graph.nodes.filter(
    (n) => n.data.category === 'Vector Stores' && typeof registry.get(n.data.name)?.upsert === 'function',
  );
  const withUpload = stores.filter(
    (n) => n.data.inputs?.fileUpload === true || n.data.inputs?.fileUpload === 'true',
  );
  let stop: FlowNode | undefined;
  if (withUpload.length > 1)
    throw new FlowValidationError(['Multiple vector store nodes with fileUpload enabled']);
  if (withUpload.length === 1 && !stopNodeId) stop = withUpload[0];
  else if (stopNodeId) {
    stop = stores.find((n) => n.id === stopNodeId);
    if (!stop) throw new FlowValidationError([`${stopNodeId} is not a vector store node of this flow`]);
  } else if (stores.length > 1) {
    throw new FlowValidationError([
      'There are multiple vector nodes, please provide stopNodeId in body request',
    ]);
  } else stop = stores[0];
  if (!stop) throw new FlowValidationError(['No vector node found']);
  const order = buildOrder(stop.id, graph);
  if (check) checkNodes(order, graph, registry);
  return { nodes: graph.byId, order, stopNodeId: stop.id };
}

/**
 * Checks a chatflow and orders its build. Throws {@link NodeUnavailableError} when it uses unknown node
 * types and {@link FlowValidationError} listing every problem otherwise found.
 */
export function planChatflow(flow: FlowData, registry: NodeRegistry): FlowPlan {
  const graph = graphOf(flow, registry);
  const { nodes, byId, outgoing, incoming } = graph;
  if (nodes.length === 0) throw new FlowValidationError(['the flow has no nodes; add a chain or an agent']);

  const candidates = nodes.filter((n) => !outgoing.has(n.id) && (incoming.has(n.id) || nodes.length === 1));
  const endings = candidates.filter(
    (n) => ENDING_CATEGORIES.has(n.data.category) || n.data.outputs?.output === ENDING_NODE_OUTPUT,
  );
  if (candidates.length === 0)
    throw new FlowValidationError([
      'Ending nodes not found: connect the nodes so one chain or agent ends the flow',
    ]);
  if (endings.length === 0) {
    throw new FlowValidationError([
      `Ending node must be either a Chain or Agent or Engine (found ${candidates.map((n) => n.data.label).join(', ')})`,
    ]);
  }
  // Documents already written into a vector store are not loaded again to answer a question.
  const skip = upsertedOnly(graph);
  // Without a branching node, Flowise answers from the last ending node of the file: a chain left
  // unconnected on the canvas does not stop the flow (nor is it built).
  const branching = nodes.some((n) => registry.get(n.data.name)!.branches)
    ? planBranches(
        graph,
        endings.map((n) => n.id),
        registry,
        skip,
      )
    : undefined;
  const answering = branching ? branching.endings.map((e) => byId.get(e.id)!) : [endings.at(-1)!];
  for (const ending of answering) checkEndingOutput(ending);
  const order = buildOrder(
    answering.map((n) => n.id),
    graph,
    skip,
  );
  checkNodes(order, graph, registry);

  const used = order.map((id) => byId.get(id)!);
  const memory = used.find((n) => n.data.category === 'Memory');
  // A branching flow streams when every ending it may reach does: the client learns it before the run.
  const streamable = (branching?.endings ?? [{ id: answering[0]!.id, order }]).every(({ id, order: mine }) =>
    streams(
      registry.get(byId.get(id)!.data.name)!,
      mine.map((n) => byId.get(n)!),
    ),
  );

  const inputsText = used.map((n) => JSON.stringify(n.data.inputs ?? {}));
  const usesHistory =
    memory !== undefined || inputsText.some((text) => /chat_history|chatHistory/.test(text));
  const usesVariables =
    inputsText.some((text) => text.includes('$vars')) ||
    used.some((n) => registry.get(n.data.name)!.readsVariables === true);
  return {
    nodes: byId,
    order,
    endingNodeId: answering[0]!.id,
    ...(branching && branching.deciders.length > 0 && { branching }),
    memoryType: memory?.data.label,
    streamable,
    usesHistory,
    usesVariables,
  };
}

/** An ending node must answer as itself (an LLM Chain set to Output Prediction cannot end a flow). */
function checkEndingOutput(ending: FlowNode): void {
  const selected = ending.data.outputs?.output;
  if (
    typeof selected === 'string' &&
    selected &&
    selected !== ending.data.name &&
    selected !== ENDING_NODE_OUTPUT
  ) {
    throw new FlowValidationError([
      `Output of ${ending.data.label} (${ending.id}) must be ${ending.data.label}, can't be an ${selected.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())}`,
    ]);
  }
}

/** Whether an ending node can stream with the nodes it is built with (FLOWISE_API.md §1.8). */
function streams(endingType: NodeType, used: readonly FlowNode[]): boolean {
  return (
    endingType.streamable === true &&
    !used.some((n) => n.data.category === 'Output Parsers') &&
    used
      .filter((n) => n.data.category === 'Chat Models' || n.data.category === 'LLMs')
      .every((n) => n.data.inputs?.streaming !== false)
  );
}

/** What running an agent graph (Sequential Agents or a Multi Agents team) needs, once per saved version. */
export interface AgentGraphPlan {
  nodes: ReadonlyMap<string, FlowNode>;
  /** Every node of the flow, parents before children. */
  order: string[];
  family: 'sequential' | 'team';
  /** Label of the Agent Memory node, recorded on messages as `memoryType`. */
  memoryType: string | undefined;
  usesVariables: boolean;
}

/**
 * Checks an agent graph flow (flow type MULTIAGENT) and orders the build of all its nodes: which
 * family it is (any Sequential Agents node makes it sequential), unknown nodes, missing inputs.
 */
export function planAgentGraph(flow: FlowData, registry: NodeRegistry): AgentGraphPlan {
  const graph = graphOf(flow, registry);
  const categories = new Set(graph.nodes.map((n) => n.data.category));
  const family = categories.has('Sequential Agents')
    ? 'sequential'
    : categories.has('Multi Agents')
      ? 'team'
      : undefined;
  if (!family)
    throw new FlowValidationError([
      'an agentflow needs Sequential Agents nodes (Start, Agent, End…) or a Supervisor with Workers',
    ]);
  const order = buildOrder(
    graph.nodes.map((n) => n.id),
    graph,
  );
  checkNodes(order, graph, registry);
  const memory = graph.nodes.find((n) => n.data.category === 'Memory' && graph.outgoing.has(n.id));
  const inputsText = graph.nodes.map((n) => JSON.stringify(n.data.inputs ?? {}));
  return {
    nodes: graph.byId,
    order,
    family,
    memoryType: memory?.data.label,
    usesVariables:
      inputsText.some((text) => text.includes('$vars')) ||
      graph.nodes.some((n) => registry.get(n.data.name)!.readsVariables === true),
  };
}
