import type { NodeRegistry, NodeType } from '@flowloom/engine';
import { toolAgent } from './agents/toolAgent/toolAgent.js';
import { conversationalAgent } from './agents/conversationalAgent/conversationalAgent.js';
import { csvAgent } from './agents/csvAgent/csvAgent.js';
import { reactAgentChat } from './agents/reactAgentChat/reactAgentChat.js';
import { openAIAssistant } from './agents/openAIAssistant/openAIAssistant.js';
import { conversationChain } from './chains/conversationChain/conversationChain.js';
import { llmChain } from './chains/llmChain/llmChain.js';
import { azureChatOpenAI } from './chat-models/azureChatOpenAI/azureChatOpenAI.js';
import { chatAnthropic } from './chat-models/chatAnthropic/chatAnthropic.js';
import { chatGoogleGenerativeAI } from './chat-models/chatGoogleGenerativeAI/chatGoogleGenerativeAI.js';
import { chatMistralAI } from './chat-models/chatMistralAI/chatMistralAI.js';
import { chatOllama } from './chat-models/chatOllama/chatOllama.js';
import { chatOpenAI } from './chat-models/chatOpenAI/chatOpenAI.js';
import { groqChat } from './chat-models/groqChat/groqChat.js';
import { awsChatBedrock } from './chat-models/awsChatBedrock/awsChatBedrock.js';
import { compatibleChatModels } from './chat-models/openai-compatible.js';
import { replicate } from './llms/replicate/replicate.js';
import { huggingFaceInference_LLMs } from './llms/huggingFaceInference_LLMs/huggingFaceInference_LLMs.js';
import { llamaIndexChatModels } from './chat-models/llamaindex-chat-models.js';
import { llamaIndexEmbeddings } from './embeddings/llamaindex-embeddings.js';
import { queryEngine } from './engine/queryEngine/queryEngine.js';
import { contextChatEngine } from './engine/contextChatEngine/contextChatEngine.js';
import { simpleChatEngine } from './engine/simpleChatEngine/simpleChatEngine.js';
import { subQuestionQueryEngine } from './engine/subQuestionQueryEngine/subQuestionQueryEngine.js';
import { compactrefineLlamaIndex } from './response-synthesizers/compactrefineLlamaIndex/compactrefineLlamaIndex.js';
import { refineLlamaIndex } from './response-synthesizers/refineLlamaIndex/refineLlamaIndex.js';
import { simpleResponseBuilderLlamaIndex } from './response-synthesizers/simpleResponseBuilderLlamaIndex/simpleResponseBuilderLlamaIndex.js';
import { treeSummarizeLlamaIndex } from './response-synthesizers/treeSummarizeLlamaIndex/treeSummarizeLlamaIndex.js';
import { queryEngineToolLlamaIndex } from './tools/queryEngineToolLlamaIndex/queryEngineToolLlamaIndex.js';
import { pineconeLlamaIndex } from './vector-stores/pineconeLlamaIndex/pineconeLlamaIndex.js';
import { simpleStoreLlamaIndex } from './vector-stores/simpleStoreLlamaIndex/simpleStoreLlamaIndex.js';
import { bufferMemory } from './memory/bufferMemory/bufferMemory.js';
import { bufferWindowMemory } from './memory/bufferWindowMemory/bufferWindowMemory.js';
import {
  conversationSummaryBufferMemory,
  conversationSummaryMemory,
} from './memory/conversationSummaryMemory/conversationSummaryMemory.js';
import { RedisBackedChatMemory } from './memory/RedisBackedChatMemory/RedisBackedChatMemory.js';
import { UpstashRedisBackedChatMemory } from './memory/UpstashRedisBackedChatMemory/UpstashRedisBackedChatMemory.js';
import { postgresChatMemory } from './memory/postgresChatMemory/postgresChatMemory.js';
import { mySQLChatMemory } from './memory/mySQLChatMemory/mySQLChatMemory.js';
import { inputModerationSimple } from './moderation/inputModerationSimple/inputModerationSimple.js';
import { advancedStructuredOutputParser } from './output-parsers/advancedStructuredOutputParser/advancedStructuredOutputParser.js';
import { csvOutputParser } from './output-parsers/csvOutputParser/csvOutputParser.js';
import { structuredOutputParser } from './output-parsers/structuredOutputParser/structuredOutputParser.js';
import { chatPromptTemplate } from './prompts/chatPromptTemplate/chatPromptTemplate.js';
import { promptTemplate } from './prompts/promptTemplate/promptTemplate.js';
import { calculator } from './tools/calculator/calculator.js';
import { currentDateTime } from './tools/currentDateTime/currentDateTime.js';
import { customTool } from './tools/customTool/customTool.js';
import { requestsGet } from './tools/requestsGet/requestsGet.js';
import { requestsPost } from './tools/requestsPost/requestsPost.js';
import { requestsPut } from './tools/requestsPut/requestsPut.js';
import { requestsDelete } from './tools/requestsDelete/requestsDelete.js';
import { serpAPI } from './tools/serpAPI/serpAPI.js';
import { openAPIToolkit } from './tools/openAPIToolkit/openAPIToolkit.js';
import { googleCustomSearch } from './tools/googleCustomSearch/googleCustomSearch.js';
import { serper } from './tools/serper/serper.js';
import { braveSearchAPI } from './tools/braveSearchAPI/braveSearchAPI.js';
import { tavilyAPI } from './tools/tavilyAPI/tavilyAPI.js';
import { searXNG } from './tools/searXNG/searXNG.js';
import { webScraperTool } from './tools/webScraperTool/webScraperTool.js';
import { customMCP } from './tools/customMCP/customMCP.js';
import { slackMCP } from './tools/slackMCP/slackMCP.js';
import { stickyNote } from './utilities/stickyNote/stickyNote.js';
import { customFunction } from './utilities/customFunction/customFunction.js';
import { ifElseFunction } from './utilities/ifElseFunction/ifElseFunction.js';
import { openAIEmbeddings } from './embeddings/openAIEmbeddings/openAIEmbeddings.js';
import { azureOpenAIEmbeddings } from './embeddings/azureOpenAIEmbeddings/azureOpenAIEmbeddings.js';
import { googleGenerativeAiEmbeddings } from './embeddings/googleGenerativeAiEmbeddings/googleGenerativeAiEmbeddings.js';
import { ollamaEmbedding } from './embeddings/ollamaEmbedding/ollamaEmbedding.js';
import { mistralAIEmbeddings } from './embeddings/mistralAIEmbeddings/mistralAIEmbeddings.js';
import { cohereEmbeddings } from './embeddings/cohereEmbeddings/cohereEmbeddings.js';
import { localAIEmbeddings } from './embeddings/localAIEmbeddings/localAIEmbeddings.js';
import { AWSBedrockEmbeddings } from './embeddings/AWSBedrockEmbeddings/AWSBedrockEmbeddings.js';
import { apiLoader } from './document-loaders/apiLoader/apiLoader.js';
import { github } from './document-loaders/github/github.js';
import { cheerioWebScraper } from './document-loaders/cheerioWebScraper/cheerioWebScraper.js';
import { csvFile } from './document-loaders/csvFile/csvFile.js';
import { documentStore } from './document-loaders/documentStore/documentStore.js';
import { docxFile } from './document-loaders/docxFile/docxFile.js';
import { fileLoader } from './document-loaders/fileLoader/fileLoader.js';
import { jsonFile } from './document-loaders/jsonFile/jsonFile.js';
import { jsonlinesFile } from './document-loaders/jsonlinesFile/jsonlinesFile.js';
import { microsoftExcel } from './document-loaders/microsoftExcel/microsoftExcel.js';
import { microsoftPowerpoint } from './document-loaders/microsoftPowerpoint/microsoftPowerpoint.js';
import { microsoftWord } from './document-loaders/microsoftWord/microsoftWord.js';
import { pdfFile } from './document-loaders/pdfFile/pdfFile.js';
import { plainText } from './document-loaders/plainText/plainText.js';
import { textFile } from './document-loaders/textFile/textFile.js';
import { characterTextSplitter } from './text-splitters/characterTextSplitter/characterTextSplitter.js';
import { codeTextSplitter } from './text-splitters/codeTextSplitter/codeTextSplitter.js';
import { markdownTextSplitter } from './text-splitters/markdownTextSplitter/markdownTextSplitter.js';
import { recursiveCharacterTextSplitter } from './text-splitters/recursiveCharacterTextSplitter/recursiveCharacterTextSplitter.js';
import { tokenTextSplitter } from './text-splitters/tokenTextSplitter/tokenTextSplitter.js';
import { embeddedVectorStore } from './vector-stores/embeddedVectorStore/embeddedVectorStore.js';
import { faiss } from './vector-stores/faiss/faiss.js';
import { memoryVectorStore } from './vector-stores/memoryVectorStore/memoryVectorStore.js';
import { pinecone } from './vector-stores/pinecone/pinecone.js';
import { qdrant } from './vector-stores/qdrant/qdrant.js';
import { chroma } from './vector-stores/chroma/chroma.js';
import { postgres } from './vector-stores/postgres/postgres.js';
import { SQLiteRecordManager } from './record-managers/SQLiteRecordManager/SQLiteRecordManager.js';
import { postgresRecordManager } from './record-managers/postgresRecordManager/postgresRecordManager.js';
import { MySQLRecordManager } from './record-managers/MySQLRecordManager/MySQLRecordManager.js';

import { conversationalRetrievalQAChain } from './chains/conversationalRetrievalQAChain/conversationalRetrievalQAChain.js';
import { retrievalQAChain } from './chains/retrievalQAChain/retrievalQAChain.js';
import { sqlDatabaseChain } from './chains/sqlDatabaseChain/sqlDatabaseChain.js';
import { retrieverTool } from './tools/retrieverTool/retrieverTool.js';
import { chainTool } from './tools/chainTool/chainTool.js';
import { arxiv } from './tools/arxiv/arxiv.js';
import { gmail } from './tools/gmail/gmail.js';
import { microsoftTeams } from './tools/microsoftTeams/microsoftTeams.js';
import { vectorStoreRetriever } from './retrievers/vectorStoreRetriever/vectorStoreRetriever.js';
import { similarityThresholdRetriever } from './retrievers/similarityThresholdRetriever/similarityThresholdRetriever.js';
import { documentStoreVS } from './vector-stores/documentStoreVS/documentStoreVS.js';
import { agentGraphNodes } from './sequential-agents/index.js';
import { htmlToMarkdownTextSplitter } from './text-splitters/htmlToMarkdownTextSplitter/htmlToMarkdownTextSplitter.js';

/** Every chatflow node type, listed explicitly (greppable; no filesystem scan at start-up). */
export const chatflowNodes: readonly NodeType[] = [
  // Chat Models
  chatOpenAI,
  azureChatOpenAI,
  chatAnthropic,
  chatGoogleGenerativeAI,
  chatOllama,
  chatMistralAI,
  groqChat,
  awsChatBedrock,
  ...compatibleChatModels,
  // LLMs (text completion)
  replicate,
  huggingFaceInference_LLMs,
  // Chat Models (LlamaIndex)
  ...llamaIndexChatModels,
  // Prompts
  promptTemplate,
  chatPromptTemplate,
  // Chains
  llmChain,
  conversationChain,
  conversationalRetrievalQAChain,
  retrievalQAChain,
  sqlDatabaseChain,
  // Agents
  toolAgent,
  conversationalAgent,
  reactAgentChat,
  csvAgent,
  openAIAssistant,
  // Engine and Response Synthesizer (LlamaIndex)
  queryEngine,
  contextChatEngine,
  simpleChatEngine,
  subQuestionQueryEngine,
  compactrefineLlamaIndex,
  refineLlamaIndex,
  simpleResponseBuilderLlamaIndex,
  treeSummarizeLlamaIndex,
  // Memory
  bufferMemory,
  bufferWindowMemory,
  conversationSummaryMemory,
  conversationSummaryBufferMemory,
  RedisBackedChatMemory,
  UpstashRedisBackedChatMemory,
  postgresChatMemory,
  mySQLChatMemory,
  // Tools
  calculator,
  customTool,
  requestsGet,
  requestsPost,
  requestsPut,
  requestsDelete,
  currentDateTime,
  serpAPI,
  googleCustomSearch,
  serper,
  braveSearchAPI,
  tavilyAPI,
  searXNG,
  webScraperTool,
  arxiv,
  gmail,
  microsoftTeams,
  retrieverTool,
  chainTool,
  openAPIToolkit,
  customMCP,
  slackMCP,
  queryEngineToolLlamaIndex,
  // Embeddings
  openAIEmbeddings,
  azureOpenAIEmbeddings,
  googleGenerativeAiEmbeddings,
  ollamaEmbedding,
  mistralAIEmbeddings,
  cohereEmbeddings,
  localAIEmbeddings,
  AWSBedrockEmbeddings,
  ...llamaIndexEmbeddings,
  // Document Loaders
  textFile,
  pdfFile,
  docxFile,
  csvFile,
  jsonFile,
  jsonlinesFile,
  plainText,
  microsoftWord,
  microsoftExcel,
  microsoftPowerpoint,
  fileLoader,
  cheerioWebScraper,
  apiLoader,
  github,
  documentStore,
  // Text Splitters
  recursiveCharacterTextSplitter,
  characterTextSplitter,
  tokenTextSplitter,
  markdownTextSplitter,
  codeTextSplitter,
  htmlToMarkdownTextSplitter,
  // Vector Stores
  embeddedVectorStore,
  documentStoreVS,
  memoryVectorStore,
  faiss,
  pinecone,
  qdrant,
  chroma,
  postgres,
  pineconeLlamaIndex,
  simpleStoreLlamaIndex,
  // Record Manager
  SQLiteRecordManager,
  postgresRecordManager,
  MySQLRecordManager,
  // Retrievers
  vectorStoreRetriever,
  similarityThresholdRetriever,
  // Output Parsers
  csvOutputParser,
  structuredOutputParser,
  advancedStructuredOutputParser,
  // Moderation
  inputModerationSimple,
  // Utilities
  stickyNote,
  customFunction,
  ifElseFunction,
  // Sequential Agents, Multi Agents and agent memories (agent graphs, /agentcanvas)
  ...agentGraphNodes,
];

export function createNodeRegistry(nodes: readonly NodeType[] = chatflowNodes): NodeRegistry {
  const registry = new Map<string, NodeType>();
  for (const node of nodes) {
    if (registry.has(node.definition.name))
      throw new Error(`Node type ${node.definition.name} is listed twice`);
    registry.set(node.definition.name, node);
  }
  return registry;
}
