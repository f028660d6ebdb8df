import type {
  ChatTurn,
  FlowNodeData,
  LoadMethodNode,
  NodeDefinition,
  ParamOption,
  SourceDocument,
  UsedTool,
} from '@flowloom/shared';
import type { CheckpointStore } from './sequential/types.js';

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

/** A stored file as a loader reads it. */
export interface StoredFile {
  /** The name it was uploaded with (for metadata and messages; never a path). */
  name: string;
  mime: string;
  data: Uint8Array;
}

/**
 * Files stored for what runs: a flow's uploads, or a document store's files. `FILE-STORAGE::` inputs
 * name them; the server decides where they live and whose they are.
 */
export interface FileStore {
  /** Throws a readable error when no such file is stored for this flow or store. */
  read(name: string): Promise<StoredFile>;
  /**
   * Keeps a file a run produced for one chat of the flow (an assistant's picture or cited file), so
   * the chat can show or download it; answers the name it is kept under (a file of that name in the
   * same chat is replaced). Absent where runs keep no files (document-store processing).
   */
  saveChatFile?(chatId: string, file: StoredFile): Promise<string>;
}

/** An OpenAI or Azure assistant of the workspace, as the OpenAI Assistant node reads it. */
export interface AssistantRecord {
  id: string;
  type: string;
  /** JSON text: the assistant's name, model, instructions… and `id`, its id at OpenAI. */
  details: string;
  /** The id of the stored credential it runs with. */
  credential: string | null;
}

/** One record of a vector collection. */
export interface VectorRecord {
  id: string;
  pageContent: string;
  metadata: Record<string, unknown>;
  vector: number[];
}

/** A record found by a search, with its cosine similarity to the query (1 = same direction). */
export interface ScoredRecord {
  id: string;
  pageContent: string;
  metadata: Record<string, unknown>;
  score: number;
  /** Only when asked for (MMR needs them). */
  vector?: number[];
}

export interface VectorSearchOptions {
  k: number;
  /** Metadata filter (`MetadataFilter` of shared): only records it matches. */
  filter?: Record<string, unknown>;
  withVectors?: boolean;
}

/**
 * The app database's own vector store (sqlite-vec on SQLite, pgvector on PostgreSQL). Collections are
 * named by the caller and belong to the run's workspace; a collection is made on its first write, with
 * the dimensions of its first vectors.
 */
export interface EmbeddedVectors {
  /**
   * Adds records, replacing those with the same id; all or nothing. With `replaceWhere`, the records
   * whose metadata matches it (all of them for `{}`) are removed first, in the same transaction.
   */
  upsert(
    collection: string,
    records: readonly VectorRecord[],
    options?: { replaceWhere?: Record<string, unknown> },
  ): Promise<void>;
  search(
    collection: string,
    vector: readonly number[],
    options: VectorSearchOptions,
  ): Promise<ScoredRecord[]>;
  /** Removes records by id; ids not stored are ignored. Answers how many were removed. */
  delete(collection: string, ids: readonly string[]): Promise<number>;
  /** Removes every record whose metadata matches `filter` (all records without one). */
  deleteWhere(collection: string, filter?: Record<string, unknown>): Promise<number>;
  count(collection: string): Promise<number>;
}

/** What a record manager keeps per namespace: the key of each indexed document, when, and its group. */
export interface RecordEntry {
  key: string;
  /** The document's source (`sourceIdKey` value), used by incremental cleanup. */
  groupId: string | null;
  /** The document-store loader it came from (`metadata.docId`), used to delete one loader's records. */
  docId: string | null;
}

/**
 * A record manager's table (Flowise `upsertion_records`): which document hashes a vector store holds,
 * so an upsert adds only what changed and cleanup knows what to delete.
 */
export interface RecordStore {
  /** The store's clock, in seconds (records written in one upsert are at least this new). */
  now(): Promise<number>;
  exists(namespace: string, keys: readonly string[]): Promise<boolean[]>;
  update(namespace: string, entries: readonly RecordEntry[], time: number): Promise<void>;
  listKeys(
    namespace: string,
    options?: { before?: number; groupIds?: readonly (string | null)[]; docId?: string },
  ): Promise<string[]>;
  deleteKeys(namespace: string, keys: readonly string[]): Promise<void>;
}

/** A document store's saved parts, as `{name, config}` of the component each names (DOCUMENT_STORES.md §1.5). */
export interface ComponentConfig {
  name: string;
  config: Record<string, unknown>;
}

export interface DocumentStoreRecord {
  id: string;
  name: string;
  description: string | null;
  status: string;
  embeddingConfig: ComponentConfig | null;
  vectorStoreConfig: ComponentConfig | null;
  recordManagerConfig: ComponentConfig | null;
}

/** Document stores of the run's workspace, as flows read them. */
export interface DocumentStoreAccess {
  list(): Promise<DocumentStoreSummary[]>;
  /** Undefined when the workspace has no such store. */
  get(id: string): Promise<DocumentStoreRecord | undefined>;
  /** Every chunk of the store in order, each with its metadata (the Document Store loader). */
  chunks(id: string): Promise<{ pageContent: string; metadata: Record<string, unknown> }[]>;
}

/**
 * A stdio MCP server the operator allows flows to start (FLOWLOOM_MCP_STDIO_ALLOW). Everything about
 * the process comes from the operator: a flow only names the entry.
 */
export interface McpStdioServer {
  /** What a flow's MCP config gives as `command`. */
  name: string;
  /** Absolute path of the program (started without a shell). */
  command: string;
  args: readonly string[];
  /** The process's whole environment: nothing of the server's own is passed on. */
  env: Readonly<Record<string, string>>;
}

/** Everything outside the engine a node may reach, each behind an interface the server implements. */
export interface EngineServices {
  credentials: {
    get(id: string): Promise<{ credentialName: string; data: Record<string, unknown> }>;
    /**
     * Renews the access token of an OAuth2 credential with its refresh token at the provider the
     * credential names, stores the new tokens (encrypted) and answers the credential as `get` would.
     * Throws a readable error when it cannot (no refresh token, the provider refused). Absent where
     * runs cannot write credentials.
     */
    refreshOAuth2?(id: string): Promise<{ credentialName: string; data: Record<string, unknown> }>;
  };
  chatHistory: {
    load(flowId: string, sessionId: string): Promise<ChatTurn[]>;
    /** The session the latest stored message of a chat belongs to (an assistant's thread). */
    sessionOf?(flowId: string, chatId: string): Promise<string | undefined>;
  };
  tools: { get(id: string): Promise<CustomToolRecord | undefined> };
  /** The workspace's OpenAI and Azure assistants (the OpenAI Assistant node). */
  assistants?: { get(id: string): Promise<AssistantRecord | undefined> };
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
  /** Files of the flow (uploads) or of the document store being processed. */
  files: FileStore;
  /** The app database's vector store (the embedded default). */
  vectors: EmbeddedVectors;
  /** The app database's record manager table (SQLite Record Manager). */
  records: RecordStore;
  documentStores: DocumentStoreAccess;
  /**
   * Agent graph checkpoints kept in the app database for the run's flow: a pending tool approval,
   * and the conversation of a flow whose Agent Memory uses the app database.
   */
  checkpoints: CheckpointStore;
  logger: EngineLogger;
  now(): Date;
  /** The stdio MCP servers the operator allows (Custom MCP); none when absent. */
  mcpStdioServers?: readonly McpStdioServer[];
  /**
   * The folder whose SQLite files flows may read (FLOWLOOM_SQLITE_DIR: Sql Database Chain); absent,
   * flows may open no SQLite file.
   */
  sqliteDirectory?: string;
  /**
   * Whether AWS nodes without keys may use the server's own AWS credentials (environment, profile,
   * instance role: FLOWLOOM_AWS_SERVER_CREDENTIALS); absent or false, they may not.
   */
  awsServerCredentials?: boolean;
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
  /**
   * The chatflow node types a node may build parts from by name (a document store's embeddings and
   * vector store, an Agent's knowledge): those the run was started with. Absent in runs that have
   * none to offer (an agentflow run without components).
   */
  components?: ReadonlyMap<string, NodeType>;
}

/**
 * A run outside a chat (a document store's processing, options listed for the canvas, a test): no
 * question, history or stream, an id for `flowId`, and `fields` set over those defaults.
 */
export function quietRun(
  services: EngineServices,
  fields: Partial<Omit<RunContext, 'services'>> = {},
): RunContext {
  return {
    flowId: '',
    chatId: '',
    sessionId: '',
    question: '',
    history: [],
    streaming: false,
    emit: () => {},
    signal: new AbortController().signal,
    vars: {},
    ...fields,
    services,
  };
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
  /**
   * For an OAuth2 credential: renews its access token (see `EngineServices.credentials.refreshOAuth2`)
   * and answers its fields as {@link credential} does. Absent where the run cannot renew tokens.
   */
  refreshCredential?(): Promise<Record<string, unknown>>;
  run: RunContext;
}

/** What writing documents into a vector store did (Flowise's indexing result). */
export interface UpsertResult {
  numAdded: number;
  numDeleted?: number;
  numUpdated?: number;
  numSkipped?: number;
  totalKeys?: number;
  addedDocs: SourceDocument[];
}

export interface UpsertOptions {
  /**
   * Full cleanup removes only the older records of this document-store loader, not every record
   * of the namespace (an upsert of one loader must not delete the others').
   */
  cleanupDocId?: string;
}

/** What an ending node answers. */
export interface NodeRunOutput {
  text?: string;
  json?: unknown;
  sourceDocuments?: SourceDocument[];
  usedTools?: UsedTool[];
  artifacts?: { type: string; data: unknown }[];
  /** Files the answer cites or links (an OpenAI assistant's), kept for the chat to download. */
  fileAnnotations?: FileAnnotation[];
  /**
   * The session the answer belongs to when the node keeps its own (an OpenAI assistant's thread):
   * the exchange is stored and answered under it (Flowise).
   */
  sessionId?: string;
}

/** A file an answer cites: its name, and where the server keeps it for the chat. */
export interface FileAnnotation {
  fileName: string;
  filePath: string;
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
export interface LoadMethodServices extends Pick<
  EngineServices,
  'tools' | 'credentials' | 'logger' | 'mcpStdioServers'
> {
  /** The operator's replacements of provider addresses (see `EngineServices.providerBaseUrls`). */
  providerBaseUrls?: EngineServices['providerBaseUrls'];
  /** The guarded outbound client, for options read from a remote server (Custom MCP's actions). */
  http?: GuardedFetch;
  listTools(): Promise<CustomToolRecord[]>;
  /** Chatflows and agentflows the caller may view. */
  listFlows(): Promise<FlowSummary[]>;
  listDocumentStores(): Promise<DocumentStoreSummary[]>;
  /** The workspace's OpenAI and Azure assistants. */
  listAssistants?(): Promise<AssistantRecord[]>;
  /**
   * The workspace's variables as a run reads them (`$vars`: runtime ones from the environment only
   * where the operator allows), for options of a config that names `{{$vars.x}}` (Custom MCP's
   * actions). Absent when the caller may neither see variables nor write flows that use them.
   */
  variables?(): Promise<Record<string, string>>;
}

/** What a load method (the options of an `asyncOptions` input) sees. */
export interface LoadMethodContext {
  node: FlowNodeData;
  inputs: Record<string, unknown>;
  credential(): Promise<Record<string, unknown>>;
  /** For an OAuth2 credential: renews its access token and answers its fields (absent where it cannot). */
  refreshCredential?(): Promise<Record<string, unknown>>;
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
  /**
   * Output names of a node that sends a chatflow run down one of them (IfElse Function: `returnTrue`,
   * `returnFalse`). Its `init` answers {@link chooseBranch}; the nodes that follow its other outputs
   * are not built, and the flow may end in one node per branch.
   */
  branches?: readonly string[];
  loadMethods?: Record<string, LoadMethod>;
  /**
   * Vector stores: writes the documents connected to the node (its `document` input) with its
   * embeddings, through its record manager when one is connected (vector upsert, document stores).
   */
  upsert?(ctx: NodeContext, options?: UpsertOptions): Promise<UpsertResult>;
  /**
   * Vector stores: removes what its record manager says it holds (one document-store loader's
   * records with `docId`). Throws when there is no record manager to say what that is.
   */
  removeRecords?(ctx: NodeContext, options: { docId?: string }): Promise<{ numDeleted: number }>;
  /**
   * Memories that keep a conversation outside Flowloom's messages (Redis, the user's own database):
   * deletes what they keep for the session `ctx.run.sessionId` (also their Session Id input), when
   * that chat is cleared.
   */
  clearMemory?(ctx: NodeContext): Promise<void>;
}

/** What a branching node's `init` answers: the output the run goes on through, and its value. */
export class BranchChoice {
  constructor(
    readonly output: string,
    /** What the nodes after it read as `{{nodeId.data.instance}}`. */
    readonly value: unknown,
  ) {}
}

/** The answer of a branching node ({@link NodeType.branches}) that continues through `output`. */
export function chooseBranch(output: string, value: unknown): BranchChoice {
  return new BranchChoice(output, value);
}
