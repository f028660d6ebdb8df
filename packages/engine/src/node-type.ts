import type {
  ChatTurn,
  FlowNodeData,
  NodeDefinition,
  ParamOption,
  SourceDocument,
  UsedTool,
} from '@flowloom/shared';

/** Receives streaming events of a run (`token`, `sourceDocuments`, `usedTools`, …; FLOWISE_API.md §1.8). */
export type EventSink = (event: string, data: unknown) => void;

/** A custom tool saved in the workspace (Tools page). */
export interface CustomToolRecord {
  id: string;
  name: string;
  description: string;
  schema: string | null;
  func: string | null;
}

/** Runs untrusted JavaScript with time and memory limits (QuickJS). */
export interface CodeSandbox {
  /**
   * Runs `code` as the body of an async function. `globals` become variables of the code; the
   * returned value must be JSON-serialisable. Throws with the script's error message.
   */
  run(
    code: string,
    globals: Record<string, unknown>,
    options?: { timeoutMs?: number; signal?: AbortSignal },
  ): Promise<unknown>;
}

/** Outbound HTTP on behalf of a flow: refuses private addresses unless allowed (FLOWLOOM_HTTP_ALLOW). */
export type GuardedFetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface EngineLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** Everything outside the engine a node may reach, each behind an interface the server implements. */
export interface EngineServices {
  credentials: { get(id: string): Promise<{ credentialName: string; data: Record<string, unknown> }> };
  chatHistory: { load(flowId: string, sessionId: string): Promise<ChatTurn[]> };
  tools: { get(id: string): Promise<CustomToolRecord | undefined> };
  http: GuardedFetch;
  sandbox: CodeSandbox;
  /** Operator-level default base URLs per provider (e.g. `openai`), used when a node sets none. */
  providerBaseUrls: Partial<Record<string, string>>;
  logger: EngineLogger;
  now(): Date;
}

/** The run a node is part of. */
export interface RunContext {
  flowId: string;
  chatId: string;
  sessionId: string;
  question: string;
  /** Prior turns of this session: the request's `history`, then the stored messages of the session. */
  history: ChatTurn[];
  /** Whether the client asked for (and may get) a token stream. */
  streaming: boolean;
  emit: EventSink;
  signal: AbortSignal;
  /** `$vars` values for this run, after overrides. */
  vars: Record<string, string>;
  services: EngineServices;
}

export interface NodeContext {
  /** The node as stored in the flow. */
  node: FlowNodeData;
  /** Inputs with references and variables resolved, overrides applied. */
  inputs: Record<string, unknown>;
  /** The chosen output of a multi-output node (`data.outputs.output`). */
  outputName: string | undefined;
  /** Decrypted credential fields, with node inputs of the same name taking precedence; `{}` without one. */
  credential(): Promise<Record<string, unknown>>;
  run: RunContext;
}

/** What an ending node answers. */
export interface NodeRunOutput {
  text?: string;
  json?: unknown;
  sourceDocuments?: SourceDocument[];
  usedTools?: UsedTool[];
  artifacts?: { type: string; data: unknown }[];
}

export interface LoadMethodContext {
  node: FlowNodeData;
  inputs: Record<string, unknown>;
  credential(): Promise<Record<string, unknown>>;
  services: Pick<EngineServices, 'tools' | 'logger'> & { listTools(): Promise<CustomToolRecord[]> };
}

/**
 * A node type: a serialisable definition (what the canvas shows) plus behaviour. `init` builds the
 * node's value for the nodes it feeds (a model, a prompt, a tool…); `run` answers when the node ends
 * the flow.
 */
export interface NodeType {
  definition: Omit<NodeDefinition, 'icon'>;
  /** SVG markup of the node's icon. */
  icon: string;
  init?(ctx: NodeContext): unknown;
  run?(ctx: NodeContext): Promise<NodeRunOutput | string>;
  /** Ending node that can stream tokens when every model it uses streams. */
  streamable?: boolean;
  /** Runs code that may read `$vars` (custom tools): the run then loads the workspace variables. */
  readsVariables?: boolean;
  loadMethods?: Record<string, (ctx: LoadMethodContext) => Promise<ParamOption[]>>;
}
