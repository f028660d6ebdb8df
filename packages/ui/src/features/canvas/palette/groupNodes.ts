import type { NodeDefinition } from '@flowloom/shared';

/** The node families the chatflow palette offers as tabs (Flowise's LangChain and LlamaIndex tabs). */
export const FRAMEWORKS = ['LangChain', 'LlamaIndex'] as const;
export type Framework = (typeof FRAMEWORKS)[number];

/** A node type's family: LlamaIndex when tagged so (those only connect to each other), else LangChain. */
export function frameworkOf(node: Pick<NodeDefinition, 'tags'>): Framework {
  return node.tags?.includes('LlamaIndex') ? 'LlamaIndex' : 'LangChain';
}

/** A palette category and its node types. */
export interface NodeGroup {
  category: string;
  nodes: NodeDefinition[];
}

/** Whether a node type matches the search text (every word in its label, name, description or category). */
export function matchesNodeSearch(node: NodeDefinition, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = `${node.label} ${node.name} ${node.description ?? ''} ${node.category}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

/** Node types matching `search`, grouped by category; categories and nodes sorted by name. */
export function groupNodes(nodes: readonly NodeDefinition[], search = ''): NodeGroup[] {
  const groups = new Map<string, NodeDefinition[]>();
  for (const node of nodes) {
    if (!matchesNodeSearch(node, search)) continue;
    const category = node.category || 'Other';
    groups.set(category, [...(groups.get(category) ?? []), node]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([category, list]) => ({ category, nodes: list.sort((a, b) => a.label.localeCompare(b.label)) }));
}

/** The drag-and-drop data type a palette item carries (its value is the node type name). */
export const NODE_DRAG_TYPE = 'application/flowloom-node';
