import type { NodeRegistry, NodeType } from '@flowloom/engine';
import type { FlowData, FlowEdge, FlowNode, FlowNodeData, NodeParam, OutputAnchor } from '@flowloom/shared';
import { isEditable } from './assistant-components.js';

/** A chat model or tool as the flow uses it: its node type, its settings, its credential. */
export interface FlowComponent {
  type: NodeType;
  inputs: Record<string, unknown>;
  credential?: string | undefined;
}

/** A document store the assistant searches, through a Retriever Tool of this name and description. */
export interface FlowKnowledge {
  storeId: string;
  toolName: string;
  description: string;
  returnSourceDocuments: boolean;
}

/** What an assistant's flow is built from (checked beforehand: the types exist, the settings are complete). */
export interface AssistantParts {
  chatModel: FlowComponent;
  instruction: string;
  tools: FlowComponent[];
  knowledge: FlowKnowledge[];
}

const NODE_WIDTH = 300;
const COLUMN = 400;

/** `{nodeId}-input-{name}-{type}` and `{nodeId}-output-{name}-{A|B}`: the canvas's handle ids. */
const inputHandle = (nodeId: string, input: { name: string; type: string }) =>
  `${nodeId}-input-${input.name}-${input.type}`;
const outputHandle = (nodeId: string, name: string, baseClasses: readonly string[]) =>
  `${nodeId}-output-${name}-${baseClasses.join('|')}`;
const reference = (nodeId: string) => `{{${nodeId}.data.instance}}`;

function requireType(registry: NodeRegistry, name: string): NodeType {
  const type = registry.get(name);
  if (!type) throw new Error(`Node type ${name} is missing from the registry`);
  return type;
}

/**
 * `node.data` of a node of `type`, in the shape the canvas writes (inputs split into params and
 * anchors, the credential as a param, the output anchor), holding `values` over the defaults.
 */
function nodeData(
  type: NodeType,
  id: string,
  values: Record<string, unknown>,
  options: { credential?: string | undefined; output?: string } = {},
): FlowNodeData {
  const { inputs: definitionInputs, credential, outputs: definitionOutputs, ...rest } = type.definition;
  const withId = (input: NodeParam) => ({ ...input, id: inputHandle(id, input) });
  const inputParams = definitionInputs.filter(isEditable).map(withId);
  if (credential) inputParams.unshift(withId(credential));
  const inputAnchors = definitionInputs.filter((input) => !isEditable(input)).map(withId);
  const outputAnchors: OutputAnchor[] = [];
  const outputs: Record<string, unknown> = {};
  if (definitionOutputs?.length) {
    const chosen = options.output ?? definitionOutputs[0]!.name;
    outputAnchors.push({
      name: 'output',
      label: 'Output',
      type: 'options',
      options: definitionOutputs.map((output) => ({
        id: outputHandle(id, output.name, output.baseClasses),
        name: output.name,
        label: output.label,
        type: output.baseClasses.join(' | '),
      })),
      default: chosen,
    });
    outputs.output = chosen;
  } else {
    outputAnchors.push({
      id: outputHandle(id, rest.name, rest.baseClasses),
      name: rest.name,
      label: rest.type,
      type: rest.baseClasses.join(' | '),
    });
  }
  const defaults = Object.fromEntries(definitionInputs.map((input) => [input.name, input.default ?? '']));
  return {
    ...structuredClone(rest),
    id,
    inputParams: structuredClone(inputParams),
    inputAnchors: structuredClone(inputAnchors),
    inputs: { ...defaults, ...values },
    outputAnchors,
    outputs,
    ...(credential && { credential: options.credential ?? '' }),
  };
}

/** The handle an edge leaves `node` by: its one output, or the chosen option of a multi-output node. */
function sourceHandle(node: FlowNode): string {
  const anchor = node.data.outputAnchors[0]!;
  if (anchor.type !== 'options') return anchor.id!;
  return anchor.options!.find((option) => option.name === node.data.outputs.output)!.id;
}

function edge(source: FlowNode, target: FlowNode, inputName: string): FlowEdge {
  const input = target.data.inputAnchors.find((anchor) => anchor.name === inputName)!;
  const from = sourceHandle(source);
  const to = inputHandle(target.id, input);
  return {
    id: `${source.id}-${from}-${target.id}-${to}`,
    source: source.id,
    sourceHandle: from,
    target: target.id,
    targetHandle: to,
    type: 'buttonedge',
  };
}

const place = (data: FlowNodeData, x: number, y: number): FlowNode => ({
  id: data.id,
  type: 'customNode',
  position: { x, y },
  positionAbsolute: { x, y },
  width: NODE_WIDTH,
  data,
});

/**
 * The chat flow (type ASSISTANT) of a custom assistant: a Tool Agent with the chosen chat model, a
 * Buffer Memory, the instructions as its system message, and as tools the chosen tools plus a
 * Retriever Tool over a Document Store (Vector) node per document store. Without any tool, a Tool
 * Agent cannot run (its Tools input is required), so the model answers through a Conversation Chain
 * with the same memory and instructions. Nodes are laid out in columns, so the flow reads on a canvas.
 */
export function buildAssistantFlow(parts: AssistantParts, registry: NodeRegistry): FlowData {
  const nodes: FlowNode[] = [];
  const edges: FlowEdge[] = [];

  const knowledgeNodes = parts.knowledge.flatMap((knowledge, index) => {
    const store = place(
      nodeData(
        requireType(registry, 'documentStoreVS'),
        `documentStoreVS_${index}`,
        { selectedStore: knowledge.storeId },
        { output: 'retriever' },
      ),
      0,
      index * 420,
    );
    const tool = place(
      nodeData(requireType(registry, 'retrieverTool'), `retrieverTool_${index}`, {
        name: knowledge.toolName,
        description: knowledge.description,
        retriever: reference(store.id),
        returnSourceDocuments: knowledge.returnSourceDocuments,
      }),
      COLUMN,
      index * 420,
    );
    edges.push(edge(store, tool, 'retriever'));
    nodes.push(store, tool);
    return [tool];
  });
  const toolNodes = parts.tools.map((tool, index) =>
    place(
      nodeData(tool.type, `${tool.type.definition.name}_${index}`, tool.inputs, {
        credential: tool.credential,
      }),
      COLUMN,
      (parts.knowledge.length + index) * 420,
    ),
  );
  nodes.push(...toolNodes);

  const model = place(
    nodeData(parts.chatModel.type, `${parts.chatModel.type.definition.name}_0`, parts.chatModel.inputs, {
      credential: parts.chatModel.credential,
    }),
    2 * COLUMN,
    0,
  );
  const memory = place(
    nodeData(requireType(registry, 'bufferMemory'), 'bufferMemory_0', {
      sessionId: '',
      memoryKey: 'chat_history',
    }),
    2 * COLUMN,
    700,
  );
  const agentTools = [...knowledgeNodes, ...toolNodes];
  const agent = place(
    agentTools.length > 0
      ? nodeData(requireType(registry, 'toolAgent'), 'toolAgent_0', {
          tools: agentTools.map((node) => reference(node.id)),
          memory: reference(memory.id),
          model: reference(model.id),
          ...(parts.instruction.trim() && { systemMessage: parts.instruction }),
        })
      : nodeData(requireType(registry, 'conversationChain'), 'conversationChain_0', {
          model: reference(model.id),
          memory: reference(memory.id),
          ...(parts.instruction.trim() && { systemMessagePrompt: parts.instruction }),
        }),
    3 * COLUMN,
    200,
  );
  nodes.push(model, memory, agent);
  for (const tool of agentTools) edges.push(edge(tool, agent, 'tools'));
  edges.push(edge(model, agent, 'model'), edge(memory, agent, 'memory'));
  return { nodes, edges, viewport: { x: 0, y: 0, zoom: 0.5 } };
}

/**
 * The name of a document store's search tool: its name in lower case with `_` for spaces, only
 * letters, digits, `_` and `-` (what models accept as a function name), different from `taken`.
 */
export function knowledgeToolName(storeName: string, taken: ReadonlySet<string>): string {
  const base =
    storeName
      .toLowerCase()
      .replace(/\s+/g, '_')
      .replace(/[^a-z0-9_-]/g, '')
      .slice(0, 56) || 'search_knowledge';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  return name;
}
