import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import CheckIcon from '@mui/icons-material/Check';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { useEffect, useState } from 'react';
import { truncate } from '@flowloom/shared';
import { errorMessage } from '../../api/errorMessage';
import { useAppDispatch } from '../../app/useAppDispatch';
import { useAppSelector } from '../../app/useAppSelector';
import { workspaceSwitchSuccess } from '../auth/authSlice';
import { workspaceApi } from './workspaceApi';
import { WorkspaceSwitchErrorDialog } from './WorkspaceSwitchErrorDialog';
import { WorkspaceUnavailableDialog } from './WorkspaceUnavailableDialog';

/** Delay before checking that the active workspace is still in the list (SPEC §9). */
export const WORKSPACE_CHECK_DELAY_MS = 500;

/** Enterprise workspace switcher (shown with more than one workspace and feat:workspaces). */
export function WorkspaceSwitcher() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const workspaces = user?.assignedWorkspaces ?? [];
  const activeId = user?.activeWorkspaceId;

  useEffect(() => {
    const timer = setTimeout(() => {
      setUnavailable(workspaces.length > 0 && !workspaces.some((w) => w.id === activeId));
    }, WORKSPACE_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [workspaces, activeId]);

  const switchTo = async (id: string) => {
    setAnchor(null);
    if (id === activeId) return;
    try {
      const data = await workspaceApi.switchWorkspace(id);
      dispatch(workspaceSwitchSuccess(data));
      window.location.assign('/');
    } catch (e) {
      setError(errorMessage(e, 'Failed to switch workspace'));
    }
  };

  return (
    <>
      <Button
        color="inherit"
        variant="outlined"
        size="small"
        startIcon={<WorkspacesOutlinedIcon />}
        endIcon={<KeyboardArrowDownIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label="Switch workspace"
        sx={{ borderColor: 'divider', maxWidth: 240 }}
      >
        {truncate(user?.activeWorkspace ?? 'Workspace', 24)}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {workspaces.map((w) => (
          <MenuItem key={w.id} selected={w.id === activeId} onClick={() => void switchTo(w.id)}>
            <ListItemIcon>{w.id === activeId && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{w.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      <WorkspaceSwitchErrorDialog message={error} onClose={() => setError(null)} />
      <WorkspaceUnavailableDialog
        open={unavailable}
        workspaces={workspaces}
        onSelect={(id) => void switchTo(id)}
      />
    </>
  );
}
