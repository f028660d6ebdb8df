import type { FlowData, FlowEdge } from '@flowloom/shared';
import { FlowValidationError } from '../errors.js';
import { END, type CompiledGraph, type GraphStep, type Route, type RouteChoice } from './executor.js';
import { isSeqNode, type SeqMessage, type SeqNode, type SeqStepInput, type SeqToolCall } from './types.js';

/** LangGraph's default for sequential graphs. */
export const SEQUENTIAL_RECURSION_LIMIT = 25;
/** The Supervisor's Recursion Limit default. */
export const SUPERVISOR_RECURSION_LIMIT = 100;

/** Node roles that become graph nodes. */
const STEP_ROLES = new Set(['agent', 'llm', 'tool', 'function', 'executeFlow']);

/** A compiled graph plus what the runner needs around it. */
export interface CompiledAgentGraph {
  graph: CompiledGraph;
  /** Start (sequential) or Supervisor (team): model, memory, moderation. */
  head: SeqNode;
  /** Routes the run takes from START before any node (a Condition right after Start). */
  entryRoute?: Route;
  /** Graph nodes by name, to find the node a pending approval belongs to. */
  nodes: ReadonlyMap<string, SeqNode>;
  family: 'sequential' | 'team';
}

/** The latest message written by a node, or undefined. */
export function latestFrom(messages: readonly SeqMessage[], nodeId: string): SeqMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.nodeId === nodeId) return messages[i];
  return undefined;
}

/** The tool calls a node's latest message asks for (none when it answered). */
export function pendingCalls(messages: readonly SeqMessage[], nodeId: string): SeqToolCall[] {
  return latestFrom(messages, nodeId)?.toolCalls ?? [];
}

function stepOf(node: SeqNode, name = node.name, run = node.run!): GraphStep {
  return { name, nodeId: node.nodeId, label: node.label, nodeName: node.nodeName, run };
}

/** Anchor name of a condition output edge: `{id}-output-{anchor}-Condition`. */
function anchorOf(edge: FlowEdge): string {
  const handle = edge.sourceHandle ?? '';
  const prefix = `${edge.source}-output-`;
  const rest = handle.startsWith(prefix) ? handle.slice(prefix.length) : handle;
  return rest.replace(/-[^-]*$/, '');
}

/**
 * Compiles a Sequential Agents flow (SEQUENTIAL_AGENTS.md §4–§9): graph nodes, ordinary and fan-in
 * edges, condition routes, LLM→Tool Node routing, approval gates and loops.
 */
export function compileSequential(
  flow: FlowData,
  instances: ReadonlyMap<string, unknown>,
): CompiledAgentGraph {
  const seq = new Map<string, SeqNode>();
  for (const [id, value] of instances) if (isSeqNode(value)) seq.set(id, value);
  const all = [...seq.values()];
  const starts = all.filter((n) => n.role === 'start');
  if (starts.length === 0) throw new FlowValidationError(['Start node not found']);
  if (starts.length > 1) throw new FlowValidationError(['Graph should have only one start node']);
  if (!all.some((n) => n.role === 'end' || n.role === 'loop'))
    throw new FlowValidationError(['Graph should have at least one End/Loop node']);
  const start = starts[0]!;
  const channels = all.find((n) => n.role === 'state')?.channels;

  const steps = new Map<string, GraphStep>();
  const byName = new Map<string, SeqNode>();
  for (const node of all.filter((n) => STEP_ROLES.has(n.role))) {
    const taken = byName.get(node.name);
    if (taken)
      throw new FlowValidationError([
        `${taken.label} (${taken.nodeId}) and ${node.label} (${node.nodeId}) have the same name "${node.name}"; names of agents, LLM, tool and function nodes must differ`,
      ]);
    byName.set(node.name, node);
    steps.set(node.name, stepOf(node));
  }

  /** Sequential predecessors: incoming edges from sequential nodes (not models, tools or state). */
  const predecessors = (node: SeqNode): { from: SeqNode; edge: FlowEdge }[] =>
    flow.edges
      .filter((e) => e.target === node.nodeId)
      .map((edge) => ({ from: seq.get(edge.source)!, edge }))
      .filter(({ from }) => from !== undefined && from.role !== 'state');

  const targetOf = (node: SeqNode): string => {
    if (node.role === 'end') return END;
    if (node.role === 'loop') {
      const target = node.loopTo ?? '';
      if (!byName.has(target))
        throw new FlowValidationError([
          `${node.label} (${node.nodeId}): Loop To "${target}" is not the name of an agent, LLM, tool or function node of this flow (names: ${[...byName.keys()].join(', ') || 'none'})`,
        ]);
      return target;
    }
    return node.name;
  };

  const approvalAgents = new Set(
    all.filter((n) => n.role === 'agent' && n.approval && n.runTools).map((n) => n.name),
  );
  const edges = new Map<string, string[]>();
  const addEdge = (from: string, to: string) => {
    const list = edges.get(from) ?? edges.set(from, []).get(from)!;
    if (!list.includes(to)) list.push(to);
  };
  const joins: { sources: string[]; target: string }[] = [];
  const entry: string[] = [];
  const approvalNext = new Map<string, string[]>();
  const conditionTargets = new Map<string, Map<string, string>>();
  const llmToolNodes = new Map<string, SeqNode[]>();
  const boundTools = new Map<string, unknown[]>();
  const interruptBefore = new Set<string>();

  for (const node of all) {
    if (!STEP_ROLES.has(node.role) && node.role !== 'end' && node.role !== 'loop') continue;
    const target = targetOf(node);
    const ordinary: SeqNode[] = [];
    for (const { from, edge } of predecessors(node)) {
      if (from.role === 'start') {
        if (target !== END) entry.push(target);
      } else if (from.role === 'condition') {
        const label = from.outputs?.find((o) => o.anchor === anchorOf(edge))?.label ?? anchorOf(edge);
        (
          conditionTargets.get(from.nodeId) ?? conditionTargets.set(from.nodeId, new Map()).get(from.nodeId)!
        ).set(label, target);
      } else if (node.role === 'tool' && from.role === 'llm') {
        (llmToolNodes.get(from.name) ?? llmToolNodes.set(from.name, []).get(from.name)!).push(node);
      } else ordinary.push(from);
      if (node.role === 'llm' && from.role === 'tool' && from.tools)
        (boundTools.get(node.name) ?? boundTools.set(node.name, []).get(node.name)!).push(...from.tools);
    }
    const gated = ordinary.filter((p) => approvalAgents.has(p.name));
    for (const agent of gated)
      (approvalNext.get(agent.name) ?? approvalNext.set(agent.name, []).get(agent.name)!).push(target);
    const plain = ordinary.filter((p) => !approvalAgents.has(p.name));
    if (plain.length > 1 && target !== END && node.role !== 'loop')
      joins.push({ sources: plain.map((p) => p.name), target });
    else for (const from of plain) addEdge(from.name, target);
  }

  for (const [llm, toolNodes] of llmToolNodes)
    for (const toolNode of toolNodes)
      (boundTools.get(llm) ?? boundTools.set(llm, []).get(llm)!).push(...(toolNode.tools ?? []));
  // An LLM Node next to Tool Nodes calls its model with their tools.
  for (const [name, tools] of boundTools) {
    const node = byName.get(name)!;
    steps.set(
      name,
      stepOf(node, name, (input) => node.run!({ ...input, boundTools: tools })),
    );
  }
  for (const node of all) {
    if (node.role === 'tool' && node.approval) interruptBefore.add(node.name);
    if (approvalAgents.has(node.name)) {
      const toolStep = `tool_${node.nodeId}`;
      steps.set(
        toolStep,
        stepOf(node, toolStep, (input) => node.runTools!(input, false)),
      );
      addEdge(toolStep, node.name);
      interruptBefore.add(toolStep);
    }
  }

  /** The route a condition node gives each of its predecessors. */
  const conditionRoute = (condition: SeqNode): Route => {
    const targets = conditionTargets.get(condition.nodeId) ?? new Map<string, string>();
    return async (input) => {
      const label = await condition.decide!(input);
      const key =
        [...targets.keys()].find((k) => k === label) ??
        [...targets.keys()].find((k) => k.toLowerCase() === String(label).trim().toLowerCase());
      const target = key !== undefined ? targets.get(key)! : (targets.get('End') ?? END);
      return [
        {
          target,
          via: {
            nodeId: condition.nodeId,
            label: condition.label,
            nodeName: condition.nodeName,
            chosen: key ?? 'End',
          },
        },
      ];
    };
  };
  const conditionsAfter = new Map<string, SeqNode>();
  let entryRoute: Route | undefined;
  for (const condition of all.filter((n) => n.role === 'condition')) {
    for (const { from } of predecessors(condition)) {
      if (from.role === 'start') entryRoute = conditionRoute(condition);
      else conditionsAfter.set(from.name, condition);
    }
  }

  const routes = new Map<string, Route>();
  for (const name of new Set([...approvalAgents, ...llmToolNodes.keys(), ...conditionsAfter.keys()])) {
    const source = byName.get(name);
    if (!source) continue;
    const condition = conditionsAfter.get(name);
    const toolNodes = llmToolNodes.get(name);
    const toolTarget = (calls: SeqToolCall[]): string | undefined => {
      if (calls.length === 0) return undefined;
      if (approvalAgents.has(name)) return `tool_${source.nodeId}`;
      if (!toolNodes) return undefined;
      for (const call of calls) {
        const match = toolNodes.find((t) => t.tools?.some((tool) => tool.name === call.name));
        if (match) return match.name;
      }
      return END;
    };
    routes.set(name, async (input: SeqStepInput): Promise<RouteChoice[]> => {
      const gate = toolTarget(pendingCalls(input.state.messages, source.nodeId));
      if (gate) return [{ target: gate }];
      if (condition) return conditionRoute(condition)(input);
      if (approvalAgents.has(name)) return (approvalNext.get(name) ?? [END]).map((target) => ({ target }));
      return [{ target: END }];
    });
  }

  return {
    graph: {
      steps,
      entry: [...new Set(entry)],
      edges,
      joins,
      routes,
      interruptBefore,
      channels,
      recursionLimit: SEQUENTIAL_RECURSION_LIMIT,
    },
    head: start,
    ...(entryRoute && { entryRoute }),
    nodes: byName,
    family: 'sequential',
  };
}

/**
 * Compiles a supervisor/worker team (SEQUENTIAL_AGENTS.md §3): the supervisor picks the next worker
 * (or FINISH) and every worker reports back to it. Only the first supervisor with workers runs.
 */
export function compileTeam(flow: FlowData, instances: ReadonlyMap<string, unknown>): CompiledAgentGraph {
  const nodes = flow.nodes.map((n) => instances.get(n.id)).filter(isSeqNode);
  const supervisors = nodes.filter((n) => n.role === 'supervisor');
  const workers = nodes.filter((n) => n.role === 'worker');
  const supervisor = supervisors.find((s) => workers.some((w) => w.supervisorName === s.name));
  if (!supervisor) {
    throw new FlowValidationError([
      supervisors.length === 0
        ? 'Add a Supervisor node and connect Workers to it'
        : `Supervisor ${supervisors[0]!.label} has no Workers: connect at least one Worker to it`,
    ]);
  }
  const team = workers.filter((w) => w.supervisorName === supervisor.name);
  const byName = new Map<string, SeqNode>();
  for (const worker of team) {
    const taken = byName.get(worker.name);
    if (taken || worker.name === supervisor.name)
      throw new FlowValidationError([
        `Two members of the team are named "${worker.name}" (${worker.label}); worker names must differ`,
      ]);
    byName.set(worker.name, worker);
  }
  const names = team.map((w) => w.name);
  const steps = new Map<string, GraphStep>([
    [
      supervisor.name,
      stepOf(supervisor, supervisor.name, (input) => supervisor.run!({ ...input, team: names })),
    ],
  ]);
  const edges = new Map<string, string[]>();
  for (const worker of team) {
    steps.set(worker.name, stepOf(worker));
    edges.set(worker.name, [supervisor.name]);
  }
  const route: Route = ({ state }) => {
    const next = typeof state.next === 'string' ? state.next : 'FINISH';
    if (next === 'FINISH' || next === END) return Promise.resolve([{ target: END }]);
    if (!byName.has(next))
      return Promise.reject(
        new Error(
          `${supervisor.label} chose "${next}", which is not a worker of this team (workers: ${team.map((w) => w.name).join(', ')})`,
        ),
      );
    return Promise.resolve([{ target: next }]);
  };
  return {
    graph: {
      steps,
      entry: [supervisor.name],
      edges,
      joins: [],
      routes: new Map([[supervisor.name, route]]),
      interruptBefore: new Set(),
      channels: {
        rules: {
          next: { kind: 'replace', initial: 'initialState' },
          instructions: { kind: 'replace', initial: "Solve the user's request." },
          team_members: { kind: 'replace', initial: [] },
          summarization: { kind: 'replace', initial: undefined },
        },
      },
      recursionLimit: supervisor.recursionLimit ?? SUPERVISOR_RECURSION_LIMIT,
    },
    head: supervisor,
    nodes: new Map([[supervisor.name, supervisor], ...byName]),
    family: 'team',
  };
}
