import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Typography from '@mui/material/Typography';
import { Handle, Position } from '@xyflow/react';
import type { OutputAnchor } from '@flowloom/shared';
import { memo } from 'react';
import { anchorOptionHandles, chosenOutput } from '../document/editNode';
import type { CanvasNodeData } from '../document/types';
import { useCanvasActions } from '../editor/CanvasActionsContext';
import { useCanvasReadOnly } from '../shell/readOnly';
import { useRemeasureOnChange } from './useRemeasureOnChange';

/**
 * An output: a handle on the card's right edge. Multi-output nodes pick the output in a select
 * (stored in `data.outputs.output`), and the handle takes that output's id and types; options
 * that are handles of their own (condition branches) are listed, each with its handle.
 */
export const OutputAnchorRow = memo(function OutputAnchorRow({
  nodeId,
  anchor,
  data,
}: {
  nodeId: string;
  anchor: OutputAnchor;
  data: CanvasNodeData;
}) {
  const actions = useCanvasActions();
  const readOnly = useCanvasReadOnly();
  const chosen = chosenOutput(data, anchor);
  const branches = anchorOptionHandles(anchor);
  // Branches can change names without changing the card's size: measure the handles again.
  useRemeasureOnChange(nodeId, branches.length > 0 ? branches.map((b) => b.id).join() : (chosen?.id ?? ''));
  if (branches.length > 0) {
    return (
      <>
        {branches.map((branch) => (
          <Box key={branch.id} sx={{ position: 'relative', px: 2, py: 1, textAlign: 'right' }}>
            <Handle
              type="source"
              position={Position.Right}
              id={branch.id}
              className="flowloom-handle"
              title={`Gives: ${branch.type}`}
            />
            <Typography variant="body2" sx={{ fontWeight: 500, fontSize: 13 }}>
              {branch.label}
            </Typography>
          </Box>
        ))}
      </>
    );
  }
  if (!chosen) return null;

  const handle = (
    <Handle
      type="source"
      position={Position.Right}
      id={chosen.id}
      className="flowloom-handle"
      title={`Gives: ${chosen.type}`}
    />
  );

  if (anchor.type === 'options' && anchor.options) {
    const options = anchor.options.filter((option) => !('hidden' in option && option.hidden));
    return (
      <Box sx={{ position: 'relative', px: 2, py: 1.25 }}>
        {handle}
        <Select<string>
          disabled={readOnly}
          className="nodrag"
          fullWidth
          size="small"
          value={chosen.name}
          onChange={(event) => actions.setOutput(nodeId, anchor.name, event.target.value)}
          inputProps={{ 'aria-label': `${data.label} output` }}
          sx={{ fontSize: 13 }}
        >
          {options.map((option) => (
            <MenuItem key={option.name} value={option.name}>
              {option.label}
            </MenuItem>
          ))}
        </Select>
      </Box>
    );
  }

  return (
    <Box sx={{ position: 'relative', px: 2, py: 1.25, textAlign: 'right' }}>
      {handle}
      <Typography variant="body2" sx={{ fontWeight: 500, fontSize: 13 }}>
        {chosen.label}
      </Typography>
    </Box>
  );
});
