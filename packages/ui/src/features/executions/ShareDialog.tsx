import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { FocusEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';

/** The public address of a shared execution. */
export function publicExecutionUrl(id: string, origin = window.location.origin): string {
  return `${origin}/execution/${encodeURIComponent(id)}`;
}

/** Shows the public link of a shared execution with a copy button. */
export function ShareDialog({
  executionId,
  open,
  onClose,
}: {
  executionId: string;
  open: boolean;
  onClose: () => void;
}) {
  const url = publicExecutionUrl(executionId);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="share-execution-title">
      <DialogTitle id="share-execution-title">Public link</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Anyone with this link can view this execution without signing in, and answer it when it waits for a
          decision. Turn Share off to revoke it.
        </DialogContentText>
        <TextField
          fullWidth
          value={url}
          label="Link"
          slotProps={{
            htmlInput: { readOnly: true, onFocus: (e: FocusEvent<HTMLInputElement>) => e.target.select() },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <CopyButton text={url} label="Copy link" />
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
