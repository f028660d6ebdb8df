import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { asksFeedback, type HumanInputAction, type HumanInputChoice } from './agentMessages';

const labelOf = (action: HumanInputAction, choice: HumanInputChoice) =>
  action.elements?.find((item) =>
    item.type.endsWith(choice === 'proceed' ? 'approve-button' : 'reject-button'),
  )?.label ?? (choice === 'proceed' ? 'Proceed' : 'Reject');

/**
 * Proceed / Reject under a paused run. When the answer takes feedback, the button opens a
 * feedback box first (Enter sends, Shift+Enter breaks the line, Escape goes back to the buttons);
 * the feedback is optional.
 */
export function HumanInputAnswer({
  action,
  busy,
  onAction,
}: {
  action: HumanInputAction;
  busy: boolean;
  onAction: (action: HumanInputAction, choice: HumanInputChoice, feedback?: string) => void;
}) {
  const [asking, setAsking] = useState<HumanInputChoice | null>(null);
  const [feedback, setFeedback] = useState('');

  const choose = (choice: HumanInputChoice) => {
    if (asksFeedback(action, choice)) setAsking(choice);
    else onAction(action, choice);
  };
  const send = () => {
    if (!asking || busy) return;
    onAction(action, asking, feedback.trim());
  };

  if (asking) {
    const label = labelOf(action, asking);
    return (
      <Box
        component="form"
        aria-label={`${label} with feedback`}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
        // The box opens under the last message: bring all of it, buttons included, into view.
        ref={(form: HTMLFormElement | null) => form?.scrollIntoView?.({ block: 'nearest' })}
        sx={{ mt: 1, display: 'grid', gap: 1 }}
      >
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          maxRows={6}
          size="small"
          label="Feedback"
          value={feedback}
          placeholder={asking === 'reject' ? 'What should change? (optional)' : 'Anything to add? (optional)'}
          onChange={(event) => setFeedback(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              setAsking(null);
            }
          }}
          slotProps={{ input: { sx: { fontSize: 13.5 } } }}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" onClick={() => setAsking(null)}>
            Cancel
          </Button>
          <Button
            size="small"
            type="submit"
            variant="contained"
            color={asking === 'proceed' ? 'success' : 'error'}
            disabled={busy}
          >
            {label}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
      <Button
        size="small"
        variant="contained"
        color="success"
        disabled={busy}
        onClick={() => choose('proceed')}
      >
        {labelOf(action, 'proceed')}
      </Button>
      <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => choose('reject')}>
        {labelOf(action, 'reject')}
      </Button>
    </Box>
  );
}
