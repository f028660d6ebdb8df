import { memo } from 'react';
import { useMeasuredSize } from './useNodeDetail';

/**
 * A node drawn for a canvas zoomed out beyond reading (see `useNodeDetail`): a box of exactly the
 * measured size, so React Flow keeps the handle positions it measured and edges stay attached,
 * with the title in large type. Notes show their text.
 */
export const NodeSilhouette = memo(function NodeSilhouette({
  nodeId,
  title,
  selected,
  note = false,
}: {
  nodeId: string;
  title: string;
  selected: boolean;
  note?: boolean;
}) {
  const { width, height } = useMeasuredSize(nodeId);
  const classes = ['fls-node', note ? 'fls-note' : '', selected ? 'selected' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes} style={{ width, height }} data-detail="silhouette">
      <div className="fls-title">{title}</div>
    </div>
  );
});
