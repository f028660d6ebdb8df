import type { NodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { asPromise, stringArgument, type ToolHandle } from '../tool.js';
import { evaluateArithmetic, formatNumber } from './arithmetic.js';

/** The Calculator tool: exact arithmetic for agents, evaluated by our own parser (no `eval`). */
export function calculatorTool(): ToolHandle {
  return {
    kind: 'tool',
    name: 'calculator',
    description:
      'Useful for getting the result of a math expression. The input to this tool should be a valid mathematical expression that could be executed by a simple calculator, e.g. (2 + 3) * 4 ^ 2, sqrt(16) + sin(pi / 2) or max(3, 7) % 4.',
    inputSchema: {
      type: 'object',
      properties: { input: { type: 'string', description: 'The mathematical expression to evaluate' } },
      required: ['input'],
    },
    invoke: (args) => asPromise(() => formatNumber(evaluateArithmetic(stringArgument(args)))),
  };
}

export const calculator: NodeType = {
  icon: badgeIcon('±', '#546e7a'),
  definition: {
    label: 'Calculator',
    name: 'calculator',
    version: 1,
    type: 'Calculator',
    category: 'Tools',
    baseClasses: ['Calculator', 'Tool', 'StructuredTool', 'BaseLangChain'],
    description: 'Perform calculations on response',
    inputs: [],
  },
  init: (): ToolHandle => calculatorTool(),
};
