import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { CHAT_MODEL_BASE_CLASSES, staticModelOptions, streamingInput } from '../shared-inputs.js';
import { mistralClient } from '../provider-clients.js';

const MODELS = [
  'mistral-small-latest',
  'mistral-medium-latest',
  'mistral-large-latest',
  'open-mistral-nemo',
  'codestral-latest',
  'mistral-tiny',
];

/** Mistral AI chat completions. */
export const chatMistralAI: NodeType = {
  icon: badgeIcon('M', '#fa520f'),
  definition: {
    label: 'ChatMistralAI',
    name: 'chatMistralAI',
    version: 3,
    type: 'ChatMistralAI',
    category: 'Chat Models',
    baseClasses: ['ChatMistralAI', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Wrapper around Mistral large language models that use the Chat endpoint',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['mistralAIApi'],
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'mistral-small-latest',
      },
      {
        label: 'Temperature',
        name: 'temperature',
        type: 'number',
        description: 'Sampling temperature between 0.0 and 1.0: higher is more random, lower more focused.',
        step: 0.1,
        default: 0.9,
        optional: true,
      },
      streamingInput,
      {
        label: 'Max Output Tokens',
        name: 'maxOutputTokens',
        type: 'number',
        description: 'The maximum number of tokens to generate in the completion.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Top Probability',
        name: 'topP',
        type: 'number',
        description: 'Nucleus sampling: only the tokens of the top_p probability mass are considered.',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Random Seed',
        name: 'randomSeed',
        type: 'number',
        description: 'The seed to use for random sampling, for repeatable results.',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Safe Mode',
        name: 'safeMode',
        type: 'boolean',
        description: 'Whether to inject a safety prompt before all conversations.',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Override Endpoint',
        name: 'overrideEndpoint',
        type: 'string',
        description: 'Server root such as https://api.mistral.ai (/v1 is added when missing)',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'mistral-small-latest';
    const provider = await mistralClient(ctx, credential, inputs.overrideEndpoint);
    const safeMode = booleanInput(inputs.safeMode, false);
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'Mistral AI',
      modelName,
      model: provider.chat(modelName),
      settings: compactSettings({
        temperature: numberInput(inputs.temperature),
        maxOutputTokens: numberInput(inputs.maxOutputTokens),
        topP: numberInput(inputs.topP),
        seed: numberInput(inputs.randomSeed),
      }),
      ...(safeMode && { providerOptions: { mistral: { safePrompt: true } } }),
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: false,
    };
  },
};
