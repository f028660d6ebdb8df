import IconButton from '@mui/material/IconButton';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ActionMenu, type MenuAction } from './ActionMenu';

/**
 * The "⋮" menu of a card or row (a flow, a document store): the kind's own entries (`extra`), then
 * Rename and Delete, each only when given.
 */
export function RenameDeleteMenu({
  label,
  onRename,
  onDelete,
  extra = [],
}: {
  /** The button's accessible name: "Actions for Support bot". */
  label: string;
  onRename?: () => void;
  onDelete?: () => void;
  extra?: readonly (MenuAction | false | null | undefined)[];
}) {
  return (
    <ActionMenu
      button={(open) => (
        <IconButton size="small" aria-label={label} aria-haspopup="menu" onClick={open}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
      actions={[
        ...extra,
        onRename && {
          label: 'Rename',
          icon: <DriveFileRenameOutlineIcon fontSize="small" />,
          onClick: onRename,
        },
        onDelete && {
          label: 'Delete',
          icon: <DeleteOutlineIcon fontSize="small" />,
          onClick: onDelete,
          danger: true,
        },
      ]}
    />
  );
}
