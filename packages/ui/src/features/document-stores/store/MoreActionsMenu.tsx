import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ListAltIcon from '@mui/icons-material/ListAlt';
import RefreshIcon from '@mui/icons-material/Refresh';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import SearchIcon from '@mui/icons-material/Search';
import type { DocumentStore } from '@flowloom/shared';
import { useState, type ReactNode } from 'react';

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
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const hasChunks = store.totalChunks > 0;
  const upserting = store.status === 'UPSERTING';
  const upserted = store.status === 'UPSERTED';
  const item = (
    label: string,
    icon: ReactNode,
    run: (() => void) | undefined,
    enabled: boolean,
    danger = false,
  ) =>
    run && (
      <MenuItem
        disabled={!enabled}
        onClick={() => {
          setAnchor(null);
          run();
        }}
        sx={danger ? { color: 'error.main' } : undefined}
      >
        <ListItemIcon sx={danger ? { color: 'inherit' } : undefined}>{icon}</ListItemIcon>
        {label}
      </MenuItem>
    );
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ExpandMoreIcon />}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        More Actions
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {item(
          'View & Edit Chunks',
          <ListAltIcon fontSize="small" />,
          actions.onChunks,
          hasChunks && !upserting,
        )}
        {item(
          'Upsert All Chunks',
          <RocketLaunchOutlinedIcon fontSize="small" />,
          actions.onUpsertAll,
          hasChunks && !upserting,
        )}
        {item('Retrieval Query', <SearchIcon fontSize="small" />, actions.onQuery, hasChunks && upserted)}
        {item('Refresh', <RefreshIcon fontSize="small" />, actions.onRefresh, hasChunks && upserted)}
        {item('Delete', <DeleteOutlineIcon fontSize="small" />, actions.onDelete, !upserting, true)}
      </Menu>
    </>
  );
}
