import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** Asks what was wrong with an answer (optional) before a thumbs-down is sent. */
export function FeedbackDialog({
  sending,
  onCancel,
  onSubmit,
}: {
  sending: boolean;
  onCancel: () => void;
  onSubmit: (content: string) => void;
}) {
  const [content, setContent] = useState('');
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="xs" aria-labelledby="feedback-title">
      <DialogTitle id="feedback-title">What was wrong with this answer?</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          placeholder="Optional: tell us what you expected"
          value={content}
          onChange={(event) => setContent(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': 'Feedback', maxLength: 2000 } }}
          sx={{ mt: 0.5 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={sending} onClick={() => onSubmit(content.trim())}>
          Send feedback
        </Button>
      </DialogActions>
    </Dialog>
  );
}
