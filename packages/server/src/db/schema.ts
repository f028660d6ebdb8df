/**
 * Row types of every table (one migration set for SQLite and PostgreSQL).
 * Portable column choices: ids are UUID text, timestamps ISO-8601 text (sortable as text),
 * booleans 0/1 integers, JSON documents text.
 */
export interface Database {
  user: UserTable;
  organization: OrganizationTable;
  organization_user: OrganizationUserTable;
  workspace: WorkspaceTable;
  workspace_user: WorkspaceUserTable;
  role: RoleTable;
  login_activity: LoginActivityTable;
  login_session: LoginSessionTable;
  api_key: ApiKeyTable;
  chat_flow: ChatFlowTable;
  chat_message: ChatMessageTable;
  chat_message_feedback: ChatMessageFeedbackTable;
  lead: LeadTable;
  credential: CredentialTable;
  variable: VariableTable;
  tool: ToolTable;
  assistant: AssistantTable;
  custom_template: CustomTemplateTable;
  document_store: DocumentStoreTable;
  document_store_file_chunk: DocumentStoreFileChunkTable;
  upsert_history: UpsertHistoryTable;
  stored_file: StoredFileTable;
  vector_collection: VectorCollectionTable;
  upsertion_record: UpsertionRecordTable;
  agent_checkpoint: AgentCheckpointTable;
  execution: ExecutionTable;
  dataset: DatasetTable;
  dataset_row: DatasetRowTable;
  evaluator: EvaluatorTable;
  evaluation: EvaluationTable;
  evaluation_run: EvaluationRunTable;
}

type Bool = number; // 0 | 1

interface Dated {
  createdDate: string;
  updatedDate: string;
}
interface Audited extends Dated {
  createdBy: string | null;
  updatedBy: string | null;
}

export interface UserTable extends Audited {
  id: string;
  name: string;
  email: string;
  /** bcrypt hash of the password; null until set (invited users). */
  credential: string | null;
  /** Keyed hash of the one-time reset/verify token; the token itself is never stored. */
  tempToken: string | null;
  tokenExpiry: string | null;
  status: string;
  lastLogin: string | null;
}
export interface OrganizationTable extends Audited {
  id: string;
  name: string;
  customerId: string | null;
  subscriptionId: string | null;
}
export interface OrganizationUserTable extends Audited {
  organizationId: string;
  userId: string;
  roleId: string;
  status: string;
}
export interface WorkspaceTable extends Audited {
  id: string;
  name: string;
  description: string | null;
  organizationId: string;
}
export interface WorkspaceUserTable extends Audited {
  workspaceId: string;
  userId: string;
  roleId: string;
  status: string;
  lastLogin: string | null;
}
export interface RoleTable extends Audited {
  id: string;
  organizationId: string | null;
  name: string;
  description: string | null;
  /** JSON array of permission strings. */
  permissions: string;
}
export interface LoginActivityTable {
  id: string;
  username: string;
  userId: string | null;
  activityCode: number;
  message: string;
  ipAddress: string | null;
  attemptedDateTime: string;
}
export interface LoginSessionTable {
  id: string;
  userId: string;
  /** The workspace this session acts in (changed by a workspace switch). */
  activeWorkspaceId: string;
  createdDate: string;
  expiresAt: string;
  revokedAt: string | null;
}
export interface ApiKeyTable extends Dated {
  id: string;
  keyName: string;
  /** HMAC of the key; the key itself is shown once and never stored. */
  apiKeyHash: string;
  /** Masked form for lists, e.g. `fl-Ab3d…x9Qz`. */
  apiKeyPreview: string;
  /** JSON array of permission strings. */
  permissions: string;
  workspaceId: string;
}
export interface ChatFlowTable extends Dated {
  id: string;
  name: string;
  flowData: string;
  deployed: Bool | null;
  isPublic: Bool | null;
  apikeyid: string | null;
  chatbotConfig: string | null;
  apiConfig: string | null;
  analytic: string | null;
  speechToText: string | null;
  textToSpeech: string | null;
  followUpPrompts: string | null;
  category: string | null;
  type: string;
  mcpServerConfig: string | null;
  webhookSecret: string | null;
  workspaceId: string;
}
export interface ChatMessageTable {
  id: string;
  role: string;
  chatflowid: string;
  executionId: string | null;
  content: string;
  sourceDocuments: string | null;
  usedTools: string | null;
  fileAnnotations: string | null;
  agentReasoning: string | null;
  reasonContent: string | null;
  fileUploads: string | null;
  artifacts: string | null;
  action: string | null;
  chatType: string;
  chatId: string;
  memoryType: string | null;
  sessionId: string | null;
  leadEmail: string | null;
  followUpPrompts: string | null;
  createdDate: string;
}
export interface ChatMessageFeedbackTable {
  id: string;
  chatflowid: string;
  chatId: string;
  messageId: string;
  rating: string | null;
  content: string | null;
  createdDate: string;
}
export interface LeadTable {
  id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  chatflowid: string;
  chatId: string;
  createdDate: string;
}
export interface CredentialTable extends Dated {
  id: string;
  name: string;
  credentialName: string;
  encryptedData: string;
  workspaceId: string;
}
export interface VariableTable extends Dated {
  id: string;
  name: string;
  value: string;
  type: string;
  workspaceId: string;
}
export interface ToolTable extends Dated {
  id: string;
  name: string;
  description: string;
  color: string;
  iconSrc: string | null;
  schema: string | null;
  func: string | null;
  workspaceId: string;
}
export interface AssistantTable extends Dated {
  id: string;
  details: string;
  credential: string | null;
  iconSrc: string | null;
  type: string | null;
  workspaceId: string;
}
export interface CustomTemplateTable extends Dated {
  id: string;
  name: string;
  flowData: string;
  description: string | null;
  badge: string | null;
  framework: string | null;
  usecases: string | null;
  type: string | null;
  workspaceId: string;
}
export interface DocumentStoreTable extends Dated {
  id: string;
  name: string;
  description: string | null;
  loaders: string | null;
  whereUsed: string | null;
  status: string;
  vectorStoreConfig: string | null;
  embeddingConfig: string | null;
  recordManagerConfig: string | null;
  workspaceId: string;
}
export interface DocumentStoreFileChunkTable {
  id: string;
  docId: string;
  storeId: string;
  chunkNo: number;
  pageContent: string;
  metadata: string | null;
}
export interface UpsertHistoryTable {
  id: string;
  chatflowid: string;
  result: string;
  flowData: string;
  date: string;
}
export interface StoredFileTable {
  id: string;
  workspaceId: string;
  scope: string;
  name: string;
  mime: string;
  size: number;
  createdDate: string;
}
export interface VectorCollectionTable {
  id: string;
  workspaceId: string;
  name: string;
  dimensions: number;
  tableName: string;
  createdDate: string;
}
export interface UpsertionRecordTable {
  uuid: string;
  workspaceId: string;
  namespace: string;
  key: string;
  updatedAt: number;
  groupId: string | null;
  docId: string | null;
}
export interface AgentCheckpointTable {
  workspaceId: string;
  threadId: string;
  flowId: string;
  /** The engine's checkpoint as JSON. */
  checkpoint: string;
  updatedDate: string;
}
export interface ExecutionTable extends Dated {
  id: string;
  executionData: string;
  state: string;
  agentflowId: string;
  sessionId: string;
  action: string | null;
  isPublic: Bool | null;
  stoppedDate: string | null;
  /** Why it ended unfinished, when the engine did not end it (a server stop). */
  stoppedReason: string | null;
  workspaceId: string;
}
export interface DatasetTable extends Dated {
  id: string;
  name: string;
  description: string | null;
  workspaceId: string;
}
export interface DatasetRowTable {
  id: string;
  datasetId: string;
  input: string;
  output: string | null;
  sequenceNo: number;
  updatedDate: string;
}
export interface EvaluatorTable extends Dated {
  id: string;
  name: string;
  type: string;
  config: string;
  workspaceId: string;
}
export interface EvaluationTable {
  id: string;
  name: string;
  evaluationType: string;
  chatflowId: string;
  chatflowName: string;
  datasetId: string;
  datasetName: string;
  status: string;
  averageMetrics: string | null;
  additionalConfig: string | null;
  runDate: string;
  workspaceId: string;
}
export interface EvaluationRunTable {
  id: string;
  evaluationId: string;
  input: string;
  expectedOutput: string | null;
  actualOutput: string | null;
  metrics: string | null;
  llmEvaluators: string | null;
  evaluators: string | null;
  errors: string | null;
  runDate: string;
}
