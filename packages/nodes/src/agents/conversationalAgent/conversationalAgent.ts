import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { runAgent } from '../toolAgent/toolAgent.js';

const DEFAULT_SYSTEM_MESSAGE =
  'You are a helpful assistant in a conversation. Use the tools you have when they help, answer plainly, and say so when you do not know.';

/**
 * Flowise's Conversational Agent: a chat model with tools and memory. Runs on the same tool-calling
 * loop as the Tool Agent (the model picks tools and arguments until it can answer).
 */
export const conversationalAgent: NodeType = {
  icon: badgeIcon('CA', '#6a1b9a'),
  streamable: true,
  definition: {
    label: 'Conversational Agent',
    name: 'conversationalAgent',
    version: 3,
    type: 'AgentExecutor',
    category: 'Agents',
    baseClasses: ['AgentExecutor', 'BaseChain', 'Runnable'],
    description: 'A conversational agent for chat models that can use tools',
    inputs: [
      { label: 'Allowed Tools', name: 'tools', type: 'Tool', list: true },
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
      {
        label: 'System Message',
        name: 'systemMessage',
        type: 'string',
        rows: 4,
        default: DEFAULT_SYSTEM_MESSAGE,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        description: 'Checks the question before any model sees it',
        optional: true,
        list: true,
      },
      {
        label: 'Max Iterations',
        name: 'maxIterations',
        type: 'number',
        description: 'Model calls the agent may make before it gives up',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  run: (ctx) =>
    runAgent({
      ...ctx,
      inputs: { ...ctx.inputs, systemMessage: ctx.inputs.systemMessage || DEFAULT_SYSTEM_MESSAGE },
    }),
};
