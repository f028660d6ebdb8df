import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import SendIcon from '@mui/icons-material/Send';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { useState, type FormEvent } from 'react';

/** The question box: Enter sends, Shift+Enter adds a line; Stop while an answer streams. */
export function ChatComposer({
  busy,
  disabled,
  onSend,
  onStop,
}: {
  busy: boolean;
  disabled: boolean;
  onSend: (question: string) => void;
  onStop: () => void;
}) {
  const [question, setQuestion] = useState('');
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || busy || disabled) return;
    onSend(text);
    setQuestion('');
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <TextField
        fullWidth
        multiline
        maxRows={5}
        placeholder="Type your question…"
        value={question}
        disabled={disabled}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        slotProps={{
          htmlInput: { 'aria-label': 'Question' },
          input: { sx: { borderRadius: '12px', fontSize: 14 } },
        }}
      />
      {busy ? (
        <Tooltip title="Stop">
          <IconButton aria-label="Stop answer" color="error" onClick={onStop} sx={{ mb: 0.25 }}>
            <StopCircleOutlinedIcon />
          </IconButton>
        </Tooltip>
      ) : (
        <Tooltip title="Send">
          <span>
            <IconButton
              type="submit"
              aria-label="Send question"
              color="primary"
              disabled={disabled || question.trim() === ''}
              sx={{ mb: 0.25 }}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </Box>
  );
}
