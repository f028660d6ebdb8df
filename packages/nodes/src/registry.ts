import type { NodeRegistry, NodeType } from '@flowloom/engine';
import { conversationChain } from './chains/conversationChain/conversationChain.js';
import { llmChain } from './chains/llmChain/llmChain.js';
import { chatOpenAI } from './chat-models/chatOpenAI/chatOpenAI.js';
import { bufferMemory } from './memory/bufferMemory/bufferMemory.js';
import { chatPromptTemplate } from './prompts/chatPromptTemplate/chatPromptTemplate.js';
import { promptTemplate } from './prompts/promptTemplate/promptTemplate.js';
import { stickyNote } from './utilities/stickyNote/stickyNote.js';

/** Every chatflow node type, listed explicitly (greppable; no filesystem scan at start-up). */
export const chatflowNodes: readonly NodeType[] = [
  // Chat Models
  chatOpenAI,
  // Prompts
  promptTemplate,
  chatPromptTemplate,
  // Chains
  llmChain,
  conversationChain,
  // Memory
  bufferMemory,
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
