import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import { memo, useContext, type ReactNode } from 'react';
import { AnswerSpeechContext } from './answerSpeechContext';
import { ChatFlowContext } from './chatFlowContext';
import { FileAnnotationsList, MessageArtifacts } from './MessageArtifacts';
import type { ChatMessage, FeedbackRating } from './chatMessages';
import { FeedbackButtons } from './FeedbackButtons';
import { HtmlText } from './markdown/HtmlText';
import { Markdown } from './markdown/Markdown';
import { SpeakButton } from './SpeakButton';
import { SourceDocumentsList } from './SourceDocumentsList';
import { TypingIndicator } from './TypingIndicator';
import { UsedToolsList } from './UsedToolsList';

/** How one side's bubbles look (the public chatbot's theme); unset parts keep the app's look. */
export interface BubbleLook {
  backgroundColor?: string;
  textColor?: string;
  /** A picture beside the bubbles; the default icon when shown without one. */
  avatarSrc?: string;
  showAvatar?: boolean;
}

/** The look of a themed chat (SHARING.md §3.2 `botMessage`, `userMessage`, `fontSize`, `renderHTML`). */
export interface ChatAppearance {
  bot?: BubbleLook;
  user?: BubbleLook;
  /** Text size of the messages in pixels. */
  fontSize?: number;
  /** Answers may carry HTML (rebuilt from a safe list of elements). */
  renderHTML?: boolean;
}

function Avatar({ look, fallback }: { look: BubbleLook | undefined; fallback: ReactNode }) {
  if (look && !look.showAvatar) return null;
  return (
    <Box
      sx={(theme) => ({
        width: 30,
        height: 30,
        flexShrink: 0,
        borderRadius: '50%',
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
        color: 'primary.main',
        bgcolor: theme.palette.mode === 'dark' ? 'rgba(124,124,240,0.16)' : 'rgba(91,91,214,0.1)',
      })}
    >
      {look?.avatarSrc ? (
        <Box
          component="img"
          src={look.avatarSrc}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        fallback
      )}
    </Box>
  );
}

const textSize = (fontSize: number | undefined) =>
  fontSize
    ? { fontSize: `${fontSize}px`, '& p, & li, & td, & th, & .MuiTypography-root': { fontSize: 'inherit' } }
    : {};

/**
 * One message: the user's question on the right, the flow's answer (Markdown) on the left, with
 * the tools and documents it used. Agentflow answers add their steps above and a pending decision
 * below; feedback buttons show where answers can be rated, a speaker where the flow has a voice.
 */
export const ChatBubble = memo(function ChatBubble({
  message,
  onRate,
  above,
  below,
  appearance,
}: {
  message: ChatMessage;
  onRate?: (message: ChatMessage, rating: FeedbackRating, content?: string) => Promise<void>;
  above?: ReactNode;
  below?: ReactNode;
  appearance?: ChatAppearance;
}) {
  const speech = useContext(AnswerSpeechContext);
  const flowId = useContext(ChatFlowContext);
  const files = flowId && message.chatId ? { flowId, chatId: message.chatId } : undefined;
  if (message.role === 'userMessage') {
    const look = appearance?.user;
    return (
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.25, mb: 2 }}>
        <Box
          data-testid="user-bubble"
          sx={(theme) => ({
            maxWidth: '82%',
            px: 1.75,
            py: 1,
            borderRadius: '14px 14px 4px 14px',
            // The dark theme's lighter primary is too light under white text.
            bgcolor:
              look?.backgroundColor ??
              (theme.palette.mode === 'dark' ? theme.palette.primary.dark : theme.palette.primary.main),
            color: look?.textColor ?? 'primary.contrastText',
            ...textSize(appearance?.fontSize),
          })}
        >
          {message.attachments && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 0.75 }}>
              {message.attachments.map((file, index) =>
                file.data && file.mime.startsWith('audio/') ? (
                  <Box
                    key={index}
                    component="audio"
                    controls
                    src={file.data}
                    aria-label="Recorded question"
                    sx={{ maxWidth: '100%', height: 36, display: 'block' }}
                  />
                ) : file.data ? (
                  <Box
                    key={index}
                    component="img"
                    src={file.data}
                    alt={file.name}
                    sx={{ maxWidth: 160, maxHeight: 120, borderRadius: '8px', display: 'block' }}
                  />
                ) : (
                  <Chip
                    key={index}
                    size="small"
                    icon={<InsertDriveFileOutlinedIcon sx={{ '&&': { color: 'inherit' } }} />}
                    label={file.name}
                    sx={{ color: 'inherit', borderColor: 'currentColor' }}
                    variant="outlined"
                  />
                ),
              )}
            </Box>
          )}
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.6 }}
          >
            {message.content}
          </Typography>
        </Box>
        {look?.showAvatar && <Avatar look={look} fallback={<PersonOutlineIcon sx={{ fontSize: 18 }} />} />}
      </Box>
    );
  }

  const waiting = message.status === 'streaming' && message.content === '';
  return (
    <Box sx={{ display: 'flex', gap: 1.25, mb: 2 }} aria-busy={message.status === 'streaming'}>
      <Avatar look={appearance?.bot} fallback={<SmartToyOutlinedIcon sx={{ fontSize: 18 }} />} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {above}
        {message.progress && (
          <Box
            role="status"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.75, color: 'text.secondary' }}
          >
            <CircularProgress size={14} color="inherit" />
            <Typography variant="caption">{message.progress}</Typography>
          </Box>
        )}
        {message.usedTools && message.usedTools.length > 0 && <UsedToolsList tools={message.usedTools} />}
        {(message.content !== '' || waiting) && (
          <Box
            data-testid="bot-bubble"
            sx={(theme) => ({
              display: 'inline-block',
              maxWidth: '100%',
              px: 1.75,
              py: 1,
              borderRadius: '4px 14px 14px 14px',
              bgcolor:
                appearance?.bot?.backgroundColor ??
                (theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.05)' : '#F1F2F7'),
              ...(appearance?.bot?.textColor && { color: appearance.bot.textColor }),
              ...textSize(appearance?.fontSize),
            })}
          >
            {waiting ? (
              <TypingIndicator />
            ) : appearance?.renderHTML ? (
              <HtmlText text={message.content} />
            ) : (
              <Markdown text={message.content} />
            )}
          </Box>
        )}
        {message.status === 'error' && (
          <Alert
            severity="error"
            variant="outlined"
            sx={{ mt: message.content ? 1 : 0, py: 0.25, fontSize: 13 }}
          >
            {message.error}
          </Alert>
        )}
        {message.status === 'stopped' && (
          <Chip
            size="small"
            label="Stopped"
            variant="outlined"
            sx={{ mt: 0.75, height: 22, fontSize: 11.5 }}
          />
        )}
        {message.artifacts && <MessageArtifacts artifacts={message.artifacts} files={files} />}
        {message.fileAnnotations && (
          <FileAnnotationsList annotations={message.fileAnnotations} files={files} />
        )}
        {message.sourceDocuments && <SourceDocumentsList documents={message.sourceDocuments} />}
        {(onRate || speech) && message.status === 'done' && message.content !== '' && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, mt: 0.5, color: 'text.secondary' }}>
            {speech && <SpeakButton message={message} speech={speech} />}
            {onRate && <FeedbackButtons message={message} onRate={onRate} />}
          </Box>
        )}
        {below}
      </Box>
    </Box>
  );
});
