import type { NodeRegistry, NodeType } from '@flowloom/engine';
import { toolAgent } from './agents/toolAgent/toolAgent.js';
import { conversationChain } from './chains/conversationChain/conversationChain.js';
import { llmChain } from './chains/llmChain/llmChain.js';
import { azureChatOpenAI } from './chat-models/azureChatOpenAI/azureChatOpenAI.js';
import { chatAnthropic } from './chat-models/chatAnthropic/chatAnthropic.js';
import { chatGoogleGenerativeAI } from './chat-models/chatGoogleGenerativeAI/chatGoogleGenerativeAI.js';
import { chatMistralAI } from './chat-models/chatMistralAI/chatMistralAI.js';
import { chatOllama } from './chat-models/chatOllama/chatOllama.js';
import { chatOpenAI } from './chat-models/chatOpenAI/chatOpenAI.js';
import { groqChat } from './chat-models/groqChat/groqChat.js';
import { bufferMemory } from './memory/bufferMemory/bufferMemory.js';
import { bufferWindowMemory } from './memory/bufferWindowMemory/bufferWindowMemory.js';
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
import { serpAPI } from './tools/serpAPI/serpAPI.js';
import { stickyNote } from './utilities/stickyNote/stickyNote.js';
import { openAIEmbeddings } from './embeddings/openAIEmbeddings/openAIEmbeddings.js';
import { characterTextSplitter } from './text-splitters/characterTextSplitter/characterTextSplitter.js';
import { codeTextSplitter } from './text-splitters/codeTextSplitter/codeTextSplitter.js';
import { markdownTextSplitter } from './text-splitters/markdownTextSplitter/markdownTextSplitter.js';
import { recursiveCharacterTextSplitter } from './text-splitters/recursiveCharacterTextSplitter/recursiveCharacterTextSplitter.js';
import { tokenTextSplitter } from './text-splitters/tokenTextSplitter/tokenTextSplitter.js';
import { embeddedVectorStore } from './vector-stores/embeddedVectorStore/embeddedVectorStore.js';
import { faiss } from './vector-stores/faiss/faiss.js';
import { memoryVectorStore } from './vector-stores/memoryVectorStore/memoryVectorStore.js';
import { SQLiteRecordManager } from './record-managers/SQLiteRecordManager/SQLiteRecordManager.js';

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
  // Prompts
  promptTemplate,
  chatPromptTemplate,
  // Chains
  llmChain,
  conversationChain,
  // Agents
  toolAgent,
  // Memory
  bufferMemory,
  bufferWindowMemory,
  // Tools
  calculator,
  customTool,
  requestsGet,
  requestsPost,
  currentDateTime,
  serpAPI,
  // Embeddings
  openAIEmbeddings,
  // Text Splitters
  recursiveCharacterTextSplitter,
  characterTextSplitter,
  tokenTextSplitter,
  markdownTextSplitter,
  codeTextSplitter,
  // Vector Stores
  embeddedVectorStore,
  memoryVectorStore,
  faiss,
  // Record Manager
  SQLiteRecordManager,
  // Output Parsers
  csvOutputParser,
  structuredOutputParser,
  advancedStructuredOutputParser,
  // Moderation
  inputModerationSimple,
  // Utilities
  stickyNote,
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
