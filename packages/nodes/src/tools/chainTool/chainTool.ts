import type { NodeType } from '@flowloom/engine';
import { z } from 'zod';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { isChain } from '../../chains/chain.js';
import { badgeIcon } from '../../utilities/icons.js';
import { toolNameOf } from '../retrieverTool/retrieverTool.js';
import { stringArgument, type ToolHandle } from '../tool.js';

/** Longest description the model reads for one tool. */
const MAX_DESCRIPTION_CHARS = 4_000;

/** The name as the model sees it: kept when models accept it, else made acceptable. */
function chainToolName(name: string): string {
  return /^[A-Za-z0-9_-]{1,64}$/.test(name) ? name : toolNameOf(name);
}

/**
 * A connected chain as a tool an agent may call: the model sends a question, the chain answers it
 * (without streaming to the client), and its text is the tool's answer.
 */
export const chainTool: NodeType = {
  icon: badgeIcon('CT', '#5e35b1'),
  definition: {
    label: 'Chain Tool',
    name: 'chainTool',
    version: 1,
    type: 'ChainTool',
    category: 'Tools',
    baseClasses: ['ChainTool', 'DynamicTool', 'Tool', 'StructuredTool', 'Runnable'],
    description: 'Lets an agent ask a connected chain',
    inputs: [
      { label: 'Chain Name', name: 'name', type: 'string', placeholder: 'product-faq' },
      {
        label: 'Chain Description',
        name: 'description',
        type: 'string',
        rows: 3,
        description: 'When the model should ask this chain',
        placeholder: 'Product FAQ - answers questions about our products, their prices and delivery.',
      },
      { label: 'Return Direct', name: 'returnDirect', type: 'boolean', optional: true },
      { label: 'Base Chain', name: 'baseChain', type: 'BaseChain' },
    ],
  },
  init(ctx): ToolHandle {
    const given = stringInput(ctx.inputs.name);
    if (!given) throw new Error('Chain Name is required');
    const name = chainToolName(given);
    if (!name) throw new Error(`Chain Name "${given}" has no letters or digits a model accepts`);
    const description = stringInput(ctx.inputs.description);
    if (!description)
      throw new Error('Chain Description is required: it tells the model when to use the chain');
    if (description.length > MAX_DESCRIPTION_CHARS)
      throw new Error(
        `Chain Description is longer than ${MAX_DESCRIPTION_CHARS.toLocaleString('en')} characters`,
      );
    const chain = ctx.inputs.baseChain;
    if (!isChain(chain))
      throw new Error(
        'Base Chain must be a connected chain (LLM Chain set to its LLM Chain output, Conversation Chain, Retrieval QA Chain…)',
      );
    return {
      kind: 'tool',
      name,
      description,
      inputSchema: z.object({ input: z.string().describe('The question for the chain') }),
      returnDirect: booleanInput(ctx.inputs.returnDirect, false),
      async invoke(args, { signal }) {
        let answer;
        try {
          answer = await chain.call(stringArgument(args), signal);
        } catch (error) {
          signal.throwIfAborted();
          throw new Error(`${chain.label}: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
        }
        if (answer.text !== undefined && answer.text !== '') return answer.text;
        return answer.json !== undefined ? JSON.stringify(answer.json) : '';
      },
    };
  },
};
