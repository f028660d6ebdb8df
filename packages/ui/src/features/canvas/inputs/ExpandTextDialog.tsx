import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type ReactNode } from 'react';

/**
 * A roomy editor for long text inputs (prompts, templates). `editor` replaces the plain text area
 * (the v2 canvas puts its variable picker there); the dialog keeps the text until Save.
 */
export function ExpandTextDialog({
  title,
  value,
  placeholder,
  onClose,
  onSave,
  editor,
}: {
  title: string;
  value: string;
  placeholder?: string;
  onClose: () => void;
  onSave: (value: string) => void;
  editor?: (text: string, setText: (text: string) => void) => ReactNode;
}) {
  const [text, setText] = useState(value);
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {editor ? (
          editor(text, setText)
        ) : (
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={14}
            maxRows={28}
            value={text}
            placeholder={placeholder}
            onChange={(event) => setText(event.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': title },
              input: { sx: { fontSize: 14, lineHeight: 1.6 } },
            }}
            sx={{ mt: 0.5 }}
          />
        )}
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
