import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  modelEndpoint,
  CHAT_MODEL_BASE_CLASSES,
  imageUploadInputs,
  staticModelOptions,
  streamingInput,
} from '../shared-inputs.js';
import { providers } from '../../llm/provider-modules.js';

const MODELS = [
  'claude-sonnet-4-5',
  'claude-opus-4-1',
  'claude-sonnet-4-0',
  'claude-3-7-sonnet-latest',
  'claude-3-5-haiku-latest',
  'claude-3-haiku-20240307',
];

/** Anthropic Messages API (Claude), optionally with extended thinking. */
export const chatAnthropic: NodeType = {
  icon: badgeIcon('A\\', '#d97757'),
  definition: {
    label: 'ChatAnthropic',
    name: 'chatAnthropic',
    version: 8,
    type: 'ChatAnthropic',
    category: 'Chat Models',
    baseClasses: ['ChatAnthropic', 'ChatAnthropicMessages', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Wrapper around ChatAnthropic large language models that use the Chat endpoint',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['anthropicApi'],
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'claude-3-5-haiku-latest',
      },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      streamingInput,
      {
        label: 'Max Tokens',
        name: 'maxTokensToSample',
        type: 'number',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      { label: 'Top P', name: 'topP', type: 'number', step: 0.1, optional: true, additionalParams: true },
      { label: 'Top K', name: 'topK', type: 'number', step: 0.1, optional: true, additionalParams: true },
      {
        label: 'Extended Thinking',
        name: 'extendedThinking',
        type: 'boolean',
        description: 'Enable extended thinking for reasoning models such as Claude Sonnet 3.7 and later',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Budget Tokens',
        name: 'budgetTokens',
        type: 'number',
        step: 1,
        default: 1024,
        description: 'Maximum number of tokens Claude may use for its internal reasoning',
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseUrl',
        type: 'string',
        optional: true,
        additionalParams: true,
        description:
          'Anthropic-compatible endpoint, e.g. https://proxy.example/v1 (default api.anthropic.com/v1)',
      },
      imageUploadInputs[0]!,
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'claude-3-5-haiku-latest';
    const { createAnthropic } = await providers.anthropic();
    const provider = createAnthropic({
      fetch: modelFetch(ctx.run.services),
      apiKey: stringInput(credential.anthropicApiKey) ?? '',
      baseURL: modelEndpoint(ctx, {
        provider: 'anthropic',
        typed: stringInput(inputs.baseUrl),
        credential,
        secretField: 'anthropicApiKey',
      }),
    });
    const thinking = booleanInput(inputs.extendedThinking, false);
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'Anthropic',
      modelName,
      model: provider.messages(modelName),
      settings: compactSettings({
        // Anthropic refuses a custom temperature while thinking.
        temperature: thinking ? undefined : numberInput(inputs.temperature),
        maxOutputTokens: numberInput(inputs.maxTokensToSample),
        topP: numberInput(inputs.topP),
        topK: numberInput(inputs.topK),
      }),
      ...(thinking && {
        providerOptions: {
          anthropic: {
            thinking: { type: 'enabled', budgetTokens: numberInput(inputs.budgetTokens) ?? 1024 },
          },
        },
      }),
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: booleanInput(inputs.allowImageUploads, false),
    };
  },
};
