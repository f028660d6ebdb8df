import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { formPaper } from '../../components/forms/formPaper';

/** Asks for a new flow name. */
export function RenameFlowDialog({
  initialName,
  noun,
  onCancel,
  onSave,
}: {
  initialName: string;
  noun: string;
  onCancel: () => void;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Name is required');
      return;
    }
    if (trimmed.length > 255) {
      setError('Name must be at most 255 characters');
      return;
    }
    setBusy(true);
    try {
      await onSave(trimmed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="rename-flow-title"
      slotProps={formPaper((e) => void submit(e))}
    >
      <DialogTitle id="rename-flow-title">Rename {noun}</DialogTitle>
      <DialogContent>
        <TextField
          label="Name"
          autoFocus
          fullWidth
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error !== null}
          helperText={error}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Rename
        </Button>
      </DialogActions>
    </Dialog>
  );
}
