import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ThumbDownAltIcon from '@mui/icons-material/ThumbDownAlt';
import ThumbDownOffAltIcon from '@mui/icons-material/ThumbDownOffAlt';
import ThumbUpAltIcon from '@mui/icons-material/ThumbUpAlt';
import ThumbUpOffAltIcon from '@mui/icons-material/ThumbUpOffAlt';
import { memo, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { useNotify } from '../notifications/useNotify';
import type { ChatMessage, FeedbackRating } from './chatMessages';
import { FeedbackDialog } from './FeedbackDialog';

/** Copy, thumbs up and thumbs down (with an optional comment) under an answer. */
export const FeedbackButtons = memo(function FeedbackButtons({
  message,
  onRate,
}: {
  message: ChatMessage;
  onRate: (message: ChatMessage, rating: FeedbackRating, content?: string) => Promise<void>;
}) {
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);

  const rate = async (rating: FeedbackRating, content?: string) => {
    setSending(true);
    try {
      await onRate(message, rating, content);
      notify.success('Thanks for the feedback');
      setAsking(false);
    } catch (error) {
      notify.error(error, { prefix: 'Feedback was not saved: ' });
    } finally {
      setSending(false);
    }
  };

  const rated = message.feedback;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
      <CopyButton text={message.content} label="Copy answer" />
      {message.messageId && rated === undefined && (
        <>
          <Tooltip title="Good answer">
            <span>
              <IconButton
                size="small"
                aria-label="Good answer"
                disabled={sending}
                onClick={() => void rate('THUMBS_UP')}
              >
                <ThumbUpOffAltIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Bad answer">
            <span>
              <IconButton
                size="small"
                aria-label="Bad answer"
                disabled={sending}
                onClick={() => setAsking(true)}
              >
                <ThumbDownOffAltIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </>
      )}
      {rated === 'THUMBS_UP' && (
        <Tooltip title="You rated this answer good">
          <ThumbUpAltIcon fontSize="small" color="success" sx={{ mx: 0.75 }} aria-label="Rated good" />
        </Tooltip>
      )}
      {rated === 'THUMBS_DOWN' && (
        <Tooltip title="You rated this answer bad">
          <ThumbDownAltIcon fontSize="small" color="error" sx={{ mx: 0.75 }} aria-label="Rated bad" />
        </Tooltip>
      )}
      {asking && (
        <FeedbackDialog
          sending={sending}
          onCancel={() => setAsking(false)}
          onSubmit={(content) => void rate('THUMBS_DOWN', content || undefined)}
        />
      )}
    </Box>
  );
});
