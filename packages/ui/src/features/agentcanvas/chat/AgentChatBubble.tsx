import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { memo } from 'react';
import { Markdown } from '../../chat/markdown/Markdown';
import { SourceDocumentsList } from '../../chat/SourceDocumentsList';
import { TypingIndicator } from '../../chat/TypingIndicator';
import { UsedToolsList } from '../../chat/UsedToolsList';
import { StatusIcon } from '../../executions/StatusIcon';
import type { AgentChatMessage, HumanInputAction, HumanInputChoice } from './agentMessages';
import { HumanInputAnswer } from './HumanInputAnswer';

/** The steps of a run, in order, each with its status. */
function StepList({ steps }: { steps: NonNullable<AgentChatMessage['steps']> }) {
  return (
    <Box
      component="ol"
      aria-label="Steps"
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 1, display: 'grid', gap: 0.5 }}
    >
      {steps.map((step, index) => (
        <Box
          component="li"
          key={`${step.nodeId}-${index}`}
          data-status={step.status}
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 12.5 }}
        >
          <StatusIcon status={step.status} size={16} />
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {step.nodeLabel}
          </Typography>
          {step.error && (
            <Typography variant="caption" color="error" noWrap title={step.error}>
              {step.error}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** A user question, or an agentflow answer with its step trace and Proceed / Reject buttons. */
export const AgentChatBubble = memo(function AgentChatBubble({
  message,
  busy,
  onAction,
}: {
  message: AgentChatMessage;
  busy: boolean;
  onAction: (action: HumanInputAction, choice: HumanInputChoice, feedback?: string) => void;
}) {
  if (message.role === 'userMessage') {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Box
          sx={(theme) => ({
            maxWidth: '82%',
            px: 1.75,
            py: 1,
            borderRadius: '14px 14px 4px 14px',
            bgcolor: theme.palette.mode === 'dark' ? theme.palette.primary.dark : theme.palette.primary.main,
            color: 'primary.contrastText',
          })}
        >
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', lineHeight: 1.6 }}
          >
            {message.content}
          </Typography>
        </Box>
      </Box>
    );
  }
  const waiting = message.status === 'streaming' && message.content === '';
  const action = message.action;
  return (
    <Box
      sx={{ display: 'flex', gap: 1.25, mb: 2 }}
      aria-busy={message.status === 'streaming'}
      data-testid="agent-answer"
    >
      <Box
        sx={{
          width: 30,
          height: 30,
          flexShrink: 0,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          color: 'primary.main',
          bgcolor: 'action.hover',
        }}
      >
        <SmartToyOutlinedIcon sx={{ fontSize: 18 }} />
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {message.steps && message.steps.length > 0 && <StepList steps={message.steps} />}
        {message.usedTools && message.usedTools.length > 0 && <UsedToolsList tools={message.usedTools} />}
        {(message.content !== '' || waiting) && (
          <Box
            sx={(theme) => ({
              display: 'inline-block',
              maxWidth: '100%',
              px: 1.75,
              py: 1,
              borderRadius: '4px 14px 14px 14px',
              bgcolor: theme.palette.mode === 'dark' ? 'rgba(255,255,255,0.05)' : '#F1F2F7',
            })}
          >
            {waiting ? <TypingIndicator /> : <Markdown text={message.content} />}
          </Box>
        )}
        {message.sourceDocuments && message.sourceDocuments.length > 0 && (
          <SourceDocumentsList documents={message.sourceDocuments} />
        )}
        {message.status === 'error' && (
          <Alert severity="error" variant="outlined" sx={{ mt: 1, py: 0.25, fontSize: 13 }}>
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
        {action && <HumanInputAnswer action={action} busy={busy} onAction={onAction} />}
      </Box>
    </Box>
  );
});
