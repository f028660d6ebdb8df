import { chooseBranch, type NodeContext, type NodeType } from '@flowloom/engine';
import { functionCode, functionGlobals } from '../function-globals.js';
import { pictogramIcon } from '../icons.js';

/** What each output hands on: whatever the function that decided returned. */
const VALUE_TYPES = ['string', 'number', 'boolean', 'json', 'array'];

const DEFAULT_IF = `// Return a value to continue through True; return nothing to run the Else Function.
if ($flow.input.trim().endsWith('?')) {
    return $flow.input;
}`;
const DEFAULT_ELSE = 'return $flow.input;';

/** Runs one of the node's functions; its error names which one failed. */
async function runCode(
  ctx: NodeContext,
  label: string,
  code: string,
  globals: Record<string, unknown>,
): Promise<unknown> {
  try {
    return await ctx.run.services.sandbox.run(code, globals, { signal: ctx.run.signal });
  } catch (error) {
    ctx.run.signal.throwIfAborted();
    throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/**
 * Sends a chatflow down one of two branches: the If Function runs in the sandbox, and a value it
 * returns (anything but false, 0, '', null or nothing) continues through True; otherwise the Else
 * Function's value continues through False. Nodes after the other output are not built, and the
 * value is what the nodes after the chosen output read as this node's output.
 */
export const ifElseFunction: NodeType = {
  icon: pictogramIcon('branch', '#8e24aa'),
  readsVariables: true,
  branches: ['returnTrue', 'returnFalse'],
  definition: {
    label: 'IfElse Function',
    name: 'ifElseFunction',
    version: 2,
    type: 'IfElseFunction',
    category: 'Utilities',
    tags: ['Utilities'],
    baseClasses: ['IfElseFunction', 'Utilities'],
    description: 'Chooses between two branches of the flow with JavaScript conditions',
    inputs: [
      {
        label: 'Input Variables',
        name: 'functionInputVariables',
        type: 'json',
        description: 'Values the functions read as $name, e.g. {"topic": "{{question}}"} gives $topic',
        optional: true,
        acceptVariable: true,
        list: true,
      },
      {
        label: 'IfElse Name',
        name: 'functionName',
        type: 'string',
        optional: true,
        placeholder: 'Is it a question?',
      },
      {
        label: 'If Function',
        name: 'ifFunction',
        type: 'code',
        rows: 2,
        description: 'Return a value to go on through True (it becomes the output); return nothing for False',
        default: DEFAULT_IF,
      },
      {
        label: 'Else Function',
        name: 'elseFunction',
        type: 'code',
        rows: 2,
        description: 'Runs when the If Function returned nothing; its value goes on through False',
        default: DEFAULT_ELSE,
      },
    ],
    outputs: [
      { label: 'True', name: 'returnTrue', baseClasses: VALUE_TYPES, isAnchor: true },
      { label: 'False', name: 'returnFalse', baseClasses: VALUE_TYPES, isAnchor: true },
    ],
  },
  async init(ctx) {
    const ifCode = functionCode(ctx.inputs.ifFunction, 'If Function');
    const elseCode = functionCode(ctx.inputs.elseFunction, 'Else Function');
    const globals = functionGlobals(ctx);
    const matched = await runCode(ctx, 'If Function', ifCode, globals);
    if (matched) return chooseBranch('returnTrue', matched);
    const otherwise = await runCode(ctx, 'Else Function', elseCode, globals);
    if (otherwise === undefined)
      throw new Error(
        'the Else Function returned nothing: it must return the value that goes on through False (e.g. return false;)',
      );
    return chooseBranch('returnFalse', otherwise);
  },
};
