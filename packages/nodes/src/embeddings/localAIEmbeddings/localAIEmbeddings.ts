import type { NodeType } from '@flowloom/engine';
import { stringInput } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { providers } from '../../llm/provider-modules.js';
import { badgeIcon } from '../../utilities/icons.js';
import { modelEndpoint } from '../../chat-models/shared-inputs.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, type EmbeddingsHandle } from '../embeddings.js';

/**
 * Embeddings from LocalAI or any other server speaking OpenAI's `POST <Base Path>/embeddings`
 * (llama.cpp, vLLM, …). The credential is only needed when the server checks a key.
 */
export const localAIEmbeddings: NodeType = {
  icon: badgeIcon('LA', '#5a4fcf'),
  definition: {
    label: 'LocalAI Embedding',
    name: 'localAIEmbeddings',
    version: 1,
    type: 'LocalAI Embeddings',
    category: 'Embeddings',
    baseClasses: ['LocalAI Embeddings', 'Embeddings'],
    description: 'Turns text into vectors with a local embedding model, e.g. on LocalAI or llama.cpp',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['localAIApi'],
      optional: true,
    },
    inputs: [
      { label: 'Base Path', name: 'basePath', type: 'string', placeholder: 'http://localhost:8080/v1' },
      { label: 'Model Name', name: 'modelName', type: 'string', placeholder: 'text-embedding-ada-002' },
    ],
  },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName);
    if (!modelName) throw new Error('Model Name is required, e.g. text-embedding-ada-002');
    const baseURL = modelEndpoint(ctx, {
      provider: 'localai',
      typed: stringInput(inputs.basePath),
      credential,
      secretField: 'localAIApiKey',
    });
    if (!baseURL) throw new Error('Base Path is required, e.g. http://localhost:8080/v1');
    const { createOpenAICompatible } = await providers.openaiCompatible();
    const provider = createOpenAICompatible({
      name: 'localai',
      baseURL,
      apiKey: stringInput(credential.localAIApiKey),
      fetch: modelFetch(ctx.run.services),
    });
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(modelName),
      { provider: 'LocalAI', modelName },
      { ...EMBEDDING_DEFAULTS, stripNewLines: false },
    );
  },
};
