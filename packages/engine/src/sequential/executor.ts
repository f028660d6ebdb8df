import { NodeExecutionError, RunAbortedError } from '../errors.js';
import type { CodeSandbox } from '../node-type.js';
import { applyUpdates } from './state.js';
import type { SeqState, SeqStepInput, SeqUpdate, StateChannels } from './types.js';

export const END = '__end__';

/** A node of the compiled graph: an agent, LLM, tool, function or flow call, or a team member. */
export interface GraphStep {
  name: string;
  nodeId: string;
  label: string;
  nodeName: string;
  run(input: SeqStepInput): Promise<SeqUpdate>;
}

/** A condition that routed the run, for the reasoning shown in the chat. */
export interface RoutedBy {
  nodeId: string;
  label: string;
  nodeName: string;
  /** The label of the output it chose. */
  chosen: string;
}

/** Where a conditional edge goes: a graph node name or {@link END}. */
export interface RouteChoice {
  target: string;
  via?: RoutedBy;
}

export type Route = (input: SeqStepInput) => Promise<RouteChoice[]>;

export interface CompiledGraph {
  steps: ReadonlyMap<string, GraphStep>;
  /** Graph nodes the run starts at. */
  entry: string[];
  /** Ordinary edges: every target runs after the source. */
  edges: ReadonlyMap<string, readonly string[]>;
  /** Fan-in edges: the target runs once every source has run. */
  joins: readonly { sources: readonly string[]; target: string }[];
  /** Conditional edges, evaluated after the source ran. */
  routes: ReadonlyMap<string, Route>;
  /** Graph nodes a person must approve before they run. */
  interruptBefore: ReadonlySet<string>;
  channels: StateChannels | undefined;
  /** Supersteps allowed before the run is stopped as a loop without exit. */
  recursionLimit: number;
}

/** Where a run is between supersteps: what a checkpoint keeps. */
export interface GraphPosition {
  state: SeqState;
  next: string[];
  joins: Record<string, string[]>;
}

export interface ExecuteOptions {
  /** Builds what a node receives from the current state. */
  inputFor(state: SeqState): SeqStepInput;
  sandbox: CodeSandbox;
  signal: AbortSignal;
  /** The first superstep runs these nodes even if they need approval (a person approved them). */
  approved?: ReadonlySet<string>;
  /** The first superstep runs these instead of the nodes (a person refused their tool calls). */
  replaced?: ReadonlyMap<string, (input: SeqStepInput) => Promise<SeqUpdate>>;
  /** Called after each node's update was applied, in graph order. */
  onStep(step: GraphStep, update: SeqUpdate, state: SeqState, via: RoutedBy | undefined): void;
}

export interface ExecuteResult extends GraphPosition {
  /** The node that waits for a person's approval, when the run paused. */
  interruptedAt?: string;
}

/** The run kept going round without reaching an End node. */
export class RecursionLimitError extends Error {
  constructor(limit: number, labels: string[]) {
    super(
      `The flow ran ${limit} steps without reaching an End node (recursion limit ${limit}); it kept running ${labels.join(', ')}. Give the loop a condition that leads to an End node.`,
    );
    this.name = 'RecursionLimitError';
  }
}

/**
 * Runs the graph in supersteps (as LangGraph does): the nodes due run together on the same state,
 * their updates are applied in order, then edges, routes and fan-ins decide the next nodes. Stops at
 * {@link END}, before a node that needs approval, or at the recursion limit.
 */
export async function executeGraph(
  graph: CompiledGraph,
  from: GraphPosition,
  options: ExecuteOptions,
): Promise<ExecuteResult> {
  let { state, next } = from;
  const joins = structuredClone(from.joins);
  const via = new Map<string, RoutedBy>();
  let first = true;
  let steps = 0;
  while (next.length > 0) {
    if (options.signal.aborted) throw new RunAbortedError();
    const gated = next.find(
      (name) =>
        graph.interruptBefore.has(name) &&
        !(first && (options.approved?.has(name) || options.replaced?.has(name))),
    );
    if (gated) return { state, next, joins, interruptedAt: gated };
    if (++steps > graph.recursionLimit) {
      const labels = [...new Set(next.map((name) => graph.steps.get(name)?.label ?? name))];
      throw new RecursionLimitError(graph.recursionLimit, labels);
    }
    const due = next.map((name) => graph.steps.get(name)!);
    const input = options.inputFor(state);
    const updates = await Promise.all(
      due.map(async (step) => {
        const replacement = first ? options.replaced?.get(step.name) : undefined;
        try {
          return await (replacement ?? step.run)(input);
        } catch (error) {
          if (error instanceof RunAbortedError || options.signal.aborted) throw new RunAbortedError();
          throw new NodeExecutionError({ nodeId: step.nodeId, label: step.label, cause: error });
        }
      }),
    );
    first = false;
    for (const [index, step] of due.entries()) {
      state = await applyUpdates(state, [updates[index]!], graph.channels, options.sandbox, options.signal);
      options.onStep(step, updates[index]!, state, via.get(step.name));
    }
    via.clear();
    next = await successors(graph, due, options.inputFor(state), joins, via);
  }
  return { state, next, joins };
}

/** The nodes due after `done` ran, in a stable order; {@link END} is dropped. */
async function successors(
  graph: CompiledGraph,
  done: readonly GraphStep[],
  input: SeqStepInput,
  joins: Record<string, string[]>,
  via: Map<string, RoutedBy>,
): Promise<string[]> {
  const due = new Set<string>();
  for (const step of done) {
    for (const target of graph.edges.get(step.name) ?? []) due.add(target);
    const route = graph.routes.get(step.name);
    if (route) {
      let choices: RouteChoice[];
      try {
        choices = await route(input);
      } catch (error) {
        throw new NodeExecutionError({ nodeId: step.nodeId, label: step.label, cause: error });
      }
      for (const choice of choices) {
        due.add(choice.target);
        if (choice.via) via.set(choice.target, choice.via);
      }
    }
    for (const [index, join] of graph.joins.entries()) {
      if (!join.sources.includes(step.name)) continue;
      const seen = new Set([...(joins[index] ?? []), step.name]);
      if (join.sources.every((source) => seen.has(source))) {
        due.add(join.target);
        delete joins[index];
      } else joins[index] = [...seen];
    }
  }
  due.delete(END);
  return [...due];
}
