import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import type { VoiceRecorder } from './useVoiceRecorder';

/** `m:ss` */
export const recordingTime = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** In place of the question box while a question is recorded: the time so far, Cancel and Send. */
export function RecordingBar({
  status,
  seconds,
  onCancel,
  onSend,
}: {
  status: VoiceRecorder['status'];
  seconds: number;
  onCancel: () => void;
  onSend: () => void;
}) {
  return (
    <Box
      role="group"
      aria-label="Recording a question"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, minHeight: 68 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          ml: 1,
          borderRadius: '50%',
          bgcolor: status === 'recording' ? 'error.main' : 'action.disabled',
          '@keyframes recording-pulse': { '50%': { opacity: 0.3 } },
          ...(status === 'recording' && { animation: 'recording-pulse 1.2s ease-in-out infinite' }),
        }}
      />
      <Typography variant="body2" role="timer" sx={{ flex: 1, fontVariantNumeric: 'tabular-nums' }}>
        {status === 'starting'
          ? 'Waiting for the microphone…'
          : status === 'finishing'
            ? 'Sending the recording…'
            : `Recording ${recordingTime(seconds)}`}
      </Typography>
      <Tooltip title="Cancel recording">
        <IconButton aria-label="Cancel recording" onClick={onCancel} disabled={status === 'finishing'}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title="Send recording">
        <span>
          <IconButton
            aria-label="Send recording"
            color="primary"
            disabled={status !== 'recording'}
            onClick={onSend}
          >
            <SendIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
