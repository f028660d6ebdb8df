import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import type { Chatflow } from '@flowloom/shared';
import { useState } from 'react';
import { ChatWindow } from '../../chat/ChatWindow';
import { useStarterPrompts } from '../../flow-config/useStarterPrompts';
import type { FlowIssue } from '../document/validate';
import { AgentChatBubble } from './AgentChatBubble';
import { resumeRequest, type AgentStep, type HumanInputAction, type HumanInputChoice } from './agentMessages';
import { useAgentChat } from './useAgentChat';

/**
 * Chat with the agentflow on the canvas. Before a question goes out the flow is checked (empty,
 * no Start, missing required inputs) and saved; each answer shows the steps as they run, and a
 * paused run offers Proceed / Reject, which resume it.
 */
export function AgentChatPanel({
  chatflowId,
  isDirty,
  onSave,
  validate,
  onStep,
  onRunStart,
}: {
  chatflowId: string | undefined;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
  validate: () => FlowIssue[];
  onStep: (step: AgentStep) => void;
  onRunStart: () => void;
}) {
  const [issues, setIssues] = useState<FlowIssue[]>([]);
  const chat = useAgentChat(chatflowId, onStep, onRunStart);
  const starterPrompts = useStarterPrompts();

  const ask = async (question: string, uploads: Record<string, unknown>[]) => {
    const found = validate();
    setIssues(found);
    if (found.length > 0) return undefined;
    const flowId = chatflowId && !isDirty ? chatflowId : (await onSave())?.id;
    return flowId ? chat.send(flowId, question, uploads.length > 0 ? { uploads } : undefined) : undefined;
  };

  const answer = async (action: HumanInputAction, choice: HumanInputChoice, feedback?: string) => {
    const request = resumeRequest(action, choice, feedback);
    if (!chatflowId || !request) return;
    await chat.send(chatflowId, request.question, { humanInput: request.humanInput });
  };

  return (
    <ChatWindow
      noun="agentflow"
      chatflowId={chatflowId}
      isDirty={isDirty}
      onSave={onSave}
      chat={chat}
      onAsk={ask}
      starterPrompts={starterPrompts}
      zIndex={7}
      renderMessage={(message) => (
        <AgentChatBubble
          message={message}
          busy={chat.busy}
          onAction={(action, choice, text) => void answer(action, choice, text)}
        />
      )}
      notice={
        issues.length > 0 ? (
          <Alert
            severity="error"
            role="alert"
            onClose={() => setIssues([])}
            sx={{ mx: 1.5, mb: 1, fontSize: 13, maxHeight: 160, overflowY: 'auto' }}
          >
            <AlertTitle sx={{ fontSize: 13.5 }}>Fix the flow before running it</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {issues.map((issue, index) => (
                <li key={index}>{issue.message}</li>
              ))}
            </Box>
          </Alert>
        ) : undefined
      }
    />
  );
}
