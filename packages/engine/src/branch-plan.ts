import type { FlowNode } from '@flowloom/shared';
import { FlowValidationError } from './errors.js';
import { buildOrder, sourceOutputName, type Graph, type NodeRegistry } from './flow-graph.js';

/** One place a run of a branching flow may reach: a branching node or an ending node. */
export interface BranchStep {
  id: string;
  /** What it needs built, parents first, itself last. */
  order: string[];
  /** The outputs of branching nodes it comes after: branching node id → output name. */
  follows: ReadonlyMap<string, string>;
}

/**
 * How a chatflow with branching nodes (IfElse Function) finds its answer as it runs: each branching
 * node is built when an ending still possible comes after it, and its choice rules out the endings
 * that follow its other outputs.
 */
export interface BranchingPlan {
  /** The branching nodes some ending comes after, parents first. */
  deciders: BranchStep[];
  /** Every ending node, in file order; at most one of them follows the choices of a run. */
  endings: BranchStep[];
}

const who = (node: FlowNode) => `${node.data.label} (${node.id})`;

/** The label of one of a node type's outputs (`True` for `returnTrue`). */
export function outputLabel(registry: NodeRegistry, node: FlowNode, output: string): string {
  return registry.get(node.data.name)?.definition.outputs?.find((o) => o.name === output)?.label ?? output;
}

/**
 * The branch outputs each node needed by `endingIds` comes after, nodes in build order. A node
 * comes after an output when a path leads from that output to it; it runs only when every
 * branching node it comes after chose the output it comes after.
 */
function branchFollows(
  graph: Graph,
  order: readonly string[],
  registry: NodeRegistry,
  problems: string[],
): Map<string, Map<string, string>> {
  const follows = new Map<string, Map<string, string>>();
  for (const id of order) {
    const node = graph.byId.get(id)!;
    const mine = new Map<string, string>();
    for (const edge of graph.incoming.get(id) ?? []) {
      const inherited = follows.get(edge.source);
      if (!inherited) continue; // a loader whose documents are already in its vector store
      const pairs = [...inherited];
      const source = graph.byId.get(edge.source)!;
      const branches = registry.get(source.data.name)!.branches;
      if (branches) {
        const output = sourceOutputName(edge);
        if (!output || !branches.includes(output)) {
          const names = branches.map((b) => outputLabel(registry, source, b)).join(' or ');
          problems.push(`${who(node)} must be connected to the ${names} output of ${who(source)}`);
          continue;
        }
        pairs.push([edge.source, output]);
      }
      for (const [decider, output] of pairs) {
        const known = mine.get(decider);
        if (known === undefined) mine.set(decider, output);
        else if (known !== output) {
          const decidingNode = graph.byId.get(decider)!;
          problems.push(
            `${who(node)} comes after both the ${outputLabel(registry, decidingNode, known)} and the ${outputLabel(registry, decidingNode, output)} output of ${who(decidingNode)}, so it could never run: give each output nodes of its own`,
          );
        }
      }
    }
    follows.set(id, mine);
  }
  return follows;
}

/** Two endings are apart when some branching node's choice rules out one of them. */
function apart(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  for (const [decider, output] of a) {
    const other = b.get(decider);
    if (other !== undefined && other !== output) return true;
  }
  return false;
}

/**
 * Plans a chatflow that has a branching node. Throws {@link FlowValidationError} when a node comes
 * after two outputs of the same branching node. Of two endings one run could both reach (no
 * branching node separates them), the later in the file is kept, as Flowise answers from it.
 */
export function planBranches(
  graph: Graph,
  endingIds: readonly string[],
  registry: NodeRegistry,
  skip: ReadonlySet<string>,
): BranchingPlan {
  const problems: string[] = [];
  const order = buildOrder(endingIds, graph, skip);
  const follows = branchFollows(graph, order, registry, problems);
  // Wiring mistakes first: which endings are apart cannot be told before they are fixed.
  if (problems.length > 0) throw new FlowValidationError(problems);
  const endings = endingIds.map((id) => ({
    id,
    order: buildOrder(id, graph, skip),
    follows: follows.get(id)!,
  }));
  // Where one run could reach two endings, Flowise answers from the one later in the file: an
  // ending that a later one is not kept apart from never answers (a chain left on the canvas).
  const kept = endings.filter((a, i) => endings.slice(i + 1).every((b) => apart(a.follows, b.follows)));
  const relevant = new Set(kept.flatMap((e) => [...e.follows.keys()]));
  const deciders = order
    .filter((id) => relevant.has(id))
    .map((id) => ({ id, order: buildOrder(id, graph, skip), follows: follows.get(id)! }));
  return { deciders, endings: kept };
}
