import type {
  ChatTurn,
  FlowNodeData,
  LoadMethodNode,
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

/**
 * Why an address may not be reached on a flow's behalf (`"loopback"`, `"private"`, …), or undefined
 * when it may (a public address, or one the operator allowed with FLOWLOOM_HTTP_ALLOW).
 */
export type AddressCheck = (hostname: string, address: string) => string | undefined;

/** Outbound HTTP on behalf of a flow: refuses private addresses unless allowed (FLOWLOOM_HTTP_ALLOW). */
export type GuardedFetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface EngineLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** What Execute Flow sends to the flow it runs (the prediction API's body, FLOWISE_API.md §1). */
export interface FlowRunRequest {
  question: string;
  /** The calling run's chat id: the child keeps the conversation's id (Flowise). */
  chatId: string;
  overrideConfig?: Record<string, unknown>;
  /** The API key of a flow bound to one (Execute Flow's `chatflowApi` credential). */
  apiKey?: string;
  signal: AbortSignal;
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
  /**
   * The address rule of {@link http}, for connections made without it (model providers, which keep
   * their own keep-alive sockets): every connection of a model call is checked with it.
   */
  addressCheck: AddressCheck;
  /**
   * Runs another flow of the same workspace in this process, as an independent prediction with its own
   * messages (Execute Flow). Answers the prediction API's JSON body; throws with a readable message
   * when the flow may not run (another workspace, a call cycle, too deep a chain) or its run fails.
   */
  runFlow(flowId: string, request: FlowRunRequest): Promise<Record<string, unknown>>;
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
  /** Images sent with the question (data URLs), for chat models that take them. */
  images?: RunImage[];
  services: EngineServices;
}

/** An image of the question: a `data:` URL and its media type. */
export interface RunImage {
  data: string;
  mime: string;
  name: string;
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

/** A flow of the workspace as Execute Flow lists it. */
export interface FlowSummary {
  id: string;
  name: string;
  type: string;
}

/** A document store of the workspace as the Retriever and Agent knowledge lists show it. */
export interface DocumentStoreSummary {
  id: string;
  name: string;
  description: string | null;
  status: string;
}

/** What load methods may read, all limited to the caller's workspace. */
export interface LoadMethodServices extends Pick<EngineServices, 'tools' | 'credentials' | 'logger'> {
  listTools(): Promise<CustomToolRecord[]>;
  /** Chatflows and agentflows the caller may view. */
  listFlows(): Promise<FlowSummary[]>;
  listDocumentStores(): Promise<DocumentStoreSummary[]>;
}

/** What a load method (the options of an `asyncOptions` input) sees. */
export interface LoadMethodContext {
  node: FlowNodeData;
  inputs: Record<string, unknown>;
  credential(): Promise<Record<string, unknown>>;
  /** Agentflow (v2) canvas: the nodes upstream of the edited one (Start, loop targets…). */
  previousNodes: readonly LoadMethodNode[];
  /** Agentflow (v2) canvas: the edited node as the canvas holds it. */
  currentNode: LoadMethodNode | undefined;
  searchOptions: Record<string, unknown> | undefined;
  services: LoadMethodServices;
}

/** Builds the options of an `asyncOptions` input; the route answers `[]` when it throws. */
export type LoadMethod = (ctx: LoadMethodContext) => Promise<ParamOption[]>;

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
  loadMethods?: Record<string, LoadMethod>;
}
