import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  objectInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { CHAT_MODEL_BASE_CLASSES, imageUploadInputs, staticModelOptions } from '../shared-inputs.js';
import { openAIClient } from '../provider-clients.js';

const MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'o3-mini',
  'o4-mini',
  'gpt-4-turbo',
  'gpt-3.5-turbo',
];

/** OpenAI chat completions (also any OpenAI-compatible server through Base Path). */
export const chatOpenAI: NodeType = {
  icon: badgeIcon('AI', '#10a37f'),
  definition: {
    label: 'ChatOpenAI',
    name: 'chatOpenAI',
    version: 6,
    type: 'ChatOpenAI',
    category: 'Chat Models',
    baseClasses: ['ChatOpenAI', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Wrapper around OpenAI large language models that use the Chat endpoint',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi'],
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gpt-4o-mini',
      },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      {
        label: 'Streaming',
        name: 'streaming',
        type: 'boolean',
        default: true,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max Tokens',
        name: 'maxTokens',
        type: 'number',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Top Probability',
        name: 'topP',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Frequency Penalty',
        name: 'frequencyPenalty',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Presence Penalty',
        name: 'presencePenalty',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      { label: 'Timeout', name: 'timeout', type: 'number', step: 1, optional: true, additionalParams: true },
      {
        label: 'Base Path',
        name: 'basepath',
        type: 'string',
        optional: true,
        additionalParams: true,
        description: 'OpenAI-compatible server, e.g. http://localhost:8000/v1',
      },
      {
        label: 'Base Options',
        name: 'baseOptions',
        type: 'json',
        optional: true,
        additionalParams: true,
        description: 'Extra options, e.g. {"headers": {"X-Team": "a"}}',
      },
      ...imageUploadInputs,
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const baseOptions = objectInput(inputs.baseOptions);
    const modelName = stringInput(inputs.modelName) ?? 'gpt-4o-mini';
    const provider = await openAIClient(ctx, credential, {
      basepath: inputs.basepath,
      headers: baseOptions?.headers as Record<string, string> | undefined,
    });
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'OpenAI',
      modelName,
      model: provider.chat(modelName),
      settings: compactSettings({
        temperature: numberInput(inputs.temperature),
        maxOutputTokens: numberInput(inputs.maxTokens),
        topP: numberInput(inputs.topP),
        frequencyPenalty: numberInput(inputs.frequencyPenalty),
        presencePenalty: numberInput(inputs.presencePenalty),
        timeout: numberInput(inputs.timeout),
      }),
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: booleanInput(inputs.allowImageUploads, false),
    };
  },
};
