import type { FlowNodeData, NodeDefinition } from '@flowloom/shared';
import type { LoadMethod, RunContext } from '../node-type.js';

export type EntryStatus = 'FINISHED' | 'STOPPED' | 'ERROR' | 'TERMINATED';
export type ExecutionState = 'INPROGRESS' | EntryStatus;

/** A message of the run's own chat history (what later LLM/Agent nodes with memory see). */
export interface RuntimeMessage {
  role: 'system' | 'user' | 'assistant' | 'tool' | 'developer';
  content: string;
  name?: string;
}

/** What a v2 node's `run` returns (AGENTFLOW_V2.md §0.3). */
export interface AgentflowNodeResult {
  id: string;
  name: string;
  input: Record<string, unknown>;
  output: {
    content?: unknown;
    /** Decision nodes: one entry per output handle, in handle order. */
    conditions?: { isFulfilled: boolean; [key: string]: unknown }[];
    /** The node needs a person's decision before the run can go on. */
    isWaitingForHumanInput?: boolean;
    humanInputAction?: HumanInputAction;
    /** Form values to remember for the session. */
    form?: Record<string, unknown>;
    /** Forget the chat history seen so far in this run. */
    ephemeralMemory?: boolean;
    [key: string]: unknown;
  };
  /** The whole flow state after this node. */
  state: Record<string, unknown>;
  chatHistory?: RuntimeMessage[];
}

/** One step of an execution's trace (the `execution.executionData` array). */
export interface ExecutedEntry {
  nodeId: string;
  nodeLabel: string;
  previousNodeIds: string[];
  status: EntryStatus;
  data: Partial<AgentflowNodeResult> & {
    id: string;
    name: string;
    error?: string;
    iterationIndex?: number;
    iterationContext?: IterationContext;
    parentNodeId?: string;
  };
}

export interface HumanInput {
  type: 'proceed' | 'reject';
  startNodeId?: string;
  feedback?: string;
}

export interface HumanInputAction {
  id: string;
  mapping: { approve: string; reject: string };
  elements: { type: string; label: string }[];
  data: { nodeId: string; nodeLabel: string; input: Record<string, unknown> };
}

export interface IterationContext {
  index: number;
  value: unknown;
  isFirst: boolean;
  isLast: boolean;
}

/** What a v2 node sees when it runs. */
export interface AgentflowNodeContext {
  node: FlowNodeData;
  /** Inputs with overrides applied and variables resolved (in params that accept them). */
  inputs: Record<string, unknown>;
  credential(): Promise<Record<string, unknown>>;
  run: RunContext;
  /** The user input every node receives: the question, or the form as `key: value` lines. */
  input: string;
  state: Record<string, unknown>;
  form: Record<string, unknown>;
  runtimeHistory: RuntimeMessage[];
  /** Only terminal nodes stream tokens to the client. */
  isLastNode: boolean;
  /** Set on the node a resumed run starts at. */
  humanInput?: HumanInput;
  iteration?: IterationContext;
  /** The trace so far (an Agent resuming a tool approval reads its last entry). */
  executionData: readonly ExecutedEntry[];
  /** Resolves `{{ }}` references in text the node builds itself (e.g. state updates). */
  resolve(text: string): string;
}

/** A v2 node type: serialisable definition plus `run`. */
export interface AgentflowNodeType {
  definition: Omit<NodeDefinition, 'icon'>;
  icon: string;
  /** Group node whose children run once per item of `output.iterationItems`. */
  iteration?: boolean;
  /** Jumps back to `output.loopTarget` up to `output.maxLoopCount` times. */
  loop?: boolean;
  run(ctx: AgentflowNodeContext): Promise<AgentflowNodeResult>;
  /** Option lists of its `asyncOptions` inputs, by the `loadMethod` names its definition uses. */
  loadMethods?: Record<string, LoadMethod>;
}
