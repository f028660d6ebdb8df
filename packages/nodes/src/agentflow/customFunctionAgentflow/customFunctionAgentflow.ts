import { applyStateUpdates, type AgentflowNodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition, updateStateParam } from '../common/params.js';
import { rowsInput, textInput } from '../common/values.js';
import { listRuntimeStateKeys } from '../common/load-methods.js';

export const CUSTOM_FUNCTION_EXAMPLE = `/*
* Input variables are available with a $ prefix, for example $foo.
* $flow holds sessionId, chatId, chatflowId, input and state; $vars the variables.
* Return a string, or an object that becomes JSON.
*/
const response = await fetch('https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.41&current_weather=true');
return await response.text();`;

type VariableRow = { variableName?: unknown; variableValue?: unknown };

/** What the code returned, as the node's text: objects as indented JSON. */
function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** Runs JavaScript in the code sandbox; its return value is the node's output (AGENTFLOW_V2.md §1.9). */
export const customFunctionAgentflow: AgentflowNodeType = {
  icon: badgeIcon('ƒ', '#E4B7FF', '#4a148c'),
  definition: agentflowDefinition({
    label: 'Custom Function',
    name: 'customFunctionAgentflow',
    version: 1.1,
    type: 'CustomFunction',
    color: '#E4B7FF',
    description: 'Execute custom function',
    inputs: [
      {
        label: 'Input Variables',
        name: 'customFunctionInputVariables',
        description: 'Input variables can be used in the function with prefix $. For example: $foo',
        type: 'array',
        optional: true,
        acceptVariable: true,
        array: [
          { label: 'Variable Name', name: 'variableName', type: 'string' },
          { label: 'Variable Value', name: 'variableValue', type: 'string', acceptVariable: true },
        ],
      },
      {
        label: 'Javascript Function',
        name: 'customFunctionJavascriptFunction',
        type: 'code',
        codeExample: CUSTOM_FUNCTION_EXAMPLE,
        description:
          'The function to execute. Must return a string or an object that can be converted to a string.',
      },
      updateStateParam('customFunctionUpdateState'),
    ],
  }),
  loadMethods: { listRuntimeStateKeys },
  async run(ctx) {
    const code = textInput(ctx.inputs.customFunctionJavascriptFunction);
    if (!code.trim()) throw new Error('The Javascript Function is empty');
    const variables = rowsInput<VariableRow>(ctx.inputs.customFunctionInputVariables);
    const globals: Record<string, unknown> = {
      $input: ctx.input,
      $vars: ctx.run.vars,
      $flow: {
        chatflowId: ctx.run.flowId,
        sessionId: ctx.run.sessionId,
        chatId: ctx.run.chatId,
        input: ctx.input,
        state: ctx.state,
      },
    };
    for (const row of variables) {
      const name = textInput(row.variableName).trim();
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
        if (name) throw new Error(`"${name}" is not a valid variable name`);
        continue;
      }
      globals[`$${name}`] = row.variableValue ?? '';
    }
    const value = await ctx.run.services.sandbox.run(code, globals, { signal: ctx.run.signal });
    const content = resultText(value);
    if (ctx.isLastNode && content) ctx.run.emit('token', content);
    return {
      id: ctx.node.id,
      name: 'customFunctionAgentflow',
      input: { inputVariables: variables, code },
      output: { content },
      state: applyStateUpdates(ctx.state, ctx.inputs.customFunctionUpdateState, content),
    };
  },
};
