import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Handle, NodeResizer, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';
import type { AgentOutputAnchor } from '../document/handles';
import { ITERATION_SIZE, type AgentNode } from '../document/types';
import { useAgentCanvasActions } from '../editor/AgentCanvasContext';
import { NodeActions, StatusBadge } from './AgentFlowNode';

/** The Iteration group: a resizable frame; nodes dropped inside it form its sub-flow. */
export const IterationNode = memo(function IterationNode({ id, data, selected }: NodeProps<AgentNode>) {
  const actions = useAgentCanvasActions();
  const color = data.color ?? '#9C89B8';
  const output = (data.outputAnchors as AgentOutputAnchor[])[0];
  return (
    <Box
      data-node-name={data.name}
      onDoubleClick={() => actions.editNode(id)}
      sx={{
        position: 'relative',
        width: '100%',
        height: '100%',
        border: 2,
        borderStyle: 'dashed',
        borderColor: color,
        borderRadius: '12px',
        bgcolor: `${color}14`,
      }}
    >
      <NodeResizer
        isVisible={!!selected}
        minWidth={ITERATION_SIZE.width}
        minHeight={ITERATION_SIZE.height}
        color={color}
      />
      <NodeActions id={id} label={data.label} visible={!!selected} />
      <StatusBadge id={id} />
      <Handle
        type="target"
        position={Position.Left}
        id={id}
        className="flowloom-handle"
        style={{ background: color, width: 10, height: 10 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
        <NodeIcon name={data.name} label={data.label} size={26} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {data.label}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          Drop nodes here
        </Typography>
      </Box>
      {output && (
        <Handle
          type="source"
          position={Position.Right}
          id={output.id}
          className="flowloom-handle"
          style={{ background: color, width: 10, height: 10 }}
        />
      )}
    </Box>
  );
});

/** A sticky note: its text, never executed. */
export const AgentStickyNote = memo(function AgentStickyNote({ id, data, selected }: NodeProps<AgentNode>) {
  const actions = useAgentCanvasActions();
  const note = typeof data.inputs.note === 'string' ? data.inputs.note : '';
  return (
    <Box
      onDoubleClick={() => actions.editNode(id)}
      sx={{
        width: 220,
        minHeight: 80,
        p: 1.5,
        bgcolor: data.color ?? '#fee440',
        color: '#333',
        borderRadius: '8px',
        boxShadow: selected ? 4 : 1,
      }}
    >
      <NodeActions id={id} label={data.label} visible={!!selected} />
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {note || 'Double-click to write a note'}
      </Typography>
    </Box>
  );
});
