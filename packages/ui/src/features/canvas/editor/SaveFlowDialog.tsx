import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

/** Asks for the name of a flow saved for the first time. */
export function SaveFlowDialog({
  initialName,
  onCancel,
  onSave,
  noun = 'Chatflow',
}: {
  initialName: string;
  /** What is saved, capitalised (`Chatflow`, `Agentflow`). */
  noun?: string;
  onCancel: () => void;
  onSave: (name: string) => void;
}) {
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const invalid = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!invalid) onSave(name.trim());
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="save-flow-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="save-flow-title">Save New {noun}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={`${noun} name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onFocus={(event) => event.target.select()}
            error={touched && invalid}
            helperText={touched && invalid ? `Give the ${noun.toLowerCase()} a name` : ' '}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 255 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
