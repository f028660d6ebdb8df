/** Which edges a user may draw on the canvas (SPEC §5, connecting nodes). */

/** Why {@link canConnect} refused a connection; sentences shown to the user. */
export const CONNECTION_REASONS = {
  selfLoop: 'A node cannot be connected to itself.',
  typeMismatch: 'This output does not match any type the input accepts.',
  alreadyConnected: 'This input already has a connection and accepts only one.',
  cycle: 'This connection would create a loop back to the source node.',
} as const;

/** What {@link canConnect} needs to know about a proposed edge. */
export interface ConnectionCandidate {
  source: string;
  target: string;
  /** Type names the source output produces (e.g. its base classes). */
  sourceTypes: readonly string[];
  /** Type names the target input accepts. */
  targetTypes: readonly string[];
  /** A `list: true` input (tools, moderation…) takes any number of edges. */
  targetAcceptsList: boolean;
  targetHandleAlreadyConnected: boolean;
  /** The edges already in the flow. */
  edges: readonly { source: string; target: string }[];
}

export type ConnectionDecision = { ok: true } | { ok: false; reason: string };

/**
 * Whether the edge `source → target` may be added: the nodes differ, an output type overlaps an
 * accepted input type, the input is free or accepts a list, and no cycle results. The first failed
 * rule, in that order, gives the reason (see {@link CONNECTION_REASONS}).
 */
export function canConnect(input: ConnectionCandidate): ConnectionDecision {
  if (input.source === input.target) return refuse(CONNECTION_REASONS.selfLoop);
  const accepted = new Set(input.targetTypes.map((type) => type.trim()));
  if (!input.sourceTypes.some((type) => accepted.has(type.trim())))
    return refuse(CONNECTION_REASONS.typeMismatch);
  if (input.targetHandleAlreadyConnected && !input.targetAcceptsList) {
    return refuse(CONNECTION_REASONS.alreadyConnected);
  }
  if (reaches(input.edges, input.target, input.source)) return refuse(CONNECTION_REASONS.cycle);
  return { ok: true };
}

function refuse(reason: string): ConnectionDecision {
  return { ok: false, reason };
}

/** Breadth-first walk along existing edges: can `from` reach `to`? */
function reaches(edges: readonly { source: string; target: string }[], from: string, to: string): boolean {
  const next = new Map<string, string[]>();
  for (const edge of edges) {
    const targets = next.get(edge.source);
    if (targets) targets.push(edge.target);
    else next.set(edge.source, [edge.target]);
  }
  const seen = new Set([from]);
  const queue = [from];
  for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
    if (node === to) return true;
    for (const target of next.get(node) ?? []) {
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return false;
}

/**
 * Type names carried by a Flowise (v1 canvas) handle id (compat/FLOWISE_API.md §2.3):
 * `{nodeId}-output-{name}-{A|B|C}` → `['A', 'B', 'C']`, `{nodeId}-input-{name}-{Type}` → `['Type']`.
 * Node ids and names never contain `-`, so everything after the third `-` is the type list.
 * Handles without a type list (agentflow v2 ids such as `llmAgentflow_0-output-0`, or a bare node
 * id) give `[]`.
 */
export function parseHandleTypes(handleId: string): string[] {
  const parts = handleId.split('-');
  const direction = parts[1];
  if ((direction !== 'output' && direction !== 'input') || parts.length < 4) return [];
  return parts
    .slice(3)
    .join('-')
    .split('|')
    .map((type) => type.trim())
    .filter((type) => type.length > 0);
}
