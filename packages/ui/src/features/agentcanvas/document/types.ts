import type { Edge, Node } from '@xyflow/react';
import type { CanvasNodeData } from '../../canvas/document/types';

/** Node renderers of the v2 canvas (AGENTFLOW_V2.md §0.1). */
export type AgentNodeType = 'agentFlow' | 'iteration' | 'stickyNote';

export type AgentNode = Node<CanvasNodeData, AgentNodeType>;

/** `edge.data` of a v2 edge. */
export interface AgentEdgeData extends Record<string, unknown> {
  sourceColor?: string;
  targetColor?: string;
  edgeLabel?: string;
  isHumanInput?: boolean;
}

export type AgentEdge = Edge<AgentEdgeData, 'agentFlow'>;

/** The v2 flow document: what is saved, undone and redone. */
export interface AgentDocument {
  nodes: AgentNode[];
  edges: AgentEdge[];
}

export const START_NODE = 'startAgentflow';
export const CONDITION_NODE = 'conditionAgentflow';
export const CONDITION_AGENT_NODE = 'conditionAgentAgentflow';
export const HUMAN_INPUT_NODE = 'humanInputAgentflow';
export const ITERATION_NODE = 'iterationAgentflow';
export const STICKY_NOTE_NODE = 'stickyNoteAgentflow';

/** Minimum size of an Iteration group (AGENTFLOW_V2.md §1.14). */
export const ITERATION_SIZE = { width: 300, height: 250 };
