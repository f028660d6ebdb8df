import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ThumbDownAltOutlinedIcon from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbUpAltOutlinedIcon from '@mui/icons-material/ThumbUpAltOutlined';
import { memo, useState } from 'react';
import { errorMessage } from '../../api/errorMessage';
import { StepList } from '../agentcanvas/chat/AgentChatBubble';
import type { AgentStep } from '../agentcanvas/chat/agentMessages';
import { AgentReasoningList, agentReasoningOf } from '../chat/AgentReasoningList';
import { ChatBubble } from '../chat/ChatBubble';
import { fromHistoryRow } from '../chat/chatMessages';
import { ChatFlowContext } from '../chat/chatFlowContext';
import { executionsApi } from '../executions/executionsApi';
import { longDateTime, type ViewerRow } from './messageViewer';

/** The steps of an agentflow answer, loaded from its execution when asked for. */
function ExecutionSteps({ executionId }: { executionId: string }) {
  const [steps, setSteps] = useState<AgentStep[] | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(false);
  const load = async () => {
    setLoading(true);
    try {
      const execution = await executionsApi.get(executionId);
      setSteps(
        (execution.executionData ?? []).map((entry) => ({
          nodeId: entry.nodeId,
          nodeLabel: entry.nodeLabel || entry.nodeId,
          status: entry.status,
          ...(entry.data?.error && { error: entry.data.error }),
        })),
      );
    } catch (e) {
      setError(errorMessage(e, 'Could not load the steps'));
    } finally {
      setLoading(false);
    }
  };
  if (steps) return <StepList steps={steps} />;
  return (
    <Box sx={{ mb: 1 }}>
      <Button size="small" variant="text" onClick={() => void load()} disabled={loading}>
        Show steps
      </Button>
      {error && (
        <Typography variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One stored message in the viewer: the chat core's bubble, with the agents' reasoning and steps
 * above it, and what it produced, its rating and its time below.
 */
export const ViewerMessage = memo(function ViewerMessage({ row }: { row: ViewerRow }) {
  const message = fromHistoryRow(row);
  const reasoning = agentReasoningOf(row.agentReasoning);
  const feedback = row.feedback;
  const time = (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
      {longDateTime(row.createdDate)}
    </Typography>
  );
  if (row.role === 'userMessage')
    return (
      <Box data-testid="viewer-message" data-role="user">
        <ChatBubble message={message} />
        <Box sx={{ textAlign: 'right', mt: -1.5, mb: 1.5 }}>{time}</Box>
      </Box>
    );
  return (
    <ChatFlowContext value={row.chatflowid}>
      <Box data-testid="viewer-message" data-role="bot">
        <ChatBubble
          message={message}
          above={
            (reasoning || row.executionId) && (
              <>
                {row.executionId && <ExecutionSteps executionId={row.executionId} />}
                {reasoning && <AgentReasoningList reasoning={reasoning} />}
              </>
            )
          }
          below={
            <>
              {feedback?.rating && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={feedback.rating === 'THUMBS_UP' ? 'success' : 'error'}
                    icon={
                      feedback.rating === 'THUMBS_UP' ? (
                        <ThumbUpAltOutlinedIcon />
                      ) : (
                        <ThumbDownAltOutlinedIcon />
                      )
                    }
                    label={feedback.rating === 'THUMBS_UP' ? 'Positive' : 'Negative'}
                  />
                  {feedback.content && <Typography variant="body2">{feedback.content}</Typography>}
                </Box>
              )}
              {time}
            </>
          }
        />
      </Box>
    </ChatFlowContext>
  );
});
