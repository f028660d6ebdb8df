import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { Chatflow } from '@flowloom/shared';
import { useStarterPrompts } from '../flow-config/useStarterPrompts';
import { AGENT_GRAPH_CHAT, awaitsApproval, type AgentGraphMessage } from './agentGraphMessages';
import { AgentReasoningList } from './AgentReasoningList';
import { ApprovalButtons } from './ApprovalButtons';
import { ChatBubble } from './ChatBubble';
import { ChatWindow } from './ChatWindow';
import { useChatSession } from './useChatSession';

/**
 * Chat with a Sequential Agents or team flow on `/agentcanvas`: each answer shows the agents' turns
 * as they happen and who works now; a run paused before tools offers its approve and reject
 * buttons, and the question box waits until one is chosen.
 */
export function AgentGraphChatPanel({
  chatflowId,
  isDirty,
  onSave,
}: {
  chatflowId: string | undefined;
  isDirty: boolean;
  onSave: () => Promise<Chatflow | null>;
}) {
  const chat = useChatSession<AgentGraphMessage>(chatflowId, AGENT_GRAPH_CHAT);
  const starterPrompts = useStarterPrompts();
  const ask = async (question: string, uploads: Record<string, unknown>[]) => {
    let flowId = chatflowId;
    if (!flowId || isDirty) {
      const saved = await onSave();
      if (!saved) return undefined;
      flowId = saved.id;
    }
    return chat.send(flowId, question, uploads.length > 0 ? { uploads } : undefined);
  };
  const choose = (message: AgentGraphMessage, label: string) => {
    if (!chatflowId || !message.action) return;
    void chat.send(chatflowId, label, { action: message.action });
  };
  const pending = awaitsApproval(chat.messages);
  return (
    <ChatWindow
      noun="agentflow"
      chatflowId={chatflowId}
      isDirty={isDirty}
      onSave={onSave}
      chat={chat}
      onAsk={ask}
      starterPrompts={starterPrompts}
      {...(pending && { composerLocked: 'Approve or reject the tool calls above first' })}
      renderMessage={(message) => (
        <ChatBubble
          message={message}
          onRate={chat.rate}
          above={
            <>
              {message.agentReasoning && (
                <AgentReasoningList
                  reasoning={message.agentReasoning}
                  awaitingApproval={message.action !== undefined}
                />
              )}
              {message.nextAgent && message.status === 'streaming' && (
                <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                  <CircularProgress size={14} />
                  <Typography variant="caption" color="text.secondary">
                    {message.nextAgent} is working…
                  </Typography>
                </Box>
              )}
            </>
          }
          below={
            message.action &&
            message === chat.messages.at(-1) && (
              <ApprovalButtons
                action={message.action}
                busy={chat.busy}
                onChoose={(label) => choose(message, label)}
              />
            )
          }
        />
      )}
    />
  );
}
