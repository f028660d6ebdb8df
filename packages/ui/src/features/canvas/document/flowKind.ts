/** The category of the agentflow (v2) node types, which only the agentflow canvas offers. */
export const AGENT_FLOWS_CATEGORY = 'Agent Flows';

/** Whether a node type (or a node's data) belongs to agentflows v2, not to chatflows. */
export function isAgentflowNode(node: { category?: string; name: string }): boolean {
  return node.category === AGENT_FLOWS_CATEGORY || node.name.endsWith('Agentflow');
}
