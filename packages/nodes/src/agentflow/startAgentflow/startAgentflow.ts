import type { AgentflowNodeType } from '@flowloom/engine';
import { badgeIcon } from '../../utilities/icons.js';
import { agentflowDefinition } from '../common/params.js';
import { rowsInput, textInput } from '../common/values.js';

type StateRow = { key?: unknown; value?: unknown };

/** The declared Flow State: each `{key, value}` row as a default value. */
function stateDefaults(value: unknown): Record<string, unknown> {
  const defaults: Record<string, unknown> = {};
  for (const row of rowsInput<StateRow>(value)) {
    const key = textInput(row.key).trim();
    if (key) defaults[key] = row.value ?? '';
  }
  return defaults;
}

const on = (value: unknown) => value === true || value === 'true';

/** The single entry point of an agentflow: the input mode and the flow state (AGENTFLOW_V2.md §1.1). */
export const startAgentflow: AgentflowNodeType = {
  icon: badgeIcon('▶', '#7EE787', '#1b5e20'),
  definition: agentflowDefinition({
    label: 'Start',
    name: 'startAgentflow',
    version: 1.4,
    type: 'Start',
    color: '#7EE787',
    hideInput: true,
    description: 'Starting point of the agentflow',
    inputs: [
      {
        label: 'Input Type',
        name: 'startInputType',
        type: 'options',
        options: [
          { label: 'Chat Input', name: 'chatInput', description: 'Start the conversation with chat input' },
          { label: 'Form Input', name: 'formInput', description: 'Start the workflow with form inputs' },
          {
            label: 'Webhook Trigger',
            name: 'webhookTrigger',
            description: 'Start the workflow from an incoming webhook (not available yet)',
          },
          {
            label: 'Schedule Input',
            name: 'scheduleInput',
            description: 'Start the workflow on a schedule (not available yet)',
          },
        ],
        default: 'chatInput',
      },
      {
        label: 'Form Title',
        name: 'formTitle',
        type: 'string',
        placeholder: 'Please Fill Out The Form',
        show: { startInputType: 'formInput' },
      },
      {
        label: 'Form Description',
        name: 'formDescription',
        type: 'string',
        placeholder: 'Complete all fields below to continue',
        show: { startInputType: 'formInput' },
      },
      {
        label: 'Form Input Types',
        name: 'formInputTypes',
        description: 'Specify the type of form input',
        type: 'array',
        show: { startInputType: 'formInput' },
        array: [
          {
            label: 'Type',
            name: 'type',
            type: 'options',
            options: [
              { label: 'String', name: 'string' },
              { label: 'Number', name: 'number' },
              { label: 'Boolean', name: 'boolean' },
              { label: 'Options', name: 'options' },
            ],
            default: 'string',
          },
          { label: 'Label', name: 'label', type: 'string', placeholder: 'Label for the input' },
          {
            label: 'Variable Name',
            name: 'name',
            type: 'string',
            placeholder: 'Variable name for the input (must be camel case)',
            description: 'Variable name must be camel case. For example: firstName, lastName, etc.',
          },
          {
            label: 'Add Options',
            name: 'addOptions',
            type: 'array',
            show: { 'formInputTypes[$index].type': 'options' },
            array: [{ label: 'Option', name: 'option', type: 'string' }],
          },
        ],
      },
      {
        label: 'Ephemeral Memory',
        name: 'startEphemeralMemory',
        type: 'boolean',
        description: 'Start fresh for every execution without past chat history',
        optional: true,
      },
      {
        label: 'Flow State',
        name: 'startState',
        description: 'Runtime state during the execution of the workflow',
        type: 'array',
        optional: true,
        array: [
          { label: 'Key', name: 'key', type: 'string', placeholder: 'Foo' },
          { label: 'Value', name: 'value', type: 'string', placeholder: 'Bar' },
        ],
      },
      {
        label: 'Persist State',
        name: 'startPersistState',
        type: 'boolean',
        description: 'Persist the state in the same session',
        optional: true,
      },
    ],
  }),
  run(ctx) {
    const inputType = textInput(ctx.inputs.startInputType) || 'chatInput';
    if (inputType === 'webhookTrigger' || inputType === 'scheduleInput') {
      const what = inputType === 'webhookTrigger' ? 'a webhook' : 'a schedule';
      return Promise.reject(
        new Error(
          `This agentflow starts from ${what}, which Flowloom does not support yet; set the Start node's Input Type to Chat Input or Form Input`,
        ),
      );
    }
    // Values carried over from the session (persist state) win over the declared defaults.
    const state = { ...stateDefaults(ctx.inputs.startState), ...ctx.state };
    const flags = {
      ...(on(ctx.inputs.startEphemeralMemory) && { ephemeralMemory: true }),
      ...(on(ctx.inputs.startPersistState) && { persistState: true }),
    };
    if (inputType === 'formInput') {
      return Promise.resolve({
        id: ctx.node.id,
        name: 'startAgentflow',
        input: { form: ctx.form },
        output: { form: ctx.form, ...flags },
        state,
      });
    }
    return Promise.resolve({
      id: ctx.node.id,
      name: 'startAgentflow',
      input: { question: ctx.input },
      output: { question: ctx.input, ...flags },
      state,
    });
  },
};
