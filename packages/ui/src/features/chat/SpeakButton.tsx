import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import type { ChatMessage } from './chatMessages';
import type { AnswerSpeech } from './useAnswerSpeech';

/**
 * The speaker under an answer: reads it aloud; while its audio is made (spinner) or plays (stop
 * sign) the same button stops it.
 */
export function SpeakButton({ message, speech }: { message: ChatMessage; speech: AnswerSpeech }) {
  const phase = speech.reading?.key === message.key ? speech.reading.phase : undefined;
  if (!phase)
    return (
      <Tooltip title="Read aloud">
        <IconButton size="small" aria-label="Read aloud" onClick={() => speech.speak(message)}>
          <VolumeUpOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  return (
    <Tooltip title="Stop reading aloud">
      <IconButton
        size="small"
        aria-label="Stop reading aloud"
        aria-busy={phase === 'loading'}
        onClick={speech.stop}
      >
        {phase === 'loading' ? (
          <CircularProgress size={16} color="inherit" aria-label="Making the audio" />
        ) : (
          <StopCircleOutlinedIcon fontSize="small" color="error" />
        )}
      </IconButton>
    </Tooltip>
  );
}
