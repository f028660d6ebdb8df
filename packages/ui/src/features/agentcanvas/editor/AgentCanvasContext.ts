import { createContext, useContext } from 'react';
import { createActionsContext } from '../../canvas/shell/actionsContext';
import type { StepStatus } from '../chat/agentMessages';

/** Edits the v2 node and edge components ask the editor for. */
export interface AgentCanvasActions {
  editNode: (nodeId: string) => void;
  deleteNode: (nodeId: string) => void;
  deleteEdge: (edgeId: string) => void;
}

export const [AgentCanvasActionsContext, useAgentCanvasActions] =
  createActionsContext<AgentCanvasActions>('agentflow editor');

/** The status of each node in the last run (`nextAgentFlow`), shown as badges. */
export const NodeStatusContext = createContext<ReadonlyMap<string, StepStatus>>(new Map());

export function useNodeStatus(nodeId: string): StepStatus | undefined {
  return useContext(NodeStatusContext).get(nodeId);
}
