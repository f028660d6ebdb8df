import { useStore, type ReactFlowState } from '@xyflow/react';
import { useCallback } from 'react';

/** Below this zoom node text is too small to edit, so cards show read-only previews. */
export const COMPACT_ZOOM = 0.45;

/**
 * Whether a node card is drawn as its light read-only stand-in: when the canvas is zoomed far out
 * (hundreds of cards on screen), and for the first render of a node, which React Flow does for
 * every node of a flow, visible or not, to measure its handles. Cards in view then switch to the
 * full editor; the others are not drawn until they scroll into view. The value changes only when
 * the zoom crosses the threshold, so cards do not re-render while zooming.
 */
export function useCompactNode(nodeId: string): boolean {
  const selector = useCallback(
    (state: ReactFlowState) =>
      state.transform[2] < COMPACT_ZOOM || !state.nodeLookup.get(nodeId)?.internals.handleBounds,
    [nodeId],
  );
  return useStore(selector);
}
