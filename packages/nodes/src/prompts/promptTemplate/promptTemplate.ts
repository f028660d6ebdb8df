import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { promptValues, type PromptHandle } from '../prompt.js';

export const promptTemplate: NodeType = {
  icon: badgeIcon('P', '#7c4dff'),
  definition: {
    label: 'Prompt Template',
    name: 'promptTemplate',
    version: 1,
    type: 'PromptTemplate',
    category: 'Prompts',
    baseClasses: ['PromptTemplate', 'BaseStringPromptTemplate', 'BasePromptTemplate', 'Runnable'],
    description: 'Schema to represent a basic prompt for an LLM',
    inputs: [
      {
        label: 'Template',
        name: 'template',
        type: 'string',
        rows: 4,
        placeholder: 'What is a good name for a company that makes {product}?',
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
    const template = typeof ctx.inputs.template === 'string' ? ctx.inputs.template : '';
    return { kind: 'prompt', human: template, values: promptValues(ctx.inputs.promptValues) };
  },
};
