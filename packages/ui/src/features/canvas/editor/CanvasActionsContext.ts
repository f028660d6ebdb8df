import type { NodeDefinition } from '@flowloom/shared';
import { createContext, useContext } from 'react';

/**
 * Edits node components ask the editor for. The object is created once per editor, so memoised
 * nodes and edges never re-render because of it.
 */
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

export const CanvasActionsContext = createContext<CanvasActions | null>(null);

export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (!actions) throw new Error('useCanvasActions must be used inside the canvas editor');
  return actions;
}

/** The server's node types by name (palette, info dialog, version hints). */
export const NodeDefinitionsContext = createContext<ReadonlyMap<string, NodeDefinition>>(new Map());

export function useNodeDefinition(name: string): NodeDefinition | undefined {
  return useContext(NodeDefinitionsContext).get(name);
}
