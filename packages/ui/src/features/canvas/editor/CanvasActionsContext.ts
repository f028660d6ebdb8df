import type { NodeDefinition } from '@flowloom/shared';
import { createContext, useContext } from 'react';
import { createActionsContext } from '../shell/actionsContext';

/** Edits chatflow node components ask the editor for. */
export interface CanvasActions {
  setInputs: (nodeId: string, values: Record<string, unknown>) => void;
  setCredential: (nodeId: string, credentialId: string) => void;
  setOutput: (nodeId: string, anchorName: string, outputName: string) => void;
  duplicateNode: (nodeId: string) => void;
  deleteNode: (nodeId: string) => void;
  deleteEdge: (edgeId: string) => void;
  showNodeInfo: (nodeId: string) => void;
  editAdditionalParams: (nodeId: string) => void;
}

export const [CanvasActionsContext, useCanvasActions] =
  createActionsContext<CanvasActions>('chatflow editor');

/** The server's node types by name (palette, info dialog, version hints). */
export const NodeDefinitionsContext = createContext<ReadonlyMap<string, NodeDefinition>>(new Map());

export function useNodeDefinition(name: string): NodeDefinition | undefined {
  return useContext(NodeDefinitionsContext).get(name);
}
