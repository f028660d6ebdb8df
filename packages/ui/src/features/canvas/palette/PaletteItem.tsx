import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { NodeDefinition } from '@flowloom/shared';
import { memo, type DragEvent } from 'react';
import { NodeIcon } from '../nodes/NodeIcon';
import { NODE_DRAG_TYPE } from './groupNodes';

/** A node type in the palette: drag it onto the canvas, or click to add it in view. */
export const PaletteItem = memo(function PaletteItem({
  node,
  onAdd,
}: {
  node: NodeDefinition;
  onAdd: (node: NodeDefinition) => void;
}) {
  const onDragStart = (event: DragEvent<HTMLDivElement>) => {
    event.dataTransfer.setData(NODE_DRAG_TYPE, node.name);
    event.dataTransfer.setData('text/plain', node.label);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <ListItemButton
      draggable
      onDragStart={onDragStart}
      onClick={() => onAdd(node)}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1, cursor: 'grab' }}
      aria-label={`Add ${node.label}`}
    >
      <NodeIcon name={node.name} label={node.label} size={34} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {node.label}
        </Typography>
        {node.description && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              lineHeight: 1.4,
            }}
          >
            {node.description}
          </Typography>
        )}
      </Box>
    </ListItemButton>
  );
});
