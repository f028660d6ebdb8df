import { modelFetch } from '../../llm/lean-fetch.js';
import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { CHAT_MODEL_BASE_CLASSES, modelEndpoint, staticModelOptions } from '../shared-inputs.js';
import { providers } from '../../llm/provider-modules.js';

const MODELS = [
  'llama-3.3-70b-versatile',
  'llama-3.1-8b-instant',
  'openai/gpt-oss-120b',
  'openai/gpt-oss-20b',
  'qwen/qwen3-32b',
];

/** Groq's OpenAI-compatible chat completions (LPU inference). */
export const groqChat: NodeType = {
  icon: badgeIcon('Gq', '#f55036'),
  definition: {
    label: 'GroqChat',
    name: 'groqChat',
    version: 4,
    type: 'GroqChat',
    category: 'Chat Models',
    baseClasses: ['GroqChat', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Wrapper around Groq API with LPU Inference Engine',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['groqApi'],
      optional: true,
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        placeholder: 'llama-3.3-70b-versatile',
        default: 'llama-3.3-70b-versatile',
      },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      { label: 'Streaming', name: 'streaming', type: 'boolean', default: true, optional: true },
      {
        label: 'Max Tokens',
        name: 'maxTokens',
        type: 'number',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseUrl',
        type: 'string',
        optional: true,
        additionalParams: true,
        description: 'Groq-compatible endpoint (default https://api.groq.com/openai/v1)',
      },
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'llama-3.3-70b-versatile';
    const apiKey = stringInput(credential.groqApiKey);
    if (!apiKey) throw new Error('Connect a Groq API credential');
    const { createGroq } = await providers.groq();
    const provider = createGroq({
      apiKey,
      baseURL: modelEndpoint(ctx, {
        provider: 'groq',
        typed: stringInput(inputs.baseUrl),
        credential,
        secretField: 'groqApiKey',
      }),
      fetch: modelFetch(ctx.run.services),
    });
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'Groq',
      modelName,
      model: provider.languageModel(modelName),
      settings: compactSettings({
        temperature: numberInput(inputs.temperature),
        maxOutputTokens: numberInput(inputs.maxTokens),
      }),
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: false,
    };
  },
};
