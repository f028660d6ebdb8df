import type { ModelMessage } from 'ai';
import type { AgentflowNodeContext, AgentflowNodeType, RuntimeMessage } from '@flowloom/engine';
import { pictogramIcon } from '../../utilities/icons.js';
import { buildChatModel } from '../common/components.js';
import { callModel } from '../common/model-call.js';
import { agentflowDefinition, modelParam } from '../common/params.js';
import { textInput } from '../common/values.js';
import { listModels } from '../common/load-methods.js';

export const DEFAULT_HUMAN_INPUT_DESCRIPTION = 'Do you want to proceed?';

export const DEFAULT_HUMAN_INPUT_PROMPT = `<p>Help the user decide whether the conversation should go on.</p>
<ul>
<li>First, sum up the conversation so far in one to three sentences.</li>
<li>Then repeat the assistant's last message word for word.</li>
<li>Finally, ask whether they want to proceed, or what they would change in that last message.</li>
</ul>
<p>Write only these three parts, as plain text.</p>`;

const on = (value: unknown, fallback: boolean) =>
  value === undefined || value === '' ? fallback : value === true || value === 'true';

/** Past turns of the session, then this run's messages (what a person is asked to approve). */
function conversation(ctx: AgentflowNodeContext): ModelMessage[] {
  const past: ModelMessage[] = ctx.run.history.map((t) => ({
    role: t.role === 'userMessage' ? 'user' : 'assistant',
    content: t.content,
  }));
  const runtime: ModelMessage[] = ctx.runtimeHistory
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  return [...past, ...runtime];
}

async function describe(ctx: AgentflowNodeContext, messages: ModelMessage[]): Promise<string> {
  const { inputs } = ctx;
  if (inputs.humanInputDescriptionType === 'dynamic') {
    const model = await buildChatModel(ctx, inputs.humanInputModel, inputs.humanInputModelConfig);
    const prompt = textInput(inputs.humanInputModelPrompt).trim() || DEFAULT_HUMAN_INPUT_PROMPT;
    const result = await callModel({
      model,
      messages: [...messages, { role: 'user', content: prompt }],
      stream: ctx.isLastNode,
      run: ctx.run,
    });
    return result.text;
  }
  const fixed = textInput(inputs.humanInputDescription).trim() || DEFAULT_HUMAN_INPUT_DESCRIPTION;
  const last = messages.at(-1);
  const text = last ? `${textInput(last.content)}\n\n${fixed}` : fixed;
  if (ctx.isLastNode) ctx.run.emit('token', text);
  return text;
}

/**
 * Pauses the run for a person to proceed or reject (with optional feedback); on resume, routes to
 * output 0 (proceed) or 1 (reject) (AGENTFLOW_V2.md §1.6, §2.7).
 */
export const humanInputAgentflow: AgentflowNodeType = {
  icon: pictogramIcon('person', '#6E6EFD'),
  definition: agentflowDefinition({
    label: 'Human Input',
    name: 'humanInputAgentflow',
    version: 1.0,
    type: 'HumanInput',
    color: '#6E6EFD',
    description: 'Request human input, approval or rejection during execution',
    inputs: [
      {
        label: 'Description Type',
        name: 'humanInputDescriptionType',
        type: 'options',
        // Not in Flowise's definition: a new node would be refused at run time until one is chosen.
        default: 'fixed',
        options: [
          { label: 'Fixed', name: 'fixed', description: 'Specify a fixed description' },
          { label: 'Dynamic', name: 'dynamic', description: 'Use LLM to generate a description' },
        ],
      },
      {
        label: 'Description',
        name: 'humanInputDescription',
        type: 'string',
        placeholder: 'Are you sure you want to proceed?',
        acceptVariable: true,
        rows: 4,
        show: { humanInputDescriptionType: 'fixed' },
      },
      modelParam('humanInputModel', { show: { humanInputDescriptionType: 'dynamic' } }),
      {
        label: 'Prompt',
        name: 'humanInputModelPrompt',
        type: 'string',
        default: DEFAULT_HUMAN_INPUT_PROMPT,
        acceptVariable: true,
        generateInstruction: true,
        rows: 4,
        show: { humanInputDescriptionType: 'dynamic' },
      },
      { label: 'Enable Feedback', name: 'humanInputEnableFeedback', type: 'boolean', default: true },
    ],
    outputs: [
      { label: 'Proceed', name: 'proceed', baseClasses: ['HumanInput'] },
      { label: 'Reject', name: 'reject', baseClasses: ['HumanInput'] },
    ],
  }),
  loadMethods: { listModels },
  async run(ctx) {
    const feedbackEnabled = on(ctx.inputs.humanInputEnableFeedback, true);
    if (!ctx.humanInput) {
      const messages = conversation(ctx);
      const description = await describe(ctx, messages);
      return {
        id: ctx.node.id,
        name: 'humanInputAgentflow',
        input: { messages, humanInputEnableFeedback: feedbackEnabled },
        output: { content: description, isWaitingForHumanInput: true },
        state: ctx.state,
        chatHistory: [{ role: 'assistant', content: description }],
      };
    }
    const { type } = ctx.humanInput;
    const feedback = feedbackEnabled ? (ctx.humanInput.feedback ?? '').trim() : '';
    const chatHistory: RuntimeMessage[] = feedback ? [{ role: 'user', content: feedback }] : [];
    return {
      id: ctx.node.id,
      name: 'humanInputAgentflow',
      input: { humanInput: ctx.humanInput },
      output: {
        content: feedback || type,
        conditions: [
          { type: 'proceed', isFulfilled: type === 'proceed' },
          { type: 'reject', isFulfilled: type === 'reject' },
        ],
      },
      state: ctx.state,
      chatHistory,
    };
  },
};
