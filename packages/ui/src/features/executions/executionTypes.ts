/**
 * Executions as the UI reads them from `/api/v1/executions` (AGENTFLOW_V2.md §3). Declared here
 * rather than imported from the engine: the UI depends on `shared` only, and it must tolerate
 * traces written by older or newer engines, so most fields are optional.
 */

export const EXECUTION_STATES = [
  'INPROGRESS',
  'FINISHED',
  'ERROR',
  'TERMINATED',
  'TIMEOUT',
  'STOPPED',
] as const;
export type ExecutionState = (typeof EXECUTION_STATES)[number];

/** Per-entry statuses the engine stores (INPROGRESS is never stored per node). */
export type EntryStatus = 'FINISHED' | 'STOPPED' | 'ERROR' | 'TERMINATED';

/** The status a tree item shows; virtual iteration groups may also be INPROGRESS or UNKNOWN. */
export type ItemStatus = EntryStatus | 'INPROGRESS' | 'UNKNOWN';

export interface EntryMessage {
  role?: string;
  content?: unknown;
  name?: string;
  tool_calls?: {
    id?: string;
    name?: string;
    args?: unknown;
    function?: { name?: string; arguments?: unknown };
  }[];
  tool_call_id?: string;
  [key: string]: unknown;
}

export interface EntryOutput {
  content?: unknown;
  conditions?: { isFulfilled?: boolean; [key: string]: unknown }[];
  humanInputAction?: {
    id?: string;
    mapping?: { approve?: string; reject?: string };
    elements?: { type: string; label: string }[];
    data?: { nodeId?: string; nodeLabel?: string; input?: Record<string, unknown> };
  };
  usedTools?: { tool: string; toolInput: unknown; toolOutput: string; error?: string }[];
  sourceDocuments?: { pageContent: string; metadata: Record<string, unknown> }[];
  usageMetadata?: { input_tokens?: number; output_tokens?: number; total_tokens?: number };
  timeMetadata?: { start?: number; end?: number; delta?: number };
  [key: string]: unknown;
}

export interface IterationContext {
  index: number;
  value?: unknown;
  isFirst?: boolean;
  isLast?: boolean;
}

/** One step of an execution's trace. */
export interface ExecutedEntry {
  nodeId: string;
  nodeLabel: string;
  previousNodeIds: string[];
  status: EntryStatus;
  data: {
    id: string;
    name: string;
    input?: Record<string, unknown>;
    output?: EntryOutput;
    state?: Record<string, unknown>;
    chatHistory?: EntryMessage[];
    error?: string;
    iterationIndex?: number;
    iterationContext?: IterationContext;
    parentNodeId?: string;
  };
}

export interface Execution {
  id: string;
  executionData: ExecutedEntry[];
  state: ExecutionState;
  agentflowId: string;
  sessionId: string;
  isPublic: boolean;
  createdDate: string;
  updatedDate: string;
  stoppedDate?: string | null;
  /** Why the run ended unfinished when the engine did not end it (the server stopped mid-run). */
  stoppedReason?: string | null;
  workspaceId?: string;
  agentflow?: { id: string; name: string; type?: string };
}

export interface ExecutionPage {
  data: Execution[];
  total: number;
}
