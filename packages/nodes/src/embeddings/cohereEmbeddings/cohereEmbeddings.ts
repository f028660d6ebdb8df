import type { NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { providers } from '../../llm/provider-modules.js';
import { badgeIcon } from '../../utilities/icons.js';
import { modelEndpoint, staticModelOptions } from '../../chat-models/shared-inputs.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, type EmbeddingsHandle } from '../embeddings.js';

const MODELS = [
  'embed-english-v3.0',
  'embed-english-light-v3.0',
  'embed-multilingual-v3.0',
  'embed-multilingual-light-v3.0',
  'embed-english-v2.0',
  'embed-english-light-v2.0',
  'embed-multilingual-v2.0',
];

const INPUT_TYPES = [
  {
    label: 'search_document',
    name: 'search_document',
    description: 'Texts to store in a vector database for search',
  },
  {
    label: 'search_query',
    name: 'search_query',
    description: 'Queries run against a vector database to find documents',
  },
  {
    label: 'classification',
    name: 'classification',
    description: 'Texts a classifier will read as input',
  },
  { label: 'clustering', name: 'clustering', description: 'Texts to group into clusters' },
] as const;
type InputType = (typeof INPUT_TYPES)[number]['name'];

function inputTypeOf(value: unknown): InputType {
  const chosen = stringInput(value);
  const known = INPUT_TYPES.find((type) => type.name === chosen);
  return known?.name ?? 'search_query';
}

/** Cohere embeddings (`POST /v2/embed`). */
export const cohereEmbeddings: NodeType = {
  icon: badgeIcon('Co', '#39594d'),
  definition: {
    label: 'Cohere Embedding',
    name: 'cohereEmbeddings',
    version: 3,
    type: 'CohereEmbeddings',
    category: 'Embeddings',
    baseClasses: ['CohereEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with a Cohere embedding model',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['cohereApi'],
    },
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'embed-english-v2.0',
      },
      {
        label: 'Type',
        name: 'inputType',
        type: 'options',
        description:
          'What the texts are, which v3 and later models need: documents to store, queries, or input for classification or clustering',
        options: [...INPUT_TYPES],
        default: 'search_query',
        optional: true,
      },
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'embed-english-v2.0';
    const { createCohere } = await providers.cohere();
    const provider = createCohere({
      fetch: modelFetch(ctx.run.services),
      apiKey: stringInput(credential.cohereApiKey) ?? '',
      baseURL: modelEndpoint(ctx, {
        provider: 'cohere',
        typed: undefined,
        credential,
        secretField: 'cohereApiKey',
      }),
    });
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(modelName),
      { provider: 'Cohere', modelName },
      {
        ...EMBEDDING_DEFAULTS,
        // The API's limit of texts per request.
        batchSize: 96,
        stripNewLines: false,
        providerOptions: { cohere: { inputType: inputTypeOf(inputs.inputType) } },
      },
    );
  },
};
