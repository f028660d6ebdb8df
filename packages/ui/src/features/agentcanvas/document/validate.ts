import type { RichParam } from '../../canvas/document/types';
import { visibleInputs } from '../../canvas/document/visibility';
import { START_NODE, STICKY_NOTE_NODE, type AgentDocument } from './types';

export interface FlowIssue {
  nodeId?: string;
  message: string;
}

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.replace(/<[^>]*>/g, '').trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * Problems that stop a run (AGENTFLOW_V2.md §0.1): an empty flow, no Start or several, and
 * required inputs left empty (only those shown under the node's current values).
 */
export function validateAgentFlow(doc: AgentDocument): FlowIssue[] {
  const nodes = doc.nodes.filter((node) => node.data.name !== STICKY_NOTE_NODE);
  if (nodes.length === 0) return [{ message: 'The flow is empty: add a Start node and connect the nodes.' }];
  const issues: FlowIssue[] = [];
  const starts = nodes.filter((node) => node.data.name === START_NODE);
  if (starts.length === 0) issues.push({ message: 'The flow has no Start node.' });
  if (starts.length > 1) issues.push({ message: 'The flow has more than one Start node.' });
  for (const node of nodes) {
    const params = node.data.inputParams as RichParam[];
    for (const param of visibleInputs(params, node.data.inputs)) {
      if (param.optional || param.type === 'boolean' || param.type === 'credential' || param.hidden) continue;
      if (isEmptyValue(node.data.inputs[param.name]))
        issues.push({ nodeId: node.id, message: `${node.data.label}: “${param.label}” is required.` });
    }
    if (node.data.name !== START_NODE && !doc.edges.some((edge) => edge.target === node.id) && !node.parentId)
      issues.push({ nodeId: node.id, message: `${node.data.label} is not connected to the flow.` });
  }
  return issues;
}
