import type { NodeProps } from '@xyflow/react';
import { memo } from 'react';
import type { CanvasNode } from '../document/types';
import { CompactNodeCard } from './CompactNodeCard';
import { FlowNodeCard } from './FlowNodeCard';
import { useCompactNode } from './useCompactNode';

/** `customNode`: the full editable card, or its light stand-in when the canvas is zoomed far out. */
export const ChatflowNode = memo(function ChatflowNode(props: NodeProps<CanvasNode>) {
  return useCompactNode(props.id) ? <CompactNodeCard {...props} /> : <FlowNodeCard {...props} />;
});
