/** The category of the agentflow (v2) node types, which only the agentflow canvas offers. */
export const AGENT_FLOWS_CATEGORY = 'Agent Flows';

/** Whether a node type (or a node's data) belongs to agentflows v2, not to chatflows. */
export function isAgentflowNode(node: { category?: string; name: string }): boolean {
  return node.category === AGENT_FLOWS_CATEGORY || node.name.endsWith('Agentflow');
}

/** The categories of the agent graph node types (Sequential Agents, supervisor teams): `/agentcanvas` only. */
export const AGENT_GRAPH_CATEGORIES = new Set(['Sequential Agents', 'Multi Agents']);

/** The memories that keep an agent graph's state (checkpointers), offered on `/agentcanvas` only. */
export const AGENT_MEMORY_NODES = new Set([
  'agentMemory',
  'sqliteAgentMemory',
  'postgresAgentMemory',
  'mySQLAgentMemory',
]);

/** Whether a node type (or a node's data) belongs to agent graphs (`/agentcanvas`), not to chatflows. */
export function isAgentGraphNode(node: { category?: string; name: string }): boolean {
  return AGENT_GRAPH_CATEGORIES.has(node.category ?? '') || AGENT_MEMORY_NODES.has(node.name);
}

/** Utilities an agent graph may use besides its own nodes. */
const AGENT_GRAPH_UTILITIES = new Set(['getVariable', 'setVariable', 'stickyNote']);
/** Categories the agent graph canvas does not offer (SEQUENTIAL_AGENTS.md §11). */
const NOT_ON_AGENT_GRAPHS = new Set([
  'Agents',
  'Memory',
  'Record Manager',
  'Utilities',
  AGENT_FLOWS_CATEGORY,
]);

/** Whether `/agentcanvas` offers a node type in its palette. */
export function agentGraphOffers(node: { category?: string; name: string; tags?: string[] }): boolean {
  if (isAgentGraphNode(node) || AGENT_GRAPH_UTILITIES.has(node.name)) return true;
  if (node.tags?.includes('LlamaIndex')) return false;
  return !NOT_ON_AGENT_GRAPHS.has(node.category ?? '') && !isAgentflowNode(node);
}
