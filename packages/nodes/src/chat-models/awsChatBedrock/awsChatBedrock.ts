import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { bedrockClient, regionInput, regionOptions } from '../../llm/bedrock-client.js';
import { converseModel } from '../../llm/bedrock-converse.js';
import { badgeIcon } from '../../utilities/icons.js';
import { CHAT_MODEL_BASE_CLASSES, staticModelOptions, streamingInput } from '../shared-inputs.js';

const DEFAULT_MODEL = 'anthropic.claude-haiku-4-5-20251001-v1:0';

/** Models offered in the Model Name list; those in {@link PROFILE_ONLY} run through an inference profile. */
export const BEDROCK_CHAT_MODELS = [
  'anthropic.claude-haiku-4-5-20251001-v1:0',
  'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'anthropic.claude-sonnet-4-20250514-v1:0',
  'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'anthropic.claude-3-haiku-20240307-v1:0',
  'amazon.nova-pro-v1:0',
  'amazon.nova-lite-v1:0',
  'amazon.nova-micro-v1:0',
  'meta.llama3-3-70b-instruct-v1:0',
  'meta.llama3-1-8b-instruct-v1:0',
  'mistral.mistral-large-2407-v1:0',
  'cohere.command-r-plus-v1:0',
];

/** Models AWS serves on demand only through a cross-region inference profile (`us.…`, `eu.…`). */
const PROFILE_ONLY = new Set([
  'anthropic.claude-haiku-4-5-20251001-v1:0',
  'anthropic.claude-sonnet-4-5-20250929-v1:0',
  'anthropic.claude-sonnet-4-20250514-v1:0',
  'anthropic.claude-3-7-sonnet-20250219-v1:0',
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'meta.llama3-3-70b-instruct-v1:0',
]);

const GEO_PREFIX = /^(us|eu|apac|jp|au|ca|us-gov|global)\./;
const MODEL_PATTERN = /^[\w.:/-]{1,200}$/;

/** The geography prefix of a region's inference profiles. */
function geoOf(region: string): string {
  if (region.startsWith('us-gov-')) return 'us-gov';
  if (region.startsWith('eu-')) return 'eu';
  if (region.startsWith('ap-')) return 'apac';
  return 'us';
}

/**
 * The id a call names: a Custom Model ARN as it is; a listed model through the global profile when
 * asked, through its region's profile when AWS serves it only that way, else as it is.
 */
export function bedrockModelId(
  who: string,
  region: string,
  model: string,
  custom: string | undefined,
  global: boolean,
) {
  if (custom) {
    if (!custom.startsWith('arn:aws') || !MODEL_PATTERN.test(custom))
      throw new Error(
        `${who}: the Custom Model ARN must be a whole Bedrock ARN (arn:aws:bedrock:…); choose built-in models in Model Name`,
      );
    return custom;
  }
  if (!MODEL_PATTERN.test(model))
    throw new Error(`${who}: "${model.slice(0, 60)}" is not a Bedrock model id`);
  if (GEO_PREFIX.test(model) || model.startsWith('arn:')) return model;
  if (global) return `global.${model}`;
  return PROFILE_ONLY.has(model) ? `${geoOf(region)}.${model}` : model;
}

/** Chat models on AWS Bedrock through its Converse API (tools, images, streaming). */
export const awsChatBedrock: NodeType = {
  icon: badgeIcon('AWS', '#232f3e', '#ff9900'),
  definition: {
    label: 'AWS Bedrock',
    name: 'awsChatBedrock',
    version: 6.1,
    type: 'AWSChatBedrock',
    category: 'Chat Models',
    baseClasses: ['AWSChatBedrock', ...CHAT_MODEL_BASE_CLASSES],
    description:
      'Chat models hosted on AWS Bedrock (Claude, Nova, Llama, Mistral…), through the Converse API',
    credential: {
      label: 'AWS Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['awsApi'],
      optional: true,
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      regionInput,
      {
        label: 'Model Name',
        name: 'model',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: DEFAULT_MODEL,
        optional: true,
      },
      {
        label: 'Custom Model ARN',
        name: 'customModel',
        type: 'string',
        placeholder: 'arn:aws:bedrock:us-east-1:123456789012:provisioned-model/abc',
        description:
          'An imported, fine-tuned or provisioned model, or an inference profile, by its whole ARN',
        optional: true,
      },
      {
        label: 'Custom Endpoint Host',
        name: 'endpointHost',
        type: 'string',
        placeholder: 'bedrock-runtime.us-east-1.amazonaws.com',
        description:
          'Another host for the runtime API, e.g. a VPC endpoint (a host name; requests stay signed)',
        optional: true,
        additionalParams: true,
      },
      streamingInput,
      {
        label: 'Allow Image Uploads',
        name: 'allowImageUploads',
        type: 'boolean',
        default: false,
        optional: true,
        description: 'Let chat users attach images to their questions (models that read images).',
      },
      {
        label: 'Temperature',
        name: 'temperature',
        type: 'number',
        step: 0.1,
        default: 0.7,
        optional: true,
        additionalParams: true,
        description: 'Randomness of the answer (not every model takes it)',
      },
      {
        label: 'Max Tokens to Sample',
        name: 'max_tokens_to_sample',
        type: 'number',
        step: 10,
        default: 200,
        optional: true,
        additionalParams: true,
        description: 'Longest answer, in tokens',
      },
      {
        label: 'Latency Optimized',
        name: 'latencyOptimized',
        type: 'boolean',
        default: false,
        optional: true,
        additionalParams: true,
        description: 'Ask for latency-optimised inference (models and regions that offer it)',
      },
      {
        label: 'Use Global Inference Endpoint',
        name: 'useGlobalEndpoint',
        type: 'boolean',
        default: false,
        optional: true,
        additionalParams: true,
        description: 'Run through the global cross-region inference profile (global.…)',
      },
    ],
  },
  loadMethods: {
    listModels: () => Promise.resolve(staticModelOptions(BEDROCK_CHAT_MODELS)),
    listRegions: regionOptions,
  },
  async init(ctx): Promise<ChatModelHandle> {
    const who = ctx.node.label || 'AWS Bedrock';
    const region = stringInput(ctx.inputs.region) ?? 'us-east-1';
    const modelId = bedrockModelId(
      who,
      region,
      stringInput(ctx.inputs.model) ?? DEFAULT_MODEL,
      stringInput(ctx.inputs.customModel),
      booleanInput(ctx.inputs.useGlobalEndpoint, false),
    );
    const client = await bedrockClient(ctx, who);
    const maxTokens = numberInput(ctx.inputs.max_tokens_to_sample) ?? 200;
    return {
      kind: 'chatModel',
      label: who,
      provider: 'AWS Bedrock',
      modelName: modelId,
      model: converseModel({
        client,
        modelId,
        label: who,
        latencyOptimized: booleanInput(ctx.inputs.latencyOptimized, false),
      }),
      settings: compactSettings({
        temperature: numberInput(ctx.inputs.temperature) ?? 0.7,
        maxOutputTokens: Math.floor(maxTokens),
      }),
      streaming: booleanInput(ctx.inputs.streaming, true),
      allowImageUploads: booleanInput(ctx.inputs.allowImageUploads, false),
    };
  },
};
