import type { NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import {
  booleanInput,
  compactSettings,
  numberInput,
  objectInput,
  stringInput,
  type ChatModelHandle,
} from '../llm/chat-model.js';
import { modelFetch } from '../llm/lean-fetch.js';
import { providers } from '../llm/provider-modules.js';
import { badgeIcon } from '../utilities/icons.js';
import {
  CHAT_MODEL_BASE_CLASSES,
  imageUploadInputs,
  modelEndpoint,
  OFFICIAL_BASE_URLS,
  optionalNumber,
  staticModelOptions,
} from './shared-inputs.js';

/**
 * A chat model node for a service that speaks OpenAI's chat completions (DeepSeek, OpenRouter, xAI,
 * Together, Cerebras, LocalAI, Hugging Face, Fireworks, SambaNova…), with the Flowise node's names.
 */
export interface CompatibleModelSpec {
  name: string;
  label: string;
  type: string;
  version: number;
  /** Key of `providerBaseUrls` (operator default) and of `OFFICIAL_BASE_URLS` (its public endpoint). */
  provider: string;
  /** Shown on the handle as the provider (`provider` of the model handle). */
  providerLabel: string;
  credentialName: string;
  /** The credential field holding the key. */
  keyField: string;
  /** A key is needed (LocalAI-style servers may take none). */
  keyRequired: boolean;
  /** The node's model input name (`modelName`; Hugging Face: `model`). */
  modelInput: string;
  defaultModel: string | undefined;
  models: string[];
  /** The node's Base URL input name (`basepath`, `basePath`, `endpoint`…), when it has one. */
  baseUrlInput?: string;
  temperature: number;
  images?: boolean;
  glyph: string;
  color: string;
  description: string;
}

export function compatibleChatModel(spec: CompatibleModelSpec): NodeType {
  const official = OFFICIAL_BASE_URLS[spec.provider];
  const inputs: NodeParam[] = [
    { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
    {
      label: 'Model Name',
      name: spec.modelInput,
      type: 'asyncOptions',
      loadMethod: 'listModels',
      ...(spec.defaultModel && { default: spec.defaultModel, placeholder: spec.defaultModel }),
    },
    {
      label: 'Temperature',
      name: 'temperature',
      type: 'number',
      step: 0.1,
      default: spec.temperature,
      optional: true,
    },
    { label: 'Streaming', name: 'streaming', type: 'boolean', default: true, optional: true },
    optionalNumber('Max Tokens', 'maxTokens', 1),
    optionalNumber('Top Probability', 'topP'),
    optionalNumber('Frequency Penalty', 'frequencyPenalty'),
    optionalNumber('Presence Penalty', 'presencePenalty'),
    optionalNumber('Timeout', 'timeout', 1),
  ];
  if (spec.baseUrlInput)
    inputs.push({
      label: 'Base Path',
      name: spec.baseUrlInput,
      type: 'string',
      optional: !spec.keyRequired || official !== undefined,
      additionalParams: official !== undefined,
      ...(official && { placeholder: official }),
      description: `The OpenAI-compatible endpoint${official ? ` (default ${official})` : ''}`,
    });
  inputs.push({
    label: 'Base Options',
    name: 'baseOptions',
    type: 'json',
    optional: true,
    additionalParams: true,
    description: 'Extra options, e.g. {"headers": {"X-Team": "a"}}',
  });
  if (spec.images) inputs.push(...imageUploadInputs);

  return {
    icon: badgeIcon(spec.glyph, spec.color),
    definition: {
      label: spec.label,
      name: spec.name,
      version: spec.version,
      type: spec.type,
      category: 'Chat Models',
      baseClasses: [spec.type, ...CHAT_MODEL_BASE_CLASSES],
      description: spec.description,
      credential: {
        label: 'Connect Credential',
        name: 'credential',
        type: 'credential',
        credentialNames: [spec.credentialName],
        ...(!spec.keyRequired && { optional: true }),
      },
      inputs,
    },
    loadMethods: { listModels: () => Promise.resolve(staticModelOptions(spec.models)) },
    async init(ctx): Promise<ChatModelHandle> {
      const { inputs: values } = ctx;
      const credential = await ctx.credential();
      const apiKey = stringInput(credential[spec.keyField]);
      if (spec.keyRequired && !apiKey) throw new Error(`Connect a ${spec.label} credential with its API key`);
      const modelName = stringInput(values[spec.modelInput]) ?? spec.defaultModel;
      if (!modelName) throw new Error(`${spec.label}: choose a model`);
      const baseURL = modelEndpoint(ctx, {
        provider: spec.provider,
        typed: spec.baseUrlInput ? stringInput(values[spec.baseUrlInput]) : undefined,
        credential,
        secretField: spec.keyField,
      });
      if (!baseURL && !official)
        throw new Error(`${spec.label}: enter the Base Path of the server (e.g. http://localhost:8080/v1)`);
      let baseOptions: Record<string, unknown> | undefined;
      try {
        baseOptions = objectInput(values.baseOptions);
      } catch {
        throw new Error(`${spec.label}: Base Options must be a JSON object`);
      }
      const { createOpenAI } = await providers.openai();
      const provider = createOpenAI({
        apiKey: apiKey ?? 'none',
        baseURL: baseURL ?? official,
        ...(baseOptions?.headers !== undefined && { headers: baseOptions.headers as Record<string, string> }),
        fetch: modelFetch(ctx.run.services),
      });
      return {
        kind: 'chatModel',
        label: ctx.node.label,
        provider: spec.providerLabel,
        modelName,
        model: provider.chat(modelName),
        settings: compactSettings({
          temperature: numberInput(values.temperature),
          maxOutputTokens: numberInput(values.maxTokens),
          topP: numberInput(values.topP),
          frequencyPenalty: numberInput(values.frequencyPenalty),
          presencePenalty: numberInput(values.presencePenalty),
          timeout: numberInput(values.timeout),
        }),
        streaming: booleanInput(values.streaming, true),
        allowImageUploads: spec.images === true && booleanInput(values.allowImageUploads, false),
      };
    },
  };
}

const common = { version: 1, temperature: 0.9, modelInput: 'modelName', keyRequired: true } as const;

/** The OpenAI-compatible chat models of Flowise's marketplace and their credentials. */
export const compatibleChatModels: NodeType[] = [
  compatibleChatModel({
    ...common,
    name: 'chatDeepseek',
    label: 'Deepseek',
    type: 'chatDeepseek',
    temperature: 0.7,
    provider: 'deepseek',
    providerLabel: 'DeepSeek',
    credentialName: 'deepseekApi',
    keyField: 'deepseekApiKey',
    defaultModel: 'deepseek-chat',
    models: ['deepseek-chat', 'deepseek-reasoner'],
    glyph: 'DS',
    color: '#4d6bfe',
    description: 'DeepSeek’s chat models',
  }),
  compatibleChatModel({
    ...common,
    name: 'chatOpenRouter',
    label: 'OpenRouter',
    type: 'ChatOpenRouter',
    provider: 'openrouter',
    providerLabel: 'OpenRouter',
    credentialName: 'openRouterApi',
    keyField: 'openRouterApiKey',
    defaultModel: undefined,
    models: ['openai/gpt-4o-mini', 'anthropic/claude-3.5-sonnet', 'meta-llama/llama-3.3-70b-instruct'],
    baseUrlInput: 'basepath',
    images: true,
    glyph: 'OR',
    color: '#6467f2',
    description: 'Models of many providers through OpenRouter',
  }),
  compatibleChatModel({
    ...common,
    version: 2,
    name: 'chatXAI',
    label: 'xAI Grok',
    type: 'ChatXAI',
    provider: 'xai',
    providerLabel: 'xAI',
    credentialName: 'xaiApi',
    keyField: 'xaiApiKey',
    defaultModel: undefined,
    models: ['grok-3', 'grok-3-mini', 'grok-2-vision-1212'],
    images: true,
    glyph: 'xAI',
    color: '#111111',
    description: 'xAI’s Grok models',
  }),
  compatibleChatModel({
    ...common,
    version: 2,
    name: 'chatTogetherAI',
    label: 'TogetherAI',
    type: 'ChatTogetherAI',
    provider: 'together',
    providerLabel: 'Together AI',
    credentialName: 'togetherAIApi',
    keyField: 'togetherAIApiKey',
    defaultModel: undefined,
    models: ['meta-llama/Llama-3.3-70B-Instruct-Turbo', 'mistralai/Mixtral-8x7B-Instruct-v0.1'],
    glyph: 'T',
    color: '#0f6fff',
    description: 'Open models hosted by Together AI',
  }),
  compatibleChatModel({
    ...common,
    version: 3,
    name: 'chatCerebras',
    label: 'Cerebras',
    type: 'ChatCerebras',
    provider: 'cerebras',
    providerLabel: 'Cerebras',
    credentialName: 'cerebrasAIApi',
    keyField: 'cerebrasApiKey',
    defaultModel: 'llama3.1-8b',
    models: ['llama3.1-8b', 'llama-3.3-70b'],
    baseUrlInput: 'basepath',
    glyph: 'Ce',
    color: '#f05a28',
    description: 'Fast inference of open models on Cerebras',
  }),
  compatibleChatModel({
    ...common,
    version: 3,
    name: 'chatLocalAI',
    label: 'LocalAI',
    type: 'ChatLocalAI',
    provider: 'localai',
    providerLabel: 'LocalAI',
    credentialName: 'localAIApi',
    keyField: 'localAIApiKey',
    keyRequired: false,
    defaultModel: undefined,
    models: [],
    baseUrlInput: 'basePath',
    glyph: 'LA',
    color: '#2e7d32',
    description: 'A LocalAI (or other OpenAI-compatible) server you run',
  }),
  compatibleChatModel({
    ...common,
    version: 3,
    name: 'chatHuggingFace',
    label: 'HuggingFace',
    type: 'ChatHuggingFace',
    modelInput: 'model',
    provider: 'huggingface',
    providerLabel: 'Hugging Face',
    credentialName: 'huggingFaceApi',
    keyField: 'huggingFaceApiKey',
    defaultModel: undefined,
    models: ['meta-llama/Llama-3.1-8B-Instruct', 'Qwen/Qwen2.5-72B-Instruct'],
    baseUrlInput: 'endpoint',
    glyph: 'HF',
    color: '#ff9d00',
    description: 'Models served by Hugging Face inference providers',
  }),
  compatibleChatModel({
    ...common,
    version: 2,
    name: 'chatFireworks',
    label: 'Fireworks AI',
    type: 'ChatFireworks',
    provider: 'fireworks',
    providerLabel: 'Fireworks',
    credentialName: 'fireworksApi',
    keyField: 'fireworksApiKey',
    defaultModel: 'accounts/fireworks/models/llama-v3p1-8b-instruct',
    models: ['accounts/fireworks/models/llama-v3p1-8b-instruct'],
    glyph: 'FW',
    color: '#6720ff',
    description: 'Open models hosted by Fireworks AI',
  }),
  compatibleChatModel({
    ...common,
    name: 'chatSambanova',
    label: 'SambaNova',
    type: 'ChatSambanova',
    provider: 'sambanova',
    providerLabel: 'SambaNova',
    credentialName: 'sambanovaApi',
    keyField: 'sambanovaApiKey',
    defaultModel: 'Meta-Llama-3.3-70B-Instruct',
    models: ['Meta-Llama-3.3-70B-Instruct'],
    baseUrlInput: 'basepath',
    glyph: 'SN',
    color: '#ee7624',
    description: 'Open models on SambaNova’s inference cloud',
  }),
  compatibleChatModel({
    ...common,
    version: 4,
    name: 'chatOpenAICustom',
    label: 'OpenAI Custom Model',
    type: 'ChatOpenAI-Custom',
    provider: 'openai',
    providerLabel: 'OpenAI',
    credentialName: 'openAIApi',
    keyField: 'openAIApiKey',
    defaultModel: undefined,
    models: [],
    baseUrlInput: 'basepath',
    glyph: 'OC',
    color: '#10a37f',
    description: 'A fine-tuned or custom OpenAI model by name',
  }),
];
