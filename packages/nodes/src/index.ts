export { credentialDefinitions, getCredentialDefinition } from './credentials/registry.js';
export { chatflowNodes, createNodeRegistry } from './registry.js';
export type { ChatModelHandle } from './llm/chat-model.js';
