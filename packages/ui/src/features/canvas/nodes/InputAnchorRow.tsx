import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Handle, Position } from '@xyflow/react';
import { memo } from 'react';
import { inputHandleId } from '../document/handles';
import type { FlowParam } from '../document/types';

/** A connectable input: a handle on the card's left edge and the input's label. */
export const InputAnchorRow = memo(function InputAnchorRow({
  nodeId,
  anchor,
}: {
  nodeId: string;
  anchor: FlowParam;
}) {
  const id = anchor.id ?? inputHandleId(nodeId, anchor);
  return (
    <Box sx={{ position: 'relative', px: 2, py: 1 }}>
      <Handle
        type="target"
        position={Position.Left}
        id={id}
        className="flowloom-handle"
        title={`${anchor.list ? 'Accepts several: ' : 'Accepts: '}${anchor.type}`}
      />
      <Typography variant="body2" sx={{ fontWeight: 500, fontSize: 13 }}>
        {anchor.label}
        {!anchor.optional && (
          <Box component="span" sx={{ color: 'error.main', ml: 0.25 }} aria-hidden>
            *
          </Box>
        )}
      </Typography>
      {anchor.description && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.35 }}>
          {anchor.description}
        </Typography>
      )}
    </Box>
  );
});
