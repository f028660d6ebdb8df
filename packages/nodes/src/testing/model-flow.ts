import type { NodeType } from '@flowloom/engine';
import type { FlowData } from '@flowloom/shared';
import { llmChain } from '../chains/llmChain/llmChain.js';
import { promptTemplate } from '../prompts/promptTemplate/promptTemplate.js';
import { buildFlow, type NodeSpec } from './flow-builder.js';

/** Node types {@link llmChainWith} needs besides the model. */
export const CHAIN_NODES: NodeType[] = [promptTemplate, llmChain];

/** The smallest flow around a chat model: a prompt (`{question}` by default) into an LLM Chain. */
export function llmChainWith(model: NodeSpec, template = '{question}'): FlowData {
  return buildFlow(
    [
      model,
      { id: 'promptTemplate_0', type: promptTemplate, inputs: { template } },
      { id: 'llmChain_0', type: llmChain, output: 'llmChain' },
    ],
    [
      [model.id, 'llmChain_0', 'model'],
      ['promptTemplate_0', 'llmChain_0', 'prompt'],
    ],
  );
}

/** The `token` events of a run, joined. */
export function streamedText(events: { event: string; data: unknown }[]): string {
  return events
    .filter((e) => e.event === 'token')
    .map((e) => String(e.data))
    .join('');
}
