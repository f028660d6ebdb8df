import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  CHAT_MODEL_BASE_CLASSES,
  imageUploadInputs,
  staticModelOptions,
  streamingInput,
} from '../shared-inputs.js';
import { googleClient } from '../provider-clients.js';

const MODELS = [
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-2.5-flash-lite',
  'gemini-2.0-flash',
  'gemini-1.5-pro',
];

const HARM_CATEGORIES = [
  { label: 'Dangerous', name: 'HARM_CATEGORY_DANGEROUS_CONTENT' },
  { label: 'Harassment', name: 'HARM_CATEGORY_HARASSMENT' },
  { label: 'Hate Speech', name: 'HARM_CATEGORY_HATE_SPEECH' },
  { label: 'Sexually Explicit', name: 'HARM_CATEGORY_SEXUALLY_EXPLICIT' },
];
const HARM_THRESHOLDS = [
  { label: 'Low and Above', name: 'BLOCK_LOW_AND_ABOVE' },
  { label: 'Medium and Above', name: 'BLOCK_MEDIUM_AND_ABOVE' },
  { label: 'None', name: 'BLOCK_NONE' },
  { label: 'Only High', name: 'BLOCK_ONLY_HIGH' },
  { label: 'Threshold Unspecified', name: 'HARM_BLOCK_THRESHOLD_UNSPECIFIED' },
];

/** multiOptions values arrive as an array, a JSON array text, or comma-separated text. */
function listInput(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string' || value.trim() === '') return [];
  if (value.trim().startsWith('[')) return listInput(JSON.parse(value) as unknown);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** Pairs Harm Category i with Harm Block Threshold i, as Flowise does. */
function safetySettings(categories: unknown, thresholds: unknown) {
  const c = listInput(categories);
  const t = listInput(thresholds);
  if (c.length !== t.length)
    throw new Error('Harm Category and Harm Block Threshold must list the same number of entries');
  return c.map((category, i) => ({ category, threshold: t[i]! }));
}

/** Google Gemini through the Generative Language API (`generateContent`). */
export const chatGoogleGenerativeAI: NodeType = {
  icon: badgeIcon('G', '#4285f4'),
  definition: {
    label: 'ChatGoogleGenerativeAI',
    name: 'chatGoogleGenerativeAI',
    version: 3,
    type: 'ChatGoogleGenerativeAI',
    category: 'Chat Models',
    baseClasses: ['ChatGoogleGenerativeAI', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Wrapper around Google Gemini large language models that use the Chat endpoint',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['googleGenerativeAI'],
      description: 'Google Generative AI credential.',
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gemini-2.5-flash',
      },
      {
        label: 'Custom Model Name',
        name: 'customModelName',
        type: 'string',
        placeholder: 'gemini-2.5-pro-exp',
        description: 'Custom model name to use. If provided, it will override the model selected',
        optional: true,
        additionalParams: true,
      },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      streamingInput,
      {
        label: 'Max Output Tokens',
        name: 'maxOutputTokens',
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
        label: 'Top Next Highest Probability Tokens',
        name: 'topK',
        type: 'number',
        description:
          'Decode using top-k sampling: consider the set of top_k most probable tokens. Must be positive',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Harm Category',
        name: 'harmCategory',
        type: 'multiOptions',
        options: HARM_CATEGORIES,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Harm Block Threshold',
        name: 'harmBlockThreshold',
        type: 'multiOptions',
        description: 'One threshold per chosen Harm Category, in the same order',
        options: HARM_THRESHOLDS,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Base URL',
        name: 'baseUrl',
        type: 'string',
        description: 'Base URL for the API. Leave empty to use the default.',
        optional: true,
        additionalParams: true,
      },
      imageUploadInputs[0]!,
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName =
      stringInput(inputs.customModelName) ?? stringInput(inputs.modelName) ?? 'gemini-2.5-flash';
    const provider = await googleClient(ctx, credential, inputs.baseUrl);
    const safety = safetySettings(inputs.harmCategory, inputs.harmBlockThreshold);
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'Google Generative AI',
      modelName,
      model: provider.chat(modelName),
      settings: compactSettings({
        temperature: numberInput(inputs.temperature),
        maxOutputTokens: numberInput(inputs.maxOutputTokens),
        topP: numberInput(inputs.topP),
        topK: numberInput(inputs.topK),
      }),
      ...(safety.length > 0 && { providerOptions: { google: { safetySettings: safety } } }),
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: booleanInput(inputs.allowImageUploads, false),
    };
  },
};
