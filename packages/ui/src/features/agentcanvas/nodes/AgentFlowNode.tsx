import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Handle, NodeToolbar, Position, useUpdateNodeInternals, type NodeProps } from '@xyflow/react';
import { memo, useEffect } from 'react';
import { NodeIcon } from '../../canvas/nodes/NodeIcon';
import { StatusIcon } from '../../executions/StatusIcon';
import { anchorCaption, type AgentOutputAnchor } from '../document/handles';
import type { AgentNode } from '../document/types';
import { useCanvasReadOnly } from '../../canvas/shell/readOnly';
import { useAgentCanvasActions, useNodeStatus } from '../editor/AgentCanvasContext';

/** Edit and delete buttons above a selected node. */
export function NodeActions({ id, label, visible }: { id: string; label: string; visible: boolean }) {
  const actions = useAgentCanvasActions();
  if (useCanvasReadOnly()) return null;
  return (
    <NodeToolbar isVisible={visible} position={Position.Top} align="end">
      <Box
        sx={{
          display: 'flex',
          gap: 0.5,
          bgcolor: 'background.paper',
          borderRadius: '8px',
          boxShadow: 2,
          p: 0.25,
        }}
      >
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${label}`} onClick={() => actions.editNode(id)}>
            <EditOutlinedIcon sx={{ fontSize: 18 }} />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton size="small" aria-label={`Delete ${label}`} onClick={() => actions.deleteNode(id)}>
            <DeleteOutlineIcon sx={{ fontSize: 18 }} />
          </IconButton>
        </Tooltip>
      </Box>
    </NodeToolbar>
  );
}

/** The status badge of a node in the last run. */
export function StatusBadge({ id }: { id: string }) {
  const status = useNodeStatus(id);
  if (!status) return null;
  return (
    <Box
      data-testid={`status-${id}`}
      data-status={status}
      sx={{
        position: 'absolute',
        top: -10,
        right: -10,
        bgcolor: 'background.paper',
        borderRadius: '50%',
        lineHeight: 0,
      }}
    >
      <StatusIcon status={status} size={20} />
    </Box>
  );
}

/**
 * A v2 node (`agentFlow`): coloured card with icon and label, one input handle whose id is the
 * node id (none for Start), and its output handles: one, none, or one per row / choice, each
 * captioned (AGENTFLOW_V2.md §0.1).
 */
export const AgentFlowNode = memo(function AgentFlowNode({ id, data, selected }: NodeProps<AgentNode>) {
  const actions = useAgentCanvasActions();
  const color = data.color ?? '#9E9E9E';
  const anchors = data.outputAnchors as AgentOutputAnchor[];
  const updateInternals = useUpdateNodeInternals();
  const handleKey = anchors.map((anchor) => anchor.id).join('|');
  // Handles come and go with condition rows: React Flow must measure them again.
  useEffect(() => updateInternals(id), [id, handleKey, updateInternals]);
  const several = anchors.length > 1;
  return (
    <Box
      data-node-name={data.name}
      onDoubleClick={() => actions.editNode(id)}
      sx={{
        position: 'relative',
        minWidth: 180,
        maxWidth: 280,
        bgcolor: 'background.paper',
        border: 2,
        borderColor: selected ? color : 'divider',
        borderRadius: '12px',
        boxShadow: selected ? `0 0 0 3px ${color}44` : 1,
      }}
    >
      <NodeActions id={id} label={data.label} visible={!!selected} />
      <StatusBadge id={id} />
      {!data.hideInput && (
        <Handle
          type="target"
          position={Position.Left}
          id={id}
          className="flowloom-handle"
          style={{ background: color, width: 10, height: 10 }}
        />
      )}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: 1.5,
          py: 1.25,
          borderLeft: `6px solid ${color}`,
          borderRadius: '10px',
        }}
      >
        <NodeIcon name={data.name} label={data.label} size={30} />
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={data.label}>
          {data.label}
        </Typography>
      </Box>
      {several && (
        <Box sx={{ borderTop: 1, borderColor: 'divider', py: 0.5 }}>
          {anchors.map((anchor, index) => (
            <Box key={anchor.id} sx={{ position: 'relative', px: 1.5, py: 0.4, textAlign: 'right' }}>
              <Typography
                variant="caption"
                color="text.secondary"
                noWrap
                sx={{ display: 'block', maxWidth: 220, ml: 'auto' }}
              >
                {anchorCaption(data, anchor, index)}
              </Typography>
              <Handle
                type="source"
                position={Position.Right}
                id={anchor.id}
                className="flowloom-handle"
                style={{ background: color, width: 10, height: 10 }}
              />
            </Box>
          ))}
        </Box>
      )}
      {!several && anchors[0] && (
        <Handle
          type="source"
          position={Position.Right}
          id={anchors[0].id}
          className="flowloom-handle"
          style={{ background: color, width: 10, height: 10 }}
        />
      )}
    </Box>
  );
});
