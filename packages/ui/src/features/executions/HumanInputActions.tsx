import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useState } from 'react';

export interface HumanInputActionsProps {
  /** Show the optional feedback box (the node's "Enable Feedback"). */
  feedbackEnabled: boolean;
  proceedLabel?: string;
  rejectLabel?: string;
  /** Rejects when the request failed (after telling the user), which keeps the feedback text. */
  onDecide: (type: 'proceed' | 'reject', feedback: string) => Promise<void>;
}

/** Proceed / Reject for a paused node, with an optional feedback text. */
export function HumanInputActions({
  feedbackEnabled,
  proceedLabel = 'Proceed',
  rejectLabel = 'Reject',
  onDecide,
}: HumanInputActionsProps) {
  const [feedback, setFeedback] = useState('');
  const [busy, setBusy] = useState<'proceed' | 'reject' | null>(null);
  const decide = async (type: 'proceed' | 'reject') => {
    setBusy(type);
    try {
      await onDecide(type, feedback);
      setFeedback('');
    } catch {
      // The caller has told the user; the feedback stays for another try.
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {feedbackEnabled && (
        <TextField
          label="Feedback (optional)"
          placeholder="Tell the flow why, or what to change"
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          value={feedback}
          onChange={(e) => setFeedback(e.target.value)}
          disabled={busy !== null}
        />
      )}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<CheckIcon />}
          loading={busy === 'proceed'}
          disabled={busy !== null}
          onClick={() => void decide('proceed')}
        >
          {proceedLabel}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<CloseIcon />}
          loading={busy === 'reject'}
          disabled={busy !== null}
          onClick={() => void decide('reject')}
        >
          {rejectLabel}
        </Button>
      </Box>
    </Box>
  );
}
