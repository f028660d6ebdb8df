import IconButton from '@mui/material/IconButton';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import { ActionMenu, type MenuAction } from './ActionMenu';

/** The "⋮" menu of a card or row (a flow, a document store): Rename, `more`, Delete, each only when given. */
export function RenameDeleteMenu({
  label,
  onRename,
  onDelete,
  more = [],
}: {
  /** The button's accessible name: "Actions for Support bot". */
  label: string;
  onRename?: () => void;
  onDelete?: () => void;
  /** Further entries, between Rename and Delete (e.g. "Save As Template"). */
  more?: readonly (MenuAction | false | undefined)[];
}) {
  return (
    <ActionMenu
      button={(open) => (
        <IconButton size="small" aria-label={label} aria-haspopup="menu" onClick={open}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      )}
      actions={[
        onRename && {
          label: 'Rename',
          icon: <DriveFileRenameOutlineIcon fontSize="small" />,
          onClick: onRename,
        },
        ...more,
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
