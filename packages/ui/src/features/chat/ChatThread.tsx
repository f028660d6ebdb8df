import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { useEffect, useRef, type ReactNode } from 'react';
import { AnswerSpeechContext } from './answerSpeechContext';
import { ChatFlowContext } from './chatFlowContext';
import type { ChatMessage, FeedbackRating } from './chatMessages';
import { ChatBubble, type ChatAppearance } from './ChatBubble';
import type { AnswerSpeech } from './useAnswerSpeech';

/**
 * The messages, kept scrolled to the newest while the user has not scrolled up. Each is drawn by
 * `renderMessage` when given (a kind's own bubble), else as a chat bubble with feedback. With
 * `speech`, every answer bubble in it (a kind's own too) can be read aloud.
 */
export function ChatThread<M extends ChatMessage>({
  messages,
  loading,
  error,
  onRate,
  renderMessage,
  emptyText = 'Ask a question to try this chatflow.',
  empty,
  before,
  after,
  appearance,
  speech,
  flowId,
}: {
  messages: M[];
  loading: boolean;
  error: string;
  onRate?: (message: M, rating: FeedbackRating, content?: string) => Promise<void>;
  renderMessage?: (message: M) => ReactNode;
  emptyText?: string;
  /** Shown instead of `emptyText` while there are no messages (e.g. starter prompts). */
  empty?: ReactNode;
  /** Above the messages (a welcome message). */
  before?: ReactNode;
  /** Below the messages (a contact form, suggested questions). */
  after?: ReactNode;
  appearance?: ChatAppearance;
  speech?: AnswerSpeech;
  /** The saved flow the chat talks to: answers show the pictures and files kept for its chat. */
  flowId?: string | undefined;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const last = messages.at(-1);
  // A bubble that grows without new text (steps, an action) also scrolls the thread.
  const growth = JSON.stringify([
    last?.content.length,
    last?.status,
    (last as { steps?: unknown[] })?.steps?.length,
    Boolean((last as { action?: unknown })?.action),
  ]);

  useEffect(() => {
    const element = scroller.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [messages.length, growth, after]);

  return (
    <AnswerSpeechContext value={speech}>
      <ChatFlowContext value={flowId}>
        <Box
          ref={scroller}
          role="log"
          aria-label="Chat messages"
          aria-live="polite"
          onScroll={(event) => {
            const element = event.currentTarget;
            pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
          }}
          sx={{ flex: 1, overflowY: 'auto', px: 2, pt: 2, pb: 0.5 }}
        >
          {loading && messages.length === 0 && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress size={24} aria-label="Loading chat history" />
            </Box>
          )}
          {error && (
            <Typography color="error" variant="body2" role="alert" sx={{ mb: 2 }}>
              {error}
            </Typography>
          )}
          {before}
          {!loading &&
            messages.length === 0 &&
            !error &&
            (empty ?? (
              <Box sx={{ textAlign: 'center', color: 'text.secondary', py: 6, px: 3 }}>
                <ForumOutlinedIcon sx={{ fontSize: 40, opacity: 0.5, mb: 1 }} />
                <Typography variant="body2">{emptyText}</Typography>
              </Box>
            ))}
          {messages.map((message) =>
            renderMessage ? (
              <Box key={message.key}>{renderMessage(message)}</Box>
            ) : (
              <ChatBubble
                key={message.key}
                message={message}
                {...(appearance && { appearance })}
                {...(onRate && {
                  onRate: onRate as (m: ChatMessage, r: FeedbackRating, c?: string) => Promise<void>,
                })}
              />
            ),
          )}
          {after}
        </Box>
      </ChatFlowContext>
    </AnswerSpeechContext>
  );
}
