export { credentialDefinitions, getCredentialDefinition } from './credentials/registry.js';
export { chatflowNodes, createNodeRegistry } from './registry.js';
export { closeRedisMemoryConnections } from './memory/RedisBackedChatMemory/RedisBackedChatMemory.js';
export type { ChatModelHandle } from './llm/chat-model.js';
export type { ToolHandle, ToolInvokeContext } from './tools/tool.js';
export type { OutputParserHandle } from './output-parsers/parser.js';
export type { ModerationHandle } from './moderation/moderation.js';
export {
  createQuickJsSandbox,
  DEFAULT_SANDBOX_LIMITS,
  defaultSandboxThreads,
  type QuickJsSandbox,
  type QuickJsSandboxOptions,
} from './sandbox/quickjs.js';
export type { SandboxLimits } from './sandbox/sandbox-protocol.js';
export { syntaxErrorOf } from './sandbox/syntax-check.js';
export { evaluateArithmetic } from './tools/calculator/arithmetic.js';
export { readBoundedText, type BoundedText } from './tools/http-tools.js';
export { parseZodDsl, ZodDslError } from './output-parsers/zod-dsl.js';
export { agentflowNodes, createAgentflowRegistry } from './agentflow/registry.js';
export {
  buildSplitter,
  componentType,
  componentContext,
  loadDocuments,
  openStoreParts,
  upsertDocuments,
  queryStore,
  removeDocuments,
  vectorStoreOf,
  describeKnowledge,
  askChatModel,
  type ChosenModel,
  type LoaderConfig,
  type OpenedStore,
  type StoreConfigs,
} from './document-store/components.js';
export type { EmbeddingsHandle } from './embeddings/embeddings.js';
export type { FoundDocument, RetrieverHandle, VectorStoreHandle } from './vector-stores/vector-store.js';
export { resultCount, MAX_RESULTS } from './vector-stores/vector-store.js';
export { MAX_CHUNKS } from './text-splitters/split.js';
export { fetchLinks } from './document-loaders/links.js';
export {
  generateFollowUpPrompts,
  DEFAULT_FOLLOW_UP_PROMPT,
  FOLLOW_UP_PROVIDER_NODES,
  type FollowUpPromptsSettings,
} from './follow-up/follow-up-prompts.js';
export {
  synthesizeSpeech,
  transcribeAudio,
  OPENAI_VOICES,
  SPEECH_TO_TEXT_PROVIDERS,
  TEXT_TO_SPEECH_PROVIDERS,
} from './speech/openai-audio.js';
export {
  assistantsClient,
  assistantsErrorMessage,
  isAssistantCredential,
  ASSISTANT_CREDENTIALS,
  uploadableFile,
  type AssistantCredential,
  type AssistantsClient,
} from './agents/openAIAssistant/assistants-client.js';
