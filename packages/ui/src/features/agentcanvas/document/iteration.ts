import type { AgentNode } from './types';

/** Absolute position of a node (children are placed relative to their Iteration). */
export function absolutePosition(node: AgentNode, nodes: readonly AgentNode[]): { x: number; y: number } {
  let { x, y } = node.position;
  let parentId = node.parentId;
  const seen = new Set<string>();
  while (parentId && !seen.has(parentId)) {
    seen.add(parentId);
    const parent = nodes.find((item) => item.id === parentId);
    if (!parent) break;
    x += parent.position.x;
    y += parent.position.y;
    parentId = parent.parentId;
  }
  return { x, y };
}

function sizeOf(node: AgentNode): { width: number; height: number } {
  return {
    width: node.measured?.width ?? node.width ?? 300,
    height: node.measured?.height ?? node.height ?? 250,
  };
}

/**
 * The Iteration whose rectangle holds the flow point `point` (the topmost, i.e. last drawn),
 * if any: a node dropped there becomes its child.
 */
export function iterationAt(
  nodes: readonly AgentNode[],
  point: { x: number; y: number },
): AgentNode | undefined {
  return [...nodes].reverse().find((node) => {
    if (node.type !== 'iteration') return false;
    const at = absolutePosition(node, nodes);
    const { width, height } = sizeOf(node);
    return point.x >= at.x && point.x <= at.x + width && point.y >= at.y && point.y <= at.y + height;
  });
}

/** `position` made relative to `parent`. */
export function relativeTo(
  parent: AgentNode,
  nodes: readonly AgentNode[],
  position: { x: number; y: number },
) {
  const at = absolutePosition(parent, nodes);
  return { x: Math.max(8, position.x - at.x), y: Math.max(40, position.y - at.y) };
}

/** Parents before children, as React Flow requires; otherwise the order is kept. */
export function parentsFirst(nodes: AgentNode[]): AgentNode[] {
  const ids = new Set(nodes.map((node) => node.id));
  const top = nodes.filter((node) => !node.parentId || !ids.has(node.parentId));
  const children = nodes.filter((node) => node.parentId && ids.has(node.parentId));
  return children.length === 0 ? nodes : [...top, ...children];
}
