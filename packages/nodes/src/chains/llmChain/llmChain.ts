import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { generate } from '../../llm/generate.js';
import { requireChatModel } from '../../llm/chat-model.js';
import { moderate } from '../../moderation/moderation.js';
import { isOutputParser } from '../../output-parsers/parser.js';
import { formatPrompt, isPrompt } from '../../prompts/prompt.js';
import { badgeIcon } from '../../utilities/icons.js';
import { chainHandle } from '../chain.js';

/** One prompt → one model answer (optionally parsed). */
async function runChain(ctx: NodeContext, stream: boolean): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    if (stream) ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model);
  if (!isPrompt(ctx.inputs.prompt)) throw new Error('Prompt must be a connected prompt template');
  const parser = isOutputParser(ctx.inputs.outputParser) ? ctx.inputs.outputParser : undefined;
  const { system, human } = formatPrompt(ctx.inputs.prompt, question);
  const content = parser ? `${human}\n\n${parser.formatInstructions()}` : human;
  const text = await generate(model, {
    system,
    messages: [{ role: 'user', content }],
    stream: stream && !parser,
    run: ctx.run,
  });
  if (!parser) return { text };
  try {
    return { json: await parser.parse(text) };
  } catch (error) {
    if (!parser.autofix) throw error;
    const retry = await generate(model, {
      system,
      messages: [
        { role: 'user', content },
        { role: 'assistant', content: text },
        {
          role: 'user',
          content: `That answer could not be parsed: ${(error as Error).message}\nAnswer again, following the format instructions exactly.`,
        },
      ],
      stream: false,
      run: ctx.run,
    });
    return { json: await parser.parse(retry) };
  }
}

export const llmChain: NodeType = {
  icon: badgeIcon('LC', '#1e88e5'),
  streamable: true,
  definition: {
    label: 'LLM Chain',
    name: 'llmChain',
    version: 3,
    type: 'LLMChain',
    category: 'Chains',
    baseClasses: ['LLMChain', 'BaseChain', 'Runnable'],
    description: 'Chain to run queries against LLMs',
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Prompt', name: 'prompt', type: 'BasePromptTemplate' },
      { label: 'Output Parser', name: 'outputParser', type: 'BaseLLMOutputParser', optional: true },
      {
        label: 'Input Moderation',
        name: 'inputModeration',
        type: 'Moderation',
        optional: true,
        list: true,
        description:
          'Detect text that could generate harmful output and prevent it from being sent to the language model',
      },
      {
        label: 'Chain Name',
        name: 'chainName',
        type: 'string',
        placeholder: 'Name Your Chain',
        optional: true,
      },
    ],
    outputs: [
      { label: 'LLM Chain', name: 'llmChain', baseClasses: ['LLMChain', 'BaseChain', 'Runnable'] },
      { label: 'Output Prediction', name: 'outputPrediction', baseClasses: ['string', 'json'] },
    ],
  },
  async init(ctx) {
    // As an intermediate step ("Output Prediction") the chain runs now and hands its answer on; as
    // "LLM Chain" it is handed on to be called (a Chain Tool).
    if (ctx.outputName !== 'outputPrediction') return chainHandle(ctx, (chain) => runChain(chain, false));
    const output = await runChain(ctx, false);
    return output.json !== undefined ? output.json : (output.text ?? '');
  },
  run: (ctx) => runChain(ctx, true),
};
