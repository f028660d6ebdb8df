import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { CanvasNode } from '../document/types';
import { CompactNodeCard } from './CompactNodeCard';
import { FlowNodeCard } from './FlowNodeCard';
import { NodeSilhouette } from './NodeSilhouette';
import { useNodeDetail } from './useNodeDetail';

/** `customNode`: the full editable card, or a lighter stand-in when the canvas is zoomed far out. */
export const ChatflowNode = memo(function ChatflowNode(props: NodeProps<CanvasNode>) {
  switch (useNodeDetail(props.id)) {
    case 'silhouette':
      return <NodeSilhouette nodeId={props.id} title={props.data.label} selected={props.selected} />;
    case 'compact':
      return <CompactNodeCard {...props} />;
    case 'full':
      return <FlowNodeCard {...props} />;
  }
});
