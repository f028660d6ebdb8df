import Button from '@mui/material/Button';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RefreshIcon from '@mui/icons-material/Refresh';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { DocumentStore } from '@flowloom/shared';
import { ActionMenu } from '../../../components/ActionMenu';

/** What More Actions offers; an action missing here (no permission) is not shown. */
export interface StoreActions {
  onChunks: () => void;
  onUpsertAll?: () => void;
  onQuery: () => void;
  onRefresh?: () => void;
  onDelete?: () => void;
}

/** The store's More Actions menu, each entry enabled as Flowise enables it (DOCUMENT_STORES.md §4.2). */
export function MoreActionsMenu({ store, actions }: { store: DocumentStore; actions: StoreActions }) {
  const hasChunks = store.totalChunks > 0;
  const upserting = store.status === 'UPSERTING';
  const upserted = store.status === 'UPSERTED';
  return (
    <ActionMenu
      button={(open) => (
        <Button variant="outlined" endIcon={<ExpandMoreIcon />} aria-haspopup="menu" onClick={open}>
          More Actions
        </Button>
      )}
      actions={[
        {
          label: 'View & Edit Chunks',
          icon: <ListAltIcon fontSize="small" />,
          onClick: actions.onChunks,
          disabled: !hasChunks || upserting,
        },
        actions.onUpsertAll && {
          label: 'Upsert All Chunks',
          icon: <RocketLaunchOutlinedIcon fontSize="small" />,
          onClick: actions.onUpsertAll,
          disabled: !hasChunks || upserting,
        },
        {
          label: 'Retrieval Query',
          icon: <SearchIcon fontSize="small" />,
          onClick: actions.onQuery,
          disabled: !hasChunks || !upserted,
        },
        actions.onRefresh && {
          label: 'Refresh',
          icon: <RefreshIcon fontSize="small" />,
          onClick: actions.onRefresh,
          disabled: !hasChunks || !upserted,
        },
        actions.onDelete && {
          label: 'Delete',
          icon: <DeleteOutlineIcon fontSize="small" />,
          onClick: actions.onDelete,
          disabled: upserting,
          danger: true,
        },
      ]}
    />
  );
}
