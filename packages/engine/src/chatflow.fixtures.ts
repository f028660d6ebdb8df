import type { FlowEdge, FlowNode } from '@flowloom/shared';
import type { NodeType } from './node-type.js';

/** Fake node types and flow pieces for the engine's chatflow tests (not part of the build). */

export const model: NodeType = {
  icon: '<svg/>',
  definition: {
    label: 'Fake Model',
    name: 'fakeModel',
    version: 1,
    type: 'FakeModel',
    category: 'Chat Models',
    baseClasses: ['BaseChatModel'],
    description: 'test',
    inputs: [
      { label: 'Reply', name: 'reply', type: 'string' },
      { label: 'Streaming', name: 'streaming', type: 'boolean', optional: true },
    ],
  },
  init: (ctx) => ({ reply: ctx.inputs.reply }),
};
export const prompt: NodeType = {
  icon: '<svg/>',
  definition: {
    label: 'Fake Prompt',
    name: 'fakePrompt',
    version: 1,
    type: 'FakePrompt',
    category: 'Prompts',
    baseClasses: ['BasePromptTemplate'],
    description: 'test',
    inputs: [{ label: 'Template', name: 'template', type: 'string', acceptVariable: true }],
  },
  init: (ctx) => ctx.inputs.template,
};
export const chain: NodeType = {
  icon: '<svg/>',
  streamable: true,
  definition: {
    label: 'Fake Chain',
    name: 'fakeChain',
    version: 1,
    type: 'FakeChain',
    category: 'Chains',
    baseClasses: ['Chain'],
    description: 'test',
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
      { label: 'Suffix', name: 'suffix', type: 'string', optional: true },
    ],
  },
  run: async (ctx) => {
    const { reply } = ctx.inputs.model as { reply: string };
    const text = `${reply} | ${String(ctx.inputs.prompt)}${typeof ctx.inputs.suffix === 'string' ? ctx.inputs.suffix : ''}`;
    if (reply === 'boom') throw new Error('model exploded');
    if (reply === 'slow') await new Promise((r) => setTimeout(r, 50));
    for (const word of text.split(' ')) ctx.run.emit('token', `${word} `);
    return text;
  },
};

export function node(
  id: string,
  name: string,
  category: string,
  inputs: Record<string, unknown>,
  outputs: Record<string, unknown> = {},
): FlowNode {
  return {
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id,
      label: id,
      name,
      version: 1,
      type: name,
      baseClasses: [],
      category,
      inputParams: [],
      inputAnchors: [],
      inputs,
      outputAnchors: [],
      outputs,
    },
  };
}
/** An edge from `source` (its `output`, for a node with several) into `target`'s `input`. */
export function edge(source: string, target: string, input: string, output = 'x'): FlowEdge {
  return {
    id: `${source}-${output}-${target}-${input}`,
    source,
    target,
    sourceHandle: `${source}-output-${output}-X`,
    targetHandle: `${target}-input-${input}-X`,
  };
}
