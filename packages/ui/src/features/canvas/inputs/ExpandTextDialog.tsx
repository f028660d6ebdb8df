import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** A roomy editor for long text inputs (prompts, templates). */
export function ExpandTextDialog({
  title,
  value,
  placeholder,
  onClose,
  onSave,
}: {
  title: string;
  value: string;
  placeholder?: string;
  onClose: () => void;
  onSave: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={14}
          maxRows={28}
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': title }, input: { sx: { fontSize: 14, lineHeight: 1.6 } } }}
          sx={{ mt: 0.5 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(text)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
