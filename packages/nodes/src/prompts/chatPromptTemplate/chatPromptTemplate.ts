import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { promptValues, type PromptHandle } from '../prompt.js';

export const chatPromptTemplate: NodeType = {
  icon: badgeIcon('CP', '#7c4dff'),
  definition: {
    label: 'Chat Prompt Template',
    name: 'chatPromptTemplate',
    version: 1,
    type: 'ChatPromptTemplate',
    category: 'Prompts',
    baseClasses: ['ChatPromptTemplate', 'BaseChatPromptTemplate', 'BasePromptTemplate', 'Runnable'],
    description: 'Schema to represent a chat prompt',
    inputs: [
      {
        label: 'System Message',
        name: 'systemMessagePrompt',
        type: 'string',
        rows: 4,
        placeholder: 'You are a helpful assistant that translates {input_language} to {output_language}.',
        acceptVariable: true,
      },
      {
        label: 'Human Message',
        name: 'humanMessagePrompt',
        type: 'string',
        rows: 4,
        placeholder: '{text}',
        acceptVariable: true,
      },
      {
        label: 'Format Prompt Values',
        name: 'promptValues',
        type: 'json',
        optional: true,
        acceptVariable: true,
        list: true,
      },
    ],
  },
  init(ctx): PromptHandle {
    const system = typeof ctx.inputs.systemMessagePrompt === 'string' ? ctx.inputs.systemMessagePrompt : '';
    const human = typeof ctx.inputs.humanMessagePrompt === 'string' ? ctx.inputs.humanMessagePrompt : '';
    return { kind: 'prompt', system, human, values: promptValues(ctx.inputs.promptValues) };
  },
};
