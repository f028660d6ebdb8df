import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { ChatBubble } from '../../chat/ChatBubble';
import { StatusIcon } from '../../executions/StatusIcon';
import type { AgentChatMessage, HumanInputAction, HumanInputChoice } from './agentMessages';
import { HumanInputAnswer } from './HumanInputAnswer';

/** The steps of a run, in order, each with its status. */
export function StepList({ steps }: { steps: NonNullable<AgentChatMessage['steps']> }) {
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
  const { steps, action } = message;
  return (
    <ChatBubble
      message={message}
      above={steps && steps.length > 0 && <StepList steps={steps} />}
      below={action && <HumanInputAnswer action={action} busy={busy} onAction={onAction} />}
    />
  );
});
