import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type React from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';

/** Edit and delete buttons of a table row; each appears only when its handler is given. */
export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} justifyContent="flex-end">
      {onEdit && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${name}`} onClick={onEdit}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip title="Delete">
          <IconButton
            size="small"
            aria-label={`Delete ${name}`}
            onClick={onDelete}
            sx={{ color: 'error.main' }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}

/**
 * The actions column stays at the right edge while a wide table scrolls sideways (at 390 px the other
 * columns scroll under it), so a row's actions never need a sideways scroll.
 */
const stickyActions: SxProps<Theme> = (theme) => ({
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  whiteSpace: 'nowrap',
  [theme.breakpoints.down('md')]: { boxShadow: `-6px 0 8px -6px ${theme.palette.divider}` },
});

/** The header cell of the actions column. */
export function ActionsHeaderCell() {
  return (
    <TableCell align="right" sx={stickyActions}>
      Actions
    </TableCell>
  );
}

/** A row's actions cell (see {@link ActionsHeaderCell}); a click in it never opens the row too. */
export function ActionsCell({ children }: { children: React.ReactNode }) {
  return (
    <TableCell align="right" sx={stickyActions} onClick={(event) => event.stopPropagation()}>
      {children}
    </TableCell>
  );
}
