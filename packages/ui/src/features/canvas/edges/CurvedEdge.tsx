import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps } from '@xyflow/react';
import type { CSSProperties, ReactNode } from 'react';
import { useCanvasReadOnly } from '../shell/readOnly';

/**
 * The curve of an edge on any canvas, with what sits at its middle: an optional label and the
 * delete button (where `canDelete`; never on a read-only canvas).
 */
export function CurvedEdge({
  edge,
  style,
  label,
  canDelete,
  onDelete,
}: {
  edge: EdgeProps;
  style?: CSSProperties;
  label?: ReactNode;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const readOnly = useCanvasReadOnly();
  const [path, labelX, labelY] = getBezierPath(edge);
  const button = canDelete && !readOnly;
  return (
    <>
      <BaseEdge
        path={path}
        markerEnd={edge.markerEnd}
        className={edge.selected ? 'flowloom-edge selected' : 'flowloom-edge'}
        {...(style && { style })}
      />
      {(button || label) && (
        <EdgeLabelRenderer>
          <div
            className="flowloom-edge-middle nodrag nopan"
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
          >
            {label}
            {button && (
              <button
                type="button"
                className={`flowloom-edge-button${edge.selected ? ' selected' : ''}`}
                aria-label="Delete connection"
                title="Delete connection"
                onClick={(event) => {
                  event.stopPropagation();
                  onDelete();
                }}
              >
                ×
              </button>
            )}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
