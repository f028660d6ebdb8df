import { createContext, useContext } from 'react';
import type { StepStatus } from '../chat/agentMessages';

/** Edits the v2 node and edge components ask the editor for (created once per editor). */
export interface AgentCanvasActions {
  editNode: (nodeId: string) => void;
  deleteNode: (nodeId: string) => void;
  deleteEdge: (edgeId: string) => void;
}

export const AgentCanvasActionsContext = createContext<AgentCanvasActions | null>(null);

export function useAgentCanvasActions(): AgentCanvasActions {
  const actions = useContext(AgentCanvasActionsContext);
  if (!actions) throw new Error('useAgentCanvasActions must be used inside the agentflow editor');
  return actions;
}

/** The status of each node in the last run (`nextAgentFlow`), shown as badges. */
export const NodeStatusContext = createContext<ReadonlyMap<string, StepStatus>>(new Map());

export function useNodeStatus(nodeId: string): StepStatus | undefined {
  return useContext(NodeStatusContext).get(nodeId);
}
