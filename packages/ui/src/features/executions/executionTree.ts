import type { ExecutedEntry, ExecutionState, ItemStatus } from './executionTypes';

/** A node of the execution tree: an entry of the trace, or a virtual "Iteration #i" group. */
export interface TreeItem {
  /** `nodeId_index` for entries; `<owner id>_iteration_<i>` for iteration groups. */
  id: string;
  label: string;
  status: ItemStatus;
  /** The trace entry; absent on virtual iteration groups. */
  entry?: ExecutedEntry;
  /** Position in the trace (virtual groups: the position of their first child). */
  index: number;
  /** Set on virtual groups: the iteration number. */
  iterationIndex?: number;
  children: TreeItem[];
}

const ITERATION_NODE = 'iterationAgentflow';

/** Status of an iteration group from the entries it holds (Flowise ExecutionDetails). */
export function iterationStatus(children: readonly { status: ItemStatus }[]): ItemStatus {
  if (children.some((c) => c.status === 'ERROR')) return 'ERROR';
  if (children.some((c) => c.status === 'INPROGRESS')) return 'INPROGRESS';
  if (children.length > 0 && children.every((c) => c.status === 'FINISHED')) return 'FINISHED';
  return 'UNKNOWN';
}

interface Group {
  key: string;
  parentNodeId: string;
  iterationIndex: number;
  members: number[];
  /** Trace position of the Iteration entry that owns the group, once known. */
  owner?: number;
}

/**
 * Groups the entries produced inside Iteration nodes. The engine appends an Iteration node's own
 * entry after its children, so every group still open for that node when its entry appears belongs
 * to it; this keeps two runs of the same Iteration node (in a loop) apart.
 */
function groupIterations(entries: readonly ExecutedEntry[]) {
  const groups: Group[] = [];
  const open = new Map<string, Map<number, Group>>();
  const groupOf = new Map<number, Group>();
  entries.forEach((entry, index) => {
    const pending = open.get(entry.nodeId);
    if (pending) {
      for (const group of pending.values()) group.owner = index;
      open.delete(entry.nodeId);
    }
    const { parentNodeId, iterationIndex } = entry.data ?? {};
    if (parentNodeId === undefined || typeof iterationIndex !== 'number') return;
    let byIndex = open.get(parentNodeId);
    if (!byIndex) open.set(parentNodeId, (byIndex = new Map<number, Group>()));
    let group = byIndex.get(iterationIndex);
    if (!group) {
      group = { key: `${parentNodeId}#${groups.length}`, parentNodeId, iterationIndex, members: [] };
      byIndex.set(iterationIndex, group);
      groups.push(group);
    }
    group.members.push(index);
    groupOf.set(index, group);
  });
  return { groups, groupOf };
}

/** Latest position before `before` whose entry is one of `parents` and passes `accept`. */
function latestParent(
  entries: readonly ExecutedEntry[],
  parents: readonly string[],
  before: number,
  accept: (index: number) => boolean,
): number {
  for (let i = before - 1; i >= 0; i--) {
    if (parents.includes(entries[i]!.nodeId) && accept(i)) return i;
  }
  return -1;
}

const isIterationLike = (item: TreeItem) =>
  item.iterationIndex !== undefined || item.entry?.data?.name === ITERATION_NODE;

/** Iteration groups (and Iteration nodes) first, then execution order; recursively. */
function sortItems(items: TreeItem[]): void {
  items.sort((a, b) => {
    const ai = isIterationLike(a);
    const bi = isIterationLike(b);
    if (ai !== bi) return ai ? -1 : 1;
    return a.index - b.index;
  });
  for (const item of items) sortItems(item.children);
}

/**
 * Builds the tree of an execution trace (AGENTFLOW_V2.md §3):
 * - each entry becomes an item `nodeId_index`;
 * - it goes under the most recent earlier entry among its `previousNodeIds`, else it is a root;
 * - entries produced inside an Iteration go under a virtual "Iteration #i" item placed under the
 *   Iteration entry (inside, the same placement rule applies, limited to that iteration);
 * - siblings list iteration groups first, then follow execution order.
 */
export function buildExecutionTree(entries: readonly ExecutedEntry[]): TreeItem[] {
  const items: TreeItem[] = entries.map((entry, index) => ({
    id: `${entry.nodeId}_${index}`,
    label: entry.nodeLabel || entry.nodeId,
    status: entry.status,
    entry,
    index,
    children: [],
  }));
  const { groups, groupOf } = groupIterations(entries);

  const virtualOf = new Map<Group, TreeItem>();
  for (const group of groups) {
    const ownerId = group.owner !== undefined ? items[group.owner]!.id : `${group.key}`;
    virtualOf.set(group, {
      id: `${ownerId}_iteration_${group.iterationIndex}`,
      label: `Iteration #${group.iterationIndex}`,
      status: 'UNKNOWN',
      index: group.members[0]!,
      iterationIndex: group.iterationIndex,
      children: [],
    });
  }

  const roots: TreeItem[] = [];
  entries.forEach((entry, index) => {
    const item = items[index]!;
    const group = groupOf.get(index);
    const parents = Array.isArray(entry.previousNodeIds) ? entry.previousNodeIds : [];
    const parent = latestParent(entries, parents, index, (i) => groupOf.get(i) === group);
    if (parent !== -1) items[parent]!.children.push(item);
    else if (group) virtualOf.get(group)!.children.push(item);
    else roots.push(item);
  });

  for (const group of groups) {
    const virtual = virtualOf.get(group)!;
    // Every entry of the iteration counts, not only the direct children (as in Flowise).
    virtual.status = iterationStatus(group.members.map((i) => items[i]!));
    if (group.owner !== undefined) {
      items[group.owner]!.children.push(virtual);
      continue;
    }
    // No entry of the Iteration node after its children (aborted run): attach to its latest
    // earlier entry, or list the group at the top level.
    const earlier = latestParent(entries, [group.parentNodeId], group.members[0]!, () => true);
    (earlier !== -1 ? items[earlier]!.children : roots).push(virtual);
  }

  sortItems(roots);
  return roots;
}

/** Items in display order (depth first). */
export function flattenTree(items: readonly TreeItem[]): TreeItem[] {
  return items.flatMap((item) => [item, ...flattenTree(item.children)]);
}

/**
 * The item to select when the detail opens: the first STOPPED item of a STOPPED execution (so the
 * Proceed / Reject buttons are in view), else the first item.
 */
export function initialSelection(items: readonly TreeItem[], state: ExecutionState): string | undefined {
  const all = flattenTree(items);
  if (state === 'STOPPED') {
    const stopped = all.find((item) => item.status === 'STOPPED');
    if (stopped) return stopped.id;
  }
  return all[0]?.id;
}

/** Ids of the items that have children (expanded by default). */
export function expandableIds(items: readonly TreeItem[]): string[] {
  return flattenTree(items)
    .filter((item) => item.children.length > 0)
    .map((item) => item.id);
}
