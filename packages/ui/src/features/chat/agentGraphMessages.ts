import { applyJsonAnswer, applyStreamEvent, type ChatMessage, type ChatMessageRow } from './chatMessages';
import type { JsonAnswer } from './chatApi';
import type { StreamEvent } from './stream/parseSse';
import { agentReasoningOf, type AgentReasoning } from './AgentReasoningList';
import type { ChatKind } from './useChatSession';

/** The buttons of a run paused before tools (SEQUENTIAL_AGENTS.md §7.2). */
export interface ApprovalAction {
  id?: string;
  mapping?: { approve?: string; reject?: string; toolCalls?: unknown };
  elements?: { type: string; label: string }[];
}

/** An answer of a Sequential Agents or team flow: the agents' turns and a pending approval. */
export interface AgentGraphMessage extends ChatMessage {
  agentReasoning?: AgentReasoning[];
  /** The agent working now (`nextAgent`), until the next turn arrives. */
  nextAgent?: string;
  action?: ApprovalAction;
}

export function approvalOf(value: unknown): ApprovalAction | undefined {
  let action: unknown = value;
  if (typeof value === 'string') {
    try {
      action = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!action || typeof action !== 'object') return undefined;
  const elements = (action as ApprovalAction).elements;
  return Array.isArray(elements) && elements.length > 0 ? action : undefined;
}

function reasoningFrom(value: unknown): AgentReasoning[] | undefined {
  if (typeof value === 'string') {
    try {
      return agentReasoningOf(JSON.parse(value) as unknown);
    } catch {
      return undefined;
    }
  }
  return agentReasoningOf(value);
}

/** The answer bubble after one stream event: reasoning frames, the working agent, the action. */
export function applyAgentGraphEvent(message: AgentGraphMessage, event: StreamEvent): AgentGraphMessage {
  switch (event.event) {
    // `start` carries the reasoning so far (not text) in agent graph runs.
    case 'start':
    case 'agentReasoning': {
      const reasoning = agentReasoningOf(event.data);
      return reasoning ? { ...message, agentReasoning: reasoning, nextAgent: undefined } : message;
    }
    case 'nextAgent':
      return typeof event.data === 'string' ? { ...message, nextAgent: event.data } : message;
    case 'action': {
      const action = approvalOf(event.data);
      return action ? { ...message, action } : message;
    }
    case 'abort':
    case 'error':
    case 'end':
      return { ...(applyStreamEvent(message, event) as AgentGraphMessage), nextAgent: undefined };
    default:
      return applyStreamEvent(message, event);
  }
}

/** The chat of an agent graph flow: reasoning above the answer, approval buttons below it. */
export const AGENT_GRAPH_CHAT: ChatKind<AgentGraphMessage> = {
  fromRow: (row: ChatMessageRow & { agentReasoning?: unknown; action?: unknown }, base) => {
    const agentReasoning = reasoningFrom(row.agentReasoning);
    const action = approvalOf(row.action);
    return { ...base, ...(agentReasoning && { agentReasoning }), ...(action && { action }) };
  },
  applyEvent: applyAgentGraphEvent,
  applyJson: (message, answer: JsonAnswer & { agentReasoning?: unknown; action?: unknown }) => {
    const agentReasoning = agentReasoningOf(answer.agentReasoning);
    const action = approvalOf(answer.action);
    return {
      ...(applyJsonAnswer(message, answer) as AgentGraphMessage),
      ...(agentReasoning && { agentReasoning }),
      ...(action && { action }),
    };
  },
  // An answered (or passed over) approval has no buttons any more.
  beforeSend: (messages) => messages.map((m) => (m.action ? { ...m, action: undefined } : m)),
};

/** Whether the thread waits for a person's approval (its last answer has buttons). */
export function awaitsApproval(messages: readonly AgentGraphMessage[]): boolean {
  const last = messages.at(-1);
  return last?.role === 'apiMessage' && last.action !== undefined && last.status === 'done';
}
