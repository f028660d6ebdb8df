import type { NodeType } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { badgeIcon } from '../../utilities/icons.js';
import { staticModelOptions } from '../../chat-models/shared-inputs.js';
import { openAIClient } from '../../chat-models/provider-clients.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, fetchWithTimeout, type EmbeddingsHandle } from '../embeddings.js';
import { baseOptionsHeaders, baseOptionsInput, batchSizeOf, timeoutInput } from '../embedding-inputs.js';

const MODELS = ['text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002'];

/** OpenAI embeddings (also any OpenAI-compatible server through Base Path). */
export const openAIEmbeddings: NodeType = {
  icon: badgeIcon('AI', '#10a37f'),
  definition: {
    label: 'OpenAI Embeddings',
    name: 'openAIEmbeddings',
    version: 4,
    type: 'OpenAIEmbeddings',
    category: 'Embeddings',
    baseClasses: ['OpenAIEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with an OpenAI embedding model',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['openAIApi'],
    },
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'text-embedding-ada-002',
      },
      {
        label: 'Strip New Lines',
        name: 'stripNewLines',
        type: 'boolean',
        optional: true,
        additionalParams: true,
      },
      { label: 'Batch Size', name: 'batchSize', type: 'number', optional: true, additionalParams: true },
      timeoutInput,
      {
        label: 'Base Path',
        name: 'basepath',
        type: 'string',
        optional: true,
        additionalParams: true,
        description: 'OpenAI-compatible server, e.g. http://localhost:8000/v1',
      },
      baseOptionsInput,
      {
        label: 'Dimensions',
        name: 'dimensions',
        type: 'number',
        optional: true,
        additionalParams: true,
        description: 'Shorter vectors, for the models that offer them (text-embedding-3-*)',
      },
      {
        label: 'Encoding Format',
        name: 'encodingFormat',
        type: 'options',
        options: [
          { label: 'float', name: 'float' },
          { label: 'base64', name: 'base64' },
        ],
        optional: true,
        additionalParams: true,
      },
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'text-embedding-ada-002';
    const provider = await openAIClient(ctx, credential, {
      basepath: inputs.basepath,
      headers: baseOptionsHeaders(inputs.baseOptions),
      fetch: fetchWithTimeout(modelFetch(ctx.run.services), numberInput(inputs.timeout)),
    });
    const dimensions = numberInput(inputs.dimensions);
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(modelName),
      { provider: 'OpenAI', modelName },
      {
        ...EMBEDDING_DEFAULTS,
        batchSize: batchSizeOf(inputs.batchSize, EMBEDDING_DEFAULTS.batchSize),
        stripNewLines: booleanInput(inputs.stripNewLines, false),
        ...(dimensions !== undefined && { providerOptions: { openai: { dimensions } } }),
      },
    );
  },
};
