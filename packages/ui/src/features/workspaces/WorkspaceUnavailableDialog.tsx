import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

export const WORKSPACE_UNAVAILABLE_MESSAGE =
  'Your current workspace is no longer available. Please select another workspace to continue.';

/** SPEC §4 blocking dialog: the active workspace disappeared; the user must pick another. */
export function WorkspaceUnavailableDialog({
  open,
  workspaces,
  onSelect,
}: {
  open: boolean;
  workspaces: { id: string; name: string }[];
  onSelect: (id: string) => void;
}) {
  const [choice, setChoice] = useState('');
  return (
    <Dialog open={open} disableEscapeKeyDown maxWidth="xs" fullWidth aria-labelledby="ws-unavailable-title">
      <DialogTitle id="ws-unavailable-title">Workspace Unavailable</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{WORKSPACE_UNAVAILABLE_MESSAGE}</DialogContentText>
        <TextField
          select
          fullWidth
          label="Workspace"
          value={choice}
          onChange={(e) => setChoice(e.target.value)}
        >
          {workspaces.map((w) => (
            <MenuItem key={w.id} value={w.id}>
              {w.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" disabled={!choice} onClick={() => onSelect(choice)}>
          Continue
        </Button>
      </DialogActions>
    </Dialog>
  );
}
