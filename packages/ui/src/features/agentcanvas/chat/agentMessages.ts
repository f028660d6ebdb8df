import { applyStreamEvent, type ChatMessage, type ChatMessageRow } from '../../chat/chatMessages';
import type { StreamEvent } from '../../chat/stream/parseSse';

/** A node status of a v2 run (`nextAgentFlow`, AGENTFLOW_V2.md §2.9). */
export type StepStatus = 'INPROGRESS' | 'FINISHED' | 'ERROR' | 'TERMINATED' | 'STOPPED';

export interface AgentStep {
  nodeId: string;
  nodeLabel: string;
  status: StepStatus;
  error?: string;
}

/** The human-input `action` of a paused run. */
export interface HumanInputAction {
  id?: string;
  mapping?: { approve?: string; reject?: string };
  elements?: { type: string; label: string }[];
  data?: { nodeId?: string; nodeLabel?: string; input?: { humanInputEnableFeedback?: boolean } };
}

/** An answer bubble of an agentflow run: the chat message plus the step trace and action. */
export interface AgentChatMessage extends ChatMessage {
  steps?: AgentStep[];
  /** `agentFlowEvent`: the run's state. */
  flowStatus?: string;
  action?: HumanInputAction;
  executionId?: string;
}

export type HumanInputChoice = 'proceed' | 'reject';

/**
 * Whether answering `action` with `choice` first asks for feedback (AGENTFLOW_V2.md §1.6, §2.7):
 * a Human Input node with feedback enabled takes it with either answer; a rejection may always
 * say why, unless the node turned feedback off (it would be dropped).
 */
export function asksFeedback(action: HumanInputAction, choice: HumanInputChoice): boolean {
  const enabled = action.data?.input?.humanInputEnableFeedback;
  return choice === 'reject' ? enabled !== false : enabled === true;
}

/**
 * The resume request of an answer (AGENTFLOW_V2.md §2.7): the question is the feedback, or the
 * button's label; `humanInput` names the stopped node and carries the feedback when there is one.
 */
export function resumeRequest(
  action: HumanInputAction,
  choice: HumanInputChoice,
  feedback = '',
): {
  question: string;
  humanInput: { type: HumanInputChoice; startNodeId: string; feedback?: string };
} | null {
  const startNodeId = action.data?.nodeId;
  if (!startNodeId) return null;
  const text = feedback.trim();
  const label =
    (choice === 'proceed' ? action.mapping?.approve : action.mapping?.reject) ??
    (choice === 'proceed' ? 'Proceed' : 'Reject');
  return {
    question: text || label,
    humanInput: { type: choice, startNodeId, ...(text && { feedback: text }) },
  };
}

const STATUSES = new Set(['INPROGRESS', 'FINISHED', 'ERROR', 'TERMINATED', 'STOPPED']);

/** The step of a `nextAgentFlow` event, if it is one. */
export function stepOf(data: unknown): AgentStep | null {
  if (!data || typeof data !== 'object') return null;
  const { nodeId, nodeLabel, status, error } = data as Record<string, unknown>;
  if (typeof nodeId !== 'string' || typeof status !== 'string' || !STATUSES.has(status)) return null;
  return {
    nodeId,
    nodeLabel: typeof nodeLabel === 'string' && nodeLabel ? nodeLabel : nodeId,
    status: status as StepStatus,
    ...(typeof error === 'string' && error && { error }),
  };
}

/** The steps after `step`: a node still in progress is updated, otherwise a new step is added. */
export function withStep(steps: readonly AgentStep[], step: AgentStep): AgentStep[] {
  const last = steps.findLastIndex((item) => item.nodeId === step.nodeId);
  if (last >= 0 && steps[last]!.status === 'INPROGRESS')
    return steps.map((item, index) => (index === last ? { ...item, ...step } : item));
  return [...steps, step];
}

function parseAction(value: unknown): HumanInputAction | undefined {
  let action = value;
  if (typeof value === 'string') {
    try {
      action = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  return action && typeof action === 'object' && 'elements' in action
    ? (action as HumanInputAction)
    : undefined;
}

/** The answer bubble after one v2 stream event; the chat events are shared with chatflows. */
export function applyAgentEvent(message: AgentChatMessage, event: StreamEvent): AgentChatMessage {
  switch (event.event) {
    case 'nextAgentFlow': {
      const step = stepOf(event.data);
      return step ? { ...message, steps: withStep(message.steps ?? [], step) } : message;
    }
    case 'agentFlowEvent':
      return typeof event.data === 'string' ? { ...message, flowStatus: event.data } : message;
    case 'action': {
      const action = parseAction(event.data);
      return action ? { ...message, action } : message;
    }
    case 'metadata': {
      const next = applyStreamEvent(message, event) as AgentChatMessage;
      const data = (event.data ?? {}) as { executionId?: unknown; action?: unknown };
      const action = message.action ?? parseAction(data.action);
      return {
        ...next,
        ...(typeof data.executionId === 'string' && { executionId: data.executionId }),
        ...(action && { action }),
      };
    }
    default:
      return { ...message, ...applyStreamEvent(message, event) };
  }
}

/** A stored message row of an agentflow chat (the pending action comes back with it). */
export function agentMessageFromRow(
  row: ChatMessageRow & { action?: unknown; executionId?: unknown },
  base: ChatMessage,
): AgentChatMessage {
  const action = parseAction(row.action);
  return {
    ...base,
    ...(action && { action }),
    ...(typeof row.executionId === 'string' && { executionId: row.executionId }),
  };
}
