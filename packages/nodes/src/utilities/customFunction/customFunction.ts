import { ENDING_NODE_OUTPUT, type NodeContext, type NodeType } from '@flowloom/engine';
import { functionCode, functionGlobals } from '../function-globals.js';
import { badgeIcon } from '../icons.js';

async function runFunction(ctx: NodeContext): Promise<unknown> {
  const code = functionCode(ctx.inputs.javascriptFunction, 'Javascript Function');
  return ctx.run.services.sandbox.run(code, functionGlobals(ctx), { signal: ctx.run.signal });
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : JSON.stringify(value);

/**
 * Runs the builder's JavaScript in the sandbox: its result feeds other nodes (Output), or answers
 * the question (Ending Node).
 */
export const customFunction: NodeType = {
  icon: badgeIcon('ƒ', '#455a64'),
  readsVariables: true,
  definition: {
    label: 'Custom JS Function',
    name: 'customFunction',
    version: 3,
    type: 'CustomFunction',
    category: 'Utilities',
    baseClasses: ['CustomFunction', 'Utilities'],
    description: 'Runs your JavaScript in a sandbox; its result feeds other nodes or answers the question',
    inputs: [
      {
        label: 'Input Variables',
        name: 'functionInputVariables',
        type: 'json',
        description: 'Values the code reads as $name, e.g. {"city": "{{question}}"}',
        optional: true,
        acceptVariable: true,
        list: true,
      },
      {
        label: 'Function Name',
        name: 'functionName',
        type: 'string',
        optional: true,
        placeholder: 'My Function',
      },
      {
        label: 'Javascript Function',
        name: 'javascriptFunction',
        type: 'code',
        description:
          'Runs in a sandbox with $flow (input, chatId…), $vars and the input variables; return the result',
      },
    ],
    outputs: [
      { label: 'Output', name: 'output', baseClasses: ['string', 'number', 'boolean', 'json', 'array'] },
      { label: 'Ending Node', name: ENDING_NODE_OUTPUT, baseClasses: ['CustomFunction'] },
    ],
  },
  init: (ctx) => runFunction(ctx),
  async run(ctx) {
    const text = asText(await runFunction(ctx));
    ctx.run.emit('token', text);
    return { text };
  },
};
