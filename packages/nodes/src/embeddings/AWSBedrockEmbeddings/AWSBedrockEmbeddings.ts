import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { NodeContext, NodeType } from '@flowloom/engine';
import { numberInput, stringInput } from '../../llm/chat-model.js';
import {
  bedrockClient,
  bedrockFailure,
  bedrockSdk,
  regionInput,
  regionOptions,
} from '../../llm/bedrock-client.js';
import { badgeIcon } from '../../utilities/icons.js';
import { staticModelOptions } from '../../chat-models/shared-inputs.js';
import type { EmbeddingsHandle } from '../embeddings.js';

const MODELS = [
  'amazon.titan-embed-text-v1',
  'amazon.titan-embed-text-v2:0',
  'amazon.titan-embed-g1-text-02',
  'cohere.embed-english-v3',
  'cohere.embed-multilingual-v3',
];

/** Cohere's limit of texts per request. */
const COHERE_BATCH = 96;
const MAX_BATCH = 100;
const MAX_RETRIES = 10;
/** Grows by this much for each throttled attempt in a row. */
export const THROTTLE_BACKOFF_MS = { step: 200 };

const INPUT_TYPES = ['search_document', 'search_query', 'classification', 'clustering'] as const;

const isThrottled = (error: unknown) =>
  (error as { name?: unknown })?.name === 'ThrottlingException' ||
  (error as { $metadata?: { httpStatusCode?: unknown } })?.$metadata?.httpStatusCode === 429;

/** Calls `invoke`, waiting longer after each throttled attempt, at most `retries` times. */
async function withThrottleRetries<T>(
  ctx: NodeContext,
  retries: number,
  invoke: () => Promise<T>,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await invoke();
    } catch (error) {
      if (!isThrottled(error) || attempt >= retries || ctx.run.signal.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, THROTTLE_BACKOFF_MS.step * (attempt + 1)));
    }
  }
}

/** One InvokeModel call; its JSON answer, or an error saying it was not JSON. */
async function invokeJson(ctx: NodeContext, client: BedrockRuntimeClient, modelId: string, body: unknown) {
  const { InvokeModelCommand } = await bedrockSdk();
  const answer = await client.send(
    new InvokeModelCommand({
      modelId,
      body: JSON.stringify(body),
      contentType: 'application/json',
      accept: 'application/json',
    }),
    { abortSignal: ctx.run.signal },
  );
  try {
    return JSON.parse(new TextDecoder().decode(answer.body)) as Record<string, unknown>;
  } catch (error) {
    throw Object.assign(new SyntaxError('the answer is not JSON'), { cause: error });
  }
}

const isVector = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length > 0 && value.every((n) => typeof n === 'number');

/** Text embeddings of Amazon Titan and Cohere models on AWS Bedrock (InvokeModel). */
export const AWSBedrockEmbeddings: NodeType = {
  icon: badgeIcon('AWS', '#232f3e', '#ff9900'),
  definition: {
    label: 'AWS Bedrock Embedding',
    name: 'AWSBedrockEmbeddings',
    version: 5.1,
    type: 'AWSBedrockEmbeddings',
    category: 'Embeddings',
    baseClasses: ['AWSBedrockEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with an Amazon Titan or Cohere embedding model on AWS Bedrock',
    credential: {
      label: 'AWS Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['awsApi'],
      optional: true,
    },
    inputs: [
      regionInput,
      {
        label: 'Model Name',
        name: 'model',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'amazon.titan-embed-text-v1',
      },
      {
        label: 'Custom Model Name',
        name: 'customModel',
        type: 'string',
        description: 'Another model id; replaces the Model Name',
        optional: true,
      },
      {
        label: 'Custom Endpoint Host',
        name: 'endpointHost',
        type: 'string',
        description: 'Another host for the runtime API, e.g. a VPC endpoint (requests stay signed)',
        optional: true,
      },
      {
        label: 'Cohere Input Type',
        name: 'inputType',
        type: 'options',
        description: 'What the texts are; Cohere models v3 and later need it',
        options: INPUT_TYPES.map((name) => ({ label: name, name })),
        optional: true,
      },
      {
        label: 'Batch Size',
        name: 'batchSize',
        type: 'number',
        description: 'Titan texts embedded at once (one request each); smaller avoids throttling',
        default: 50,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Max AWS API retries',
        name: 'maxRetries',
        type: 'number',
        description: 'Retries of a throttled request, each after a longer wait',
        default: 5,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: {
    listModels: () => Promise.resolve(staticModelOptions(MODELS)),
    listRegions: regionOptions,
  },
  async init(ctx): Promise<EmbeddingsHandle> {
    const who = ctx.node.label || 'AWS Bedrock Embedding';
    const modelName =
      stringInput(ctx.inputs.customModel) ?? stringInput(ctx.inputs.model) ?? 'amazon.titan-embed-text-v1';
    if (!/^[\w.:/-]{1,200}$/.test(modelName))
      throw new Error(`${who}: "${modelName.slice(0, 60)}" is not a Bedrock model id`);
    const cohere = modelName.startsWith('cohere.');
    const inputType = stringInput(ctx.inputs.inputType);
    if (cohere && !INPUT_TYPES.includes(inputType as never))
      throw new Error(`${who}: choose the Cohere Input Type for Cohere models`);
    const batchSize = Math.min(MAX_BATCH, Math.max(1, Math.floor(numberInput(ctx.inputs.batchSize) ?? 50)));
    const retries = Math.min(MAX_RETRIES, Math.max(0, Math.floor(numberInput(ctx.inputs.maxRetries) ?? 5)));
    const client = await bedrockClient(ctx, who);
    const call = (body: unknown) =>
      withThrottleRetries(ctx, retries, () => invokeJson(ctx, client, modelName, body));

    const embedTitan = async (text: string) => {
      const answer = await call({ inputText: text.replace(/\n/g, ' ') });
      if (!isVector(answer.embedding)) throw new SyntaxError('the answer holds no embedding');
      return answer.embedding;
    };
    const embedCohere = async (texts: readonly string[]) => {
      const answer = await call({
        texts: texts.map((t) => t.replace(/\n/g, ' ')),
        input_type: inputType,
        truncate: 'END',
      });
      const vectors = answer.embeddings;
      if (!Array.isArray(vectors) || vectors.length !== texts.length || !vectors.every(isVector))
        throw new SyntaxError('the answer holds no embeddings for the texts');
      return vectors;
    };
    const embedDocuments = async (texts: readonly string[]): Promise<number[][]> => {
      const vectors: number[][] = [];
      const size = cohere ? COHERE_BATCH : batchSize;
      try {
        for (let start = 0; start < texts.length; start += size) {
          const batch = texts.slice(start, start + size);
          vectors.push(...(cohere ? await embedCohere(batch) : await Promise.all(batch.map(embedTitan))));
        }
      } catch (error) {
        if (ctx.run.signal.aborted) throw error;
        throw bedrockFailure(`${who} (${modelName})`, error);
      }
      return vectors;
    };
    return {
      kind: 'embeddings',
      provider: 'AWS Bedrock',
      modelName,
      embedDocuments,
      embedQuery: async (text) => (await embedDocuments([text]))[0] ?? [],
    };
  },
};
