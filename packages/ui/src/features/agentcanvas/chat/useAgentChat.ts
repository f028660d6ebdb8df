import { useMemo } from 'react';
import type { ChatMessageRow } from '../../chat/chatMessages';
import { useChatSession, type ChatSession } from '../../chat/useChatSession';
import {
  agentMessageFromRow,
  applyAgentEvent,
  stepOf,
  type AgentChatMessage,
  type AgentStep,
} from './agentMessages';

/** What a resume request carries (AGENTFLOW_V2.md §2.7). */
export interface HumanInputReply {
  type: 'proceed' | 'reject';
  startNodeId: string;
  feedback?: string;
}

export type AgentChatState = ChatSession<AgentChatMessage>;

/**
 * The chat with a saved agentflow: the chat core plus the step trace of each answer and the
 * human-input action (resumed by sending `{ humanInput }`). `onStep` sees every node status as it
 * streams (the canvas shows them as badges); `onRunStart` is called when a question goes out.
 */
export function useAgentChat(
  chatflowId: string | undefined,
  onStep: (step: AgentStep) => void,
  onRunStart: () => void,
): AgentChatState {
  const kind = useMemo(
    () => ({
      fromRow: (row: ChatMessageRow, base: AgentChatMessage) => agentMessageFromRow(row, base),
      applyEvent: applyAgentEvent,
      applyJson: (message: AgentChatMessage, json: { text?: unknown }): AgentChatMessage => ({
        ...message,
        content: typeof json.text === 'string' ? json.text : message.content,
        status: 'done',
      }),
      // An answered action has no buttons any more.
      beforeSend: (messages: AgentChatMessage[]) =>
        messages.map((message) => (message.action ? { ...message, action: undefined } : message)),
      onEvent: (event: { event: string; data: unknown }) => {
        if (event.event !== 'nextAgentFlow') return;
        const step = stepOf(event.data);
        if (step) onStep(step);
      },
      onRunStart,
    }),
    [onStep, onRunStart],
  );
  return useChatSession(chatflowId, kind);
}
