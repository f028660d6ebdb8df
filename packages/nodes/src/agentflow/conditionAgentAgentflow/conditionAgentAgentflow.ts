import type { ModelMessage } from 'ai';
import type { AgentflowNodeType } from '@flowloom/engine';
import { pictogramIcon } from '../../utilities/icons.js';
import { buildChatModel } from '../common/components.js';
import { callModel } from '../common/model-call.js';
import { agentflowDefinition, modelParam } from '../common/params.js';
import { rowsInput, textInput } from '../common/values.js';
import { matchScenario, parseJsonReply } from './scenario.js';
import { listModels } from '../common/load-methods.js';

export const CONDITION_AGENT_SYSTEM_PROMPT = `You route a conversation. You get a JSON object with "input" (the text to judge), "scenarios" (the possible routes) and "instruction" (how to judge).
Pick the one scenario that fits the input best, following the instruction.
Answer with JSON only, in exactly this form: {"output": "<the chosen scenario, copied exactly>"}`;

const EXAMPLE_QUESTION = JSON.stringify({
  input: 'What does a neural network learn?',
  scenarios: ['user asks about AI', 'user asks about something else'],
  instruction: 'Check whether the user asks about AI.',
});
const EXAMPLE_ANSWER = '{"output": "user asks about AI"}';

/**
 * A model picks one of several natural-language scenarios; one output per scenario, no Else: a reply
 * matching none goes to the last scenario (AGENTFLOW_V2.md §1.5).
 */
export const conditionAgentAgentflow: AgentflowNodeType = {
  icon: pictogramIcon('branch', '#ff8fab'),
  definition: agentflowDefinition({
    label: 'Condition Agent',
    name: 'conditionAgentAgentflow',
    version: 2.0,
    type: 'ConditionAgent',
    color: '#ff8fab',
    description: 'Utilize an agent to split flows based on dynamic conditions',
    inputs: [
      modelParam('conditionAgentModel'),
      {
        label: 'Instructions',
        name: 'conditionAgentInstructions',
        type: 'string',
        description: 'A general instructions of what the condition agent should do',
        rows: 4,
        acceptVariable: true,
        placeholder: 'Determine if the user is interested in learning about AI',
      },
      {
        label: 'Input',
        name: 'conditionAgentInput',
        type: 'string',
        description: 'Input to be used for the condition agent',
        rows: 4,
        acceptVariable: true,
        default:
          '<p><span class="variable" data-type="mention" data-id="question" data-label="question">{{ question }}</span> </p>',
      },
      {
        label: 'Scenarios',
        name: 'conditionAgentScenarios',
        description: 'Define the scenarios that will be used as the conditions to split the flow',
        type: 'array',
        array: [
          { label: 'Scenario', name: 'scenario', type: 'string', placeholder: 'User is asking for a pizza' },
        ],
        default: [{ scenario: '' }, { scenario: '' }],
      },
      {
        label: 'Override System Prompt',
        name: 'conditionAgentOverrideSystemPrompt',
        type: 'boolean',
        description: 'Override initial system prompt for Condition Agent',
        optional: true,
      },
      {
        label: 'Node System Prompt',
        name: 'conditionAgentSystemPrompt',
        type: 'string',
        rows: 4,
        optional: true,
        acceptVariable: true,
        default: CONDITION_AGENT_SYSTEM_PROMPT,
        description:
          'Expert use only. Modifying this can significantly alter agent behavior. Leave default if unsure',
        show: { conditionAgentOverrideSystemPrompt: true },
      },
    ],
    outputs: [
      { label: '0', name: '0', description: 'Condition 0', baseClasses: ['ConditionAgent'] },
      { label: '1', name: '1', description: 'Condition 1', baseClasses: ['ConditionAgent'] },
    ],
  }),
  loadMethods: { listModels },
  async run(ctx) {
    const { inputs } = ctx;
    const scenarios = rowsInput<{ scenario?: unknown }>(inputs.conditionAgentScenarios).map((r) =>
      textInput(r.scenario).trim(),
    );
    if (scenarios.length === 0) throw new Error('Add at least one scenario');
    const model = await buildChatModel(ctx, inputs.conditionAgentModel, inputs.conditionAgentModelConfig);
    const override = inputs.conditionAgentOverrideSystemPrompt === true;
    const system =
      (override && textInput(inputs.conditionAgentSystemPrompt).trim()) || CONDITION_AGENT_SYSTEM_PROMPT;
    const input = textInput(inputs.conditionAgentInput).trim() || ctx.input;
    const messages: ModelMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: EXAMPLE_QUESTION },
      { role: 'assistant', content: EXAMPLE_ANSWER },
      {
        role: 'user',
        content: JSON.stringify({
          input,
          scenarios,
          instruction: textInput(inputs.conditionAgentInstructions),
        }),
      },
    ];
    const start = ctx.run.services.now();
    const result = await callModel({ model, messages, stream: false, run: ctx.run });
    const end = ctx.run.services.now();
    const parsed = parseJsonReply(result.text) as { output?: unknown } | null;
    if (!parsed || typeof parsed.output !== 'string')
      throw new Error(
        `Failed to parse a valid scenario from the model's reply: ${result.text.slice(0, 200)}`,
      );
    const chosen = matchScenario(parsed.output, scenarios);
    const isFirst = ctx.runtimeHistory.length === 0;
    return {
      id: ctx.node.id,
      name: 'conditionAgentAgentflow',
      input: { messages },
      output: {
        content: result.text,
        conditions: scenarios.map((output, i) => ({ output, isFulfilled: i === chosen })),
        timeMetadata: { start: start.getTime(), end: end.getTime(), delta: end.getTime() - start.getTime() },
        ...(result.usage && { usageMetadata: result.usage }),
      },
      state: ctx.state,
      ...(isFirst && ctx.input && { chatHistory: [{ role: 'user' as const, content: ctx.input }] }),
    };
  },
};
