import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { CanvasEdge } from '../document/types';
import { useCanvasActions } from '../editor/CanvasActionsContext';

/** Flowise's `buttonedge`: a curve with a delete button in the middle. */
export const ButtonEdge = memo(function ButtonEdge({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  markerEnd,
  selected,
}: EdgeProps<CanvasEdge>) {
  const actions = useCanvasActions();
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={markerEnd}
        className={selected ? 'flowloom-edge selected' : 'flowloom-edge'}
      />
      <EdgeLabelRenderer>
        <button
          type="button"
          className={`flowloom-edge-button nodrag nopan${selected ? ' selected' : ''}`}
          style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          aria-label="Delete connection"
          title="Delete connection"
          onClick={(event) => {
            event.stopPropagation();
            actions.deleteEdge(id);
          }}
        >
          ×
        </button>
      </EdgeLabelRenderer>
    </>
  );
});
