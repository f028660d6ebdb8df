import { useStore, type ReactFlowState } from '@xyflow/react';
import { useCallback } from 'react';

/** Below this zoom node text is too small to edit, so cards show read-only previews. */
export const COMPACT_ZOOM = 0.45;
/** Below this zoom no card text can be read: a node is drawn as a box with its title. */
export const SILHOUETTE_ZOOM = 0.2;

/**
 * How much of a node card is drawn:
 * - `full`: the editable card;
 * - `compact`: its light read-only stand-in, when the canvas is zoomed far out (hundreds of cards on
 *   screen), and for the first render of every node, which React Flow measures for its handles;
 * - `silhouette`: further out still, a box of the measured size with the node's title. Painting
 *   hundreds of cards' text and fields is what made panning a whole large flow stutter.
 * Cards in view switch as the zoom crosses a threshold only, so they do not re-render while zooming.
 */
export type NodeDetail = 'full' | 'compact' | 'silhouette';

export function useNodeDetail(nodeId: string): NodeDetail {
  const selector = useCallback(
    (state: ReactFlowState): NodeDetail => {
      if (!state.nodeLookup.get(nodeId)?.internals.handleBounds) return 'compact';
      const zoom = state.transform[2];
      return zoom < SILHOUETTE_ZOOM ? 'silhouette' : zoom < COMPACT_ZOOM ? 'compact' : 'full';
    },
    [nodeId],
  );
  return useStore(selector);
}

/** The size React Flow measured for a node (0 before it is measured). */
export function useMeasuredSize(nodeId: string): { width: number; height: number } {
  const width = useStore(
    useCallback((state: ReactFlowState) => state.nodeLookup.get(nodeId)?.measured.width ?? 0, [nodeId]),
  );
  const height = useStore(
    useCallback((state: ReactFlowState) => state.nodeLookup.get(nodeId)?.measured.height ?? 0, [nodeId]),
  );
  return { width, height };
}
