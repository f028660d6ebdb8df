import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { memo } from 'react';
import { useCanvasActions } from '../editor/CanvasActionsContext';
import { useCanvasReadOnly } from '../shell/readOnly';

/** Duplicate / delete / info buttons above a node, shown while it is hovered or selected. */
export const NodeToolbarActions = memo(function NodeToolbarActions({
  nodeId,
  label,
  info = true,
}: {
  nodeId: string;
  label: string;
  info?: boolean;
}) {
  const actions = useCanvasActions();
  const readOnly = useCanvasReadOnly();
  if (readOnly && !info) return null;
  return (
    <Paper
      className="flowloom-node-toolbar nodrag"
      elevation={3}
      sx={{
        position: 'absolute',
        bottom: '100%',
        right: 0,
        mb: 1,
        display: 'flex',
        gap: 0.25,
        p: 0.25,
        borderRadius: '10px',
        border: 1,
        borderColor: 'divider',
        '&::after': { content: '""', position: 'absolute', left: 0, right: 0, top: '100%', height: 10 },
      }}
    >
      {!readOnly && (
        <>
          <Tooltip title="Duplicate">
            <IconButton
              size="small"
              aria-label={`Duplicate ${label}`}
              onClick={() => actions.duplicateNode(nodeId)}
            >
              <ContentCopyIcon sx={{ fontSize: 17 }} />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton
              size="small"
              aria-label={`Delete ${label}`}
              onClick={() => actions.deleteNode(nodeId)}
              sx={{ '&:hover': { color: 'error.main' } }}
            >
              <DeleteOutlineIcon sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        </>
      )}
      {info && (
        <Tooltip title="Info">
          <IconButton size="small" aria-label={`About ${label}`} onClick={() => actions.showNodeInfo(nodeId)}>
            <InfoOutlinedIcon sx={{ fontSize: 18 }} />
          </IconButton>
        </Tooltip>
      )}
    </Paper>
  );
});
