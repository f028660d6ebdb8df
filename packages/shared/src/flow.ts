import type { NodeParam } from './node-params.js';

/** An output anchor of a node in a flow (Flowise shape). */
export interface OutputAnchor {
  /** Absent on a multi-output anchor (its options carry the ids). */
  id?: string;
  name: string;
  label: string;
  description?: string;
  type?: string;
  /** Multi-output nodes: one anchor of type `options` listing the choices. */
  options?: {
    id: string;
    name: string;
    label: string;
    description?: string;
    type: string;
    isAnchor?: boolean;
  }[];
  default?: string;
}

/** `node.data` of a flow node (Flowise shape, SPEC §3). */
export interface FlowNodeData {
  id: string;
  label: string;
  name: string;
  version: number;
  type: string;
  baseClasses: string[];
  category: string;
  description?: string;
  tags?: string[];
  color?: string;
  badge?: string;
  hideOutput?: boolean;
  hideInput?: boolean;
  inputParams: (NodeParam & { id?: string })[];
  inputAnchors: (NodeParam & { id?: string })[];
  inputs: Record<string, unknown>;
  outputAnchors: OutputAnchor[];
  outputs: Record<string, unknown>;
  /** Id of the credential row chosen for this node. */
  credential?: string;
  selected?: boolean;
}

export interface FlowNode {
  id: string;
  type?: string;
  position: { x: number; y: number };
  positionAbsolute?: { x: number; y: number };
  width?: number;
  height?: number;
  selected?: boolean;
  dragging?: boolean;
  parentNode?: string;
  extent?: string;
  style?: Record<string, unknown>;
  data: FlowNodeData;
}

export interface FlowEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
  targetHandle?: string | null;
  type?: string;
  data?: Record<string, unknown>;
}

export interface FlowData {
  nodes: FlowNode[];
  edges: FlowEdge[];
  viewport?: { x: number; y: number; zoom: number };
}

/** An output a node type offers (multi-output nodes list several). */
export interface NodeOutputDefinition {
  label: string;
  name: string;
  baseClasses: string[];
  description?: string;
  hidden?: boolean;
  isAnchor?: boolean;
}

/** A node type as `GET /api/v1/nodes` describes it (Flowise component shape). */
export interface NodeDefinition {
  label: string;
  name: string;
  version: number;
  type: string;
  category: string;
  baseClasses: string[];
  description: string;
  /** URL of the icon (`/api/v1/node-icon/<name>`). */
  icon: string;
  inputs: NodeParam[];
  credential?: NodeParam;
  outputs?: NodeOutputDefinition[];
  badge?: string;
  tags?: string[];
  color?: string;
  hideOutput?: boolean;
  hideInput?: boolean;
  documentation?: string;
}

/** One turn of chat history as nodes see it. */
export interface ChatTurn {
  role: 'userMessage' | 'apiMessage';
  content: string;
}

/** A document returned by retrievers and shown as a source. */
export interface SourceDocument {
  pageContent: string;
  metadata: Record<string, unknown>;
}

export interface UsedTool {
  tool: string;
  toolInput: unknown;
  toolOutput: string;
  sourceDocuments?: SourceDocument[];
  error?: string;
}
