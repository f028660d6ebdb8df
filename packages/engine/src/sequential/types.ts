import type { SourceDocument, UsedTool } from '@flowloom/shared';
import type { RunContext } from '../node-type.js';

/** A tool call an AI message asks for. */
export interface SeqToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * One message of an agent graph's state (LangChain's Human/AI/Tool messages as Flowise's sequential
 * agents keep them). Plain data: it is stored in checkpoints.
 */
export interface SeqMessage {
  role: 'human' | 'ai' | 'tool' | 'system';
  content: string;
  /** The agent, worker or tool that wrote it. */
  name?: string;
  /** The canvas node that wrote it: "the output of node X" is its latest message. */
  nodeId?: string;
  toolCalls?: SeqToolCall[];
  /** Tool messages: the call they answer. */
  toolCallId?: string;
  usedTools?: UsedTool[];
  sourceDocuments?: SourceDocument[];
  artifacts?: { type: string; data: unknown }[];
  /** An approval agent's own turn (it may ask for tools a person must approve). */
  interrupt?: boolean;
  /** Tool messages written because a person refused the calls. */
  toolCallsDenied?: boolean;
}

/** The state every node reads: `messages` plus the flow's own channels. */
export interface SeqState {
  messages: SeqMessage[];
  [channel: string]: unknown;
}

/** What a node returns: messages to append and channel values, each applied through its channel's rule. */
export interface SeqUpdate {
  messages?: SeqMessage[];
  [channel: string]: unknown;
}

/**
 * How the flow's own state channels combine updates (State node): `replace` keeps the old value when
 * the new one is null, `append` concatenates, `code` runs the State node's JavaScript reducer.
 */
export type ChannelRule =
  { kind: 'replace'; initial: unknown } | { kind: 'append'; initial: unknown[] } | { kind: 'code' };

export interface StateChannels {
  rules: Record<string, ChannelRule>;
  /** The State node's code (Code tab): `{key: {value: (x, y) => …, default: () => …}}`. */
  code?: string;
}

/** The run as a graph node sees it. */
export interface SeqStepInput {
  state: SeqState;
  run: RunContext;
  /** The question of this turn (after file text). */
  question: string;
  /** The Start node's (or Supervisor's) chat model, for nodes without their own. */
  startModel: unknown;
  /** Tools of Tool Nodes wired after (or before) an LLM Node: bound to its model for the run. */
  boundTools: readonly unknown[];
  /** Supervisor: the names of its workers. */
  team?: readonly string[];
  flow: SeqFlowValues;
}

/** `$flow` of sequential nodes (state updates, conditions, custom functions). */
export interface SeqFlowValues {
  chatflowId: string;
  sessionId: string;
  chatId: string;
  input: string;
}

export interface ApprovalSettings {
  /** Prompt asking the person whether to run the calls (`{tools}` is the list of pending calls). */
  prompt: string;
  approveText: string;
  rejectText: string;
}

export type SeqRole =
  | 'start'
  | 'agent'
  | 'llm'
  | 'tool'
  | 'condition'
  | 'loop'
  | 'end'
  | 'state'
  | 'function'
  | 'executeFlow'
  | 'supervisor'
  | 'worker';

/**
 * What a Sequential Agents or Multi Agents node builds (its `init`): the engine reads these to compile
 * the graph. Behaviour comes as functions; the engine never calls a model itself.
 */
export interface SeqNode {
  kind: 'seqNode';
  role: SeqRole;
  nodeId: string;
  label: string;
  /** The component name (`seqAgent`…), for agentReasoning icons. */
  nodeName: string;
  /** Graph node name: the node's name lower-cased, whitespace as `_`. */
  name: string;
  /** Start and Supervisor: the model other nodes fall back to. */
  model?: unknown;
  /** Start and Supervisor: where the conversation's state is kept (Agent Memory). */
  checkpointer?: CheckpointStore;
  /** Start and Supervisor: the refusal when Input Moderation stops the question, else undefined. */
  moderate?: (question: string) => Promise<string | undefined>;
  /** State: the flow's channels. */
  channels?: StateChannels;
  /** Graph nodes: runs the node and answers its state update. */
  run?: (input: SeqStepInput) => Promise<SeqUpdate>;
  /** Condition and Condition Agent: the label of the output to follow. */
  decide?: (input: SeqStepInput) => Promise<string>;
  /** Condition: output labels (from its anchors), in anchor order. */
  outputs?: { anchor: string; label: string }[];
  /** Loop: the graph node name to go back to. */
  loopTo?: string;
  /** Tool Node: its tools, bound to the LLM Node before it. */
  tools?: readonly { name: string }[];
  /** Tool Node and Agent with Require Approval. */
  approval?: ApprovalSettings;
  /**
   * Agent with Require Approval: runs the tool calls of its last message (the internal
   * `tool_<nodeId>` node), or writes the refusal when `denied`.
   */
  runTools?: (input: SeqStepInput, denied: boolean) => Promise<SeqUpdate>;
  /** Tool Node with Require Approval: writes the refusal instead of running the calls. */
  deny?: (input: SeqStepInput) => Promise<SeqUpdate>;
  /** Agent and Tool Node with approval: the question put to the person about the pending calls. */
  approvalText?: (input: SeqStepInput, calls: SeqToolCall[]) => Promise<string>;
  /** Supervisor: the Recursion Limit input. */
  recursionLimit?: number;
  /** Supervisor: "Return final output as a summarization of the conversation". */
  summarization?: boolean;
  /** Worker: the internal name of its supervisor. */
  supervisorName?: string;
}

export function isSeqNode(value: unknown): value is SeqNode {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'seqNode';
}

/** Where a paused or remembered graph run is kept between requests. */
export interface GraphCheckpoint {
  /** Bumped when the shape changes; older checkpoints are ignored. */
  version: 1;
  state: SeqState;
  /** Graph nodes to run next (empty when the run ended). */
  next: string[];
  /** Fan-in edges: the sources already done, per edge index. */
  joins: Record<string, string[]>;
  /** The approval a person is asked for, when the run is paused before tools. */
  pending?: PendingApproval;
}

export interface PendingApproval {
  /** The action's id, as sent to the client. */
  actionId: string;
  /** The graph node that waits for approval. */
  node: string;
  toolCalls: SeqToolCall[];
  approveText: string;
  rejectText: string;
}

/** Stores checkpoints by thread (the session); Agent Memory nodes build one. */
export interface CheckpointStore {
  load(threadId: string): Promise<GraphCheckpoint | undefined>;
  save(threadId: string, checkpoint: GraphCheckpoint): Promise<void>;
  clear(threadId: string): Promise<void>;
}

/** One step as the chat shows it (Flowise `agentReasoning`). */
export interface AgentReasoning {
  agentName: string;
  messages: string[];
  next?: string;
  instructions?: string;
  usedTools: UsedTool[];
  sourceDocuments: SourceDocument[];
  artifacts: { type: string; data: unknown }[];
  state: Record<string, unknown>;
  nodeName?: string;
  nodeId?: string;
}
