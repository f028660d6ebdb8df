import { CHAT as CHAT_VARIABLES, type VariableOption } from '../../agentcanvas/variables/availableVariables';
import type { FlowDocument } from './types';
import { nodesUpstream } from './upstream';

/** Sequential nodes whose latest message a later node can read, and the input holding their name. */
const MESSAGE_NODES: Record<string, string> = {
  seqAgent: 'agentName',
  seqLLMNode: 'llmNodeName',
  seqToolNode: 'toolNodeName',
  seqCustomFunction: 'functionName',
  seqExecuteFlow: 'seqExecuteFlowName',
};

/** The chat values Flowise's picker offers on this canvas. */
const CHAT = CHAT_VARIABLES.filter((option) =>
  ['question', 'chat_history', 'file_attachment'].includes(option.expression),
);

/** Paths into the graph state, written without braces: the nodes read them as they run. */
const STATE: readonly VariableOption[] = [
  ['$flow.state.messages', 'All messages of the conversation so far'],
  ['$flow.state.<replace-with-key>', 'The current value of a State key (put the key in place)'],
  ['$flow.state.messages[0].content', 'Content of the first message'],
  ['$flow.state.messages[-1].content', 'Content of the last message'],
].map(([path, description]) => ({
  expression: path!,
  label: path!,
  description: description!,
  group: 'state' as const,
  insert: path!,
}));

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * What the variable picker of a Sequential Agents input (Format Prompt Values, Input Variables) offers
 * for node `nodeId`, as Flowise's does on that canvas: the question, chat history and file text, the
 * earlier Agent / LLM / Tool / Function / Execute Flow nodes (`{{ <id>.data.instance }}`, their latest
 * message) and the state paths; plus the workspace variables (`{{ $vars.<name> }}`), which every input
 * resolves.
 */
export function sequentialVariables(
  doc: FlowDocument,
  nodeId: string,
  workspaceVariables: readonly string[] = [],
): VariableOption[] {
  const nodes = nodesUpstream(doc, nodeId)
    .filter((node) => node.data.name in MESSAGE_NODES)
    .map<VariableOption>((node) => ({
      expression: `${node.id}.data.instance`,
      label: text(node.data.inputs[MESSAGE_NODES[node.data.name]!]) || node.data.label,
      description: `Latest message of ${node.data.label} (${node.id})`,
      group: 'nodes',
    }));
  const vars = [...new Set(workspaceVariables)].map<VariableOption>((name) => ({
    expression: `$vars.${name}`,
    label: name,
    description: 'Workspace variable',
    group: 'vars',
  }));
  return [...CHAT, ...nodes, ...STATE, ...vars];
}
