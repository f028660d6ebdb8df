import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import { memo } from 'react';
import type { AgentEdge } from '../document/types';
import { useAgentCanvasActions } from '../editor/AgentCanvasContext';

/** A v2 edge: coloured like its source, with its label (index, proceed / reject) and a delete button. */
export const AgentFlowEdge = memo(function AgentFlowEdge({
  id,
  sourceX,
  sourceY,
  targetX,
  targetY,
  sourcePosition,
  targetPosition,
  markerEnd,
  selected,
  data,
}: EdgeProps<AgentEdge>) {
  const actions = useAgentCanvasActions();
  const [path, labelX, labelY] = getBezierPath({
    sourceX,
    sourceY,
    sourcePosition,
    targetX,
    targetY,
    targetPosition,
  });
  const label = data?.edgeLabel;
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={markerEnd}
        className={selected ? 'flowloom-edge selected' : 'flowloom-edge'}
        style={{ stroke: data?.sourceColor, strokeWidth: selected ? 3 : 2 }}
      />
      <EdgeLabelRenderer>
        <div
          className="nodrag nopan"
          style={{
            position: 'absolute',
            transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)`,
            display: 'flex',
            alignItems: 'center',
            gap: 4,
            pointerEvents: 'all',
          }}
        >
          {label !== undefined && label !== '' && (
            <span
              data-testid="edge-label"
              style={{
                fontSize: 11,
                fontWeight: 600,
                padding: '1px 6px',
                borderRadius: 8,
                background: data?.sourceColor ?? '#999',
                color: '#222',
              }}
            >
              {label}
            </span>
          )}
          {selected && (
            <button
              type="button"
              className="flowloom-edge-button selected"
              aria-label="Delete connection"
              title="Delete connection"
              onClick={(event) => {
                event.stopPropagation();
                actions.deleteEdge(id);
              }}
            >
              ×
            </button>
          )}
        </div>
      </EdgeLabelRenderer>
    </>
  );
});
