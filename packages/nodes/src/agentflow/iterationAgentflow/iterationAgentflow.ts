import type { AgentflowNodeType } from '@flowloom/engine';
import { asPromise } from '../../tools/tool.js';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition } from '../common/params.js';
import { parseLenientJson } from './lenient-json.js';

function itemsOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') throw new Error('Invalid input array');
  let parsed: unknown;
  try {
    parsed = parseLenientJson(value);
  } catch {
    throw new Error('Invalid input array');
  }
  if (!Array.isArray(parsed)) throw new Error('Invalid input array');
  return parsed;
}

/**
 * A group whose child nodes run once per item of the input array; the executor runs the sub-flow
 * and joins the results (AGENTFLOW_V2.md §1.14, §2.6).
 */
export const iterationAgentflow: AgentflowNodeType = {
  icon: badgeIcon('⟳', '#9C89B8'),
  iteration: true,
  definition: agentflowDefinition({
    label: 'Iteration',
    name: 'iterationAgentflow',
    version: 1.0,
    type: 'Iteration',
    color: '#9C89B8',
    description: 'Execute the nodes within the iteration block through N iterations',
    inputs: [
      {
        label: 'Array Input',
        name: 'iterationInput',
        type: 'string',
        description: 'The input array to iterate over',
        acceptVariable: true,
        rows: 4,
      },
    ],
  }),
  run: (ctx) =>
    asPromise(() => {
      const items = itemsOf(ctx.inputs.iterationInput);
      return {
        id: ctx.node.id,
        name: 'iterationAgentflow',
        input: { iterationInput: items },
        output: { iterationItems: items },
        state: ctx.state,
      };
    }),
};
