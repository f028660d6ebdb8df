import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MicNoneOutlinedIcon from '@mui/icons-material/MicNoneOutlined';
import SendIcon from '@mui/icons-material/Send';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { acceptOf, type Attachment, type AttachRule } from './attachments';
import { RecordingBar } from './RecordingBar';
import type { Attachments } from './useAttachments';
import type { SendOutcome } from './useChatSession';
import { useVoiceRecorder } from './useVoiceRecorder';
import { voiceUpload, type VoiceUpload } from './voiceUpload';

/** An attached file until it is sent: an image's thumbnail, or the name of a file to search. */
function AttachedItem({ item, onRemove }: { item: Attachment; onRemove: () => void }) {
  const image = item.kind === 'image';
  return (
    <Box
      role="listitem"
      aria-label={item.name}
      sx={{
        position: 'relative',
        height: 56,
        ...(image ? { width: 56 } : { maxWidth: 220, pl: 1, pr: 3.5 }),
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        borderRadius: '8px',
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {image ? (
        <Box
          component="img"
          src={item.data}
          alt={item.name}
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <>
          <InsertDriveFileOutlinedIcon fontSize="small" color="action" />
          <Typography variant="caption" noWrap title={item.name}>
            {item.name}
          </Typography>
        </>
      )}
      <IconButton
        size="small"
        aria-label={`Remove ${item.name}`}
        onClick={onRemove}
        sx={{
          position: 'absolute',
          top: 0,
          right: 0,
          p: 0.25,
          bgcolor: 'rgba(0,0,0,0.55)',
          color: '#fff',
          '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
        }}
      >
        <CloseIcon sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );
}

/**
 * The question box: Enter sends, Shift+Enter adds a line; Stop while an answer streams. When the flow
 * takes images or files to search, a paperclip (and pasting, and dropping on the chat) attaches
 * them; they show as thumbnails or names until sent. When it transcribes speech, a microphone records
 * the question instead (the time so far, Cancel, Send).
 */
export function ChatComposer({
  busy,
  disabled,
  onSend,
  onStop,
  attach,
  attachments,
  onRecord,
  placeholder = 'Type your question…',
  look,
}: {
  busy: boolean;
  disabled: boolean;
  /** Sends; a question the flow did not take (not sent, or refused before the run) comes back to the box. */
  onSend: (question: string) => Promise<SendOutcome | undefined> | void;
  onStop: () => void;
  /** What may be attached; no paperclip without it. */
  attach?: AttachRule;
  attachments?: Attachments;
  /** Sends a recorded question; no microphone without it. */
  onRecord?: (recording: VoiceUpload) => Promise<SendOutcome | undefined> | void;
  placeholder?: string;
  /** The public chatbot's `textInput` colours. */
  look?: { backgroundColor?: string; textColor?: string; sendButtonColor?: string };
}) {
  const [question, setQuestion] = useState('');
  const picker = useRef<HTMLInputElement>(null);
  const recorder = useVoiceRecorder();
  const [recordingError, setRecordingError] = useState('');
  const voiceProblem = recordingError || recorder.error;
  const recording = recorder.status !== 'idle';
  const record = () => {
    setRecordingError('');
    void recorder.start();
  };
  const sendRecording = async () => {
    const recording = await recorder.finish();
    if (!recording || !onRecord) return;
    try {
      await onRecord(await voiceUpload(recording));
    } catch (error) {
      setRecordingError(errorMessage(error, 'The recording could not be sent.'));
    }
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || busy || disabled) return;
    setQuestion('');
    void Promise.resolve(onSend(text)).then(
      (outcome) => {
        // Put it back unless the user already typed something new.
        if (outcome === undefined || outcome === 'refused') setQuestion((typed) => typed || text);
      },
      () => setQuestion((typed) => typed || text),
    );
  };
  const canAttach = Boolean(attach && attachments);
  // "Attach images" while only images go; "Attach files" once files to search do.
  const what = attach?.files ? 'files' : 'images';
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
      {voiceProblem && (
        <Typography variant="caption" color="error" role="alert" sx={{ display: 'block', px: 1.5, pt: 1 }}>
          {voiceProblem}
        </Typography>
      )}
      {attachments && (attachments.items.length > 0 || attachments.error) && (
        <Box
          sx={{ px: 1.5, pt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}
          aria-label="Attached files"
          role="list"
        >
          {attachments.items.map((item) => (
            <AttachedItem key={item.key} item={item} onRemove={() => attachments.remove(item.key)} />
          ))}
          {attachments.error && (
            <Typography variant="caption" color="error" role="alert" sx={{ width: '100%' }}>
              {attachments.error}
            </Typography>
          )}
        </Box>
      )}
      {recording && (
        <RecordingBar
          status={recorder.status}
          seconds={recorder.seconds}
          onCancel={recorder.cancel}
          onSend={() => void sendRecording()}
        />
      )}
      <Box
        component="form"
        onSubmit={submit}
        // The recording bar takes its place while a question is recorded.
        sx={{ display: recording ? 'none' : 'flex', alignItems: 'flex-end', gap: 1, p: 1.5 }}
      >
        {canAttach && (
          <>
            <input
              ref={picker}
              type="file"
              hidden
              multiple
              accept={acceptOf(attach!)}
              aria-label={attach?.files ? 'Files to attach' : 'Image files to attach'}
              onChange={(event) => {
                const files = event.target.files;
                if (files) void attachments!.add([...files]);
                event.target.value = '';
              }}
            />
            <Tooltip title={`Attach ${what}`}>
              <IconButton
                aria-label={`Attach ${what}`}
                onClick={() => picker.current?.click()}
                disabled={disabled}
                sx={{ mb: 0.25 }}
              >
                <AttachFileIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
        <TextField
          fullWidth
          multiline
          maxRows={5}
          placeholder={placeholder}
          value={question}
          disabled={disabled}
          onChange={(event) => setQuestion(event.target.value)}
          onPaste={(event) => {
            if (!canAttach) return;
            const files = [...event.clipboardData.files];
            if (files.length === 0) return;
            event.preventDefault();
            void attachments!.add(files);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          slotProps={{
            htmlInput: { 'aria-label': 'Question' },
            input: {
              sx: {
                borderRadius: '12px',
                fontSize: 14,
                ...(look?.backgroundColor && { bgcolor: look.backgroundColor }),
                ...(look?.textColor && { color: look.textColor }),
              },
            },
          }}
        />
        {onRecord && !busy && (
          <Tooltip title="Record your question">
            <span>
              <IconButton aria-label="Record question" onClick={record} disabled={disabled} sx={{ mb: 0.25 }}>
                <MicNoneOutlinedIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
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
                sx={{ mb: 0.25, ...(look?.sendButtonColor && { color: look.sendButtonColor }) }}
              >
                <SendIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Box>
    </Box>
  );
}
