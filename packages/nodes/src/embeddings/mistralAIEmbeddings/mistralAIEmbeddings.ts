import type { NodeType } from '@flowloom/engine';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { staticModelOptions } from '../../chat-models/shared-inputs.js';
import { mistralClient } from '../../chat-models/provider-clients.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, type EmbeddingsHandle } from '../embeddings.js';
import { batchSizeInput, batchSizeOf, stripNewLinesInput } from '../embedding-inputs.js';

const MODELS = ['mistral-embed', 'codestral-embed'];
const DEFAULT_BATCH_SIZE = 512;

/** Mistral AI embeddings (`POST /v1/embeddings`). */
export const mistralAIEmbeddings: NodeType = {
  icon: badgeIcon('M', '#fa520f'),
  definition: {
    label: 'MistralAI Embedding',
    name: 'mistralAIEmbeddings',
    version: 2,
    type: 'MistralAIEmbeddings',
    category: 'Embeddings',
    baseClasses: ['MistralAIEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with a Mistral AI embedding model',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['mistralAIApi'],
    },
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'mistral-embed',
      },
      batchSizeInput(DEFAULT_BATCH_SIZE),
      stripNewLinesInput(true),
      {
        label: 'Override Endpoint',
        name: 'overrideEndpoint',
        type: 'string',
        optional: true,
        additionalParams: true,
        description: 'Server root such as https://api.mistral.ai (/v1 is added when missing)',
      },
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'mistral-embed';
    const provider = await mistralClient(ctx, credential, inputs.overrideEndpoint);
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(modelName),
      { provider: 'Mistral AI', modelName },
      {
        ...EMBEDDING_DEFAULTS,
        batchSize: batchSizeOf(inputs.batchSize, DEFAULT_BATCH_SIZE),
        stripNewLines: booleanInput(inputs.stripNewLines, true),
      },
    );
  },
};
