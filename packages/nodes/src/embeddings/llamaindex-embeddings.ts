import type { NodeType } from '@flowloom/engine';
import { staticModelOptions } from '../chat-models/shared-inputs.js';
import { inputsOf, llamaIndexVariant } from '../llamaindex/variant.js';
import { timeoutInput } from './embedding-inputs.js';
import { azureOpenAIEmbeddings } from './azureOpenAIEmbeddings/azureOpenAIEmbeddings.js';
import { openAIEmbeddings } from './openAIEmbeddings/openAIEmbeddings.js';

/**
 * Flowise's LlamaIndex embeddings: what its LlamaIndex vector stores and the Sub Question Query
 * Engine connect to, built by our OpenAI and Azure OpenAI embeddings adapters.
 */

const CLASSES = ['BaseEmbedding_LlamaIndex', 'BaseEmbedding'];

export const openAIEmbedding_LlamaIndex = llamaIndexVariant({
  base: openAIEmbeddings,
  definition: {
    label: 'OpenAI Embedding',
    name: 'openAIEmbedding_LlamaIndex',
    version: 2,
    type: 'OpenAIEmbedding',
    category: 'Embeddings',
    baseClasses: ['OpenAIEmbedding', ...CLASSES],
    description: 'OpenAI embeddings for the LlamaIndex vector stores and engines',
    credential: openAIEmbeddings.definition.credential,
    inputs: [
      ...inputsOf(openAIEmbeddings, ['modelName']),
      timeoutInput,
      { label: 'BasePath', name: 'basepath', type: 'string', optional: true, additionalParams: true },
    ],
  },
  loadMethods: {
    listModels: () =>
      Promise.resolve(
        staticModelOptions(['text-embedding-3-large', 'text-embedding-3-small', 'text-embedding-ada-002']),
      ),
  },
});

export const azureOpenAIEmbeddingsLlamaIndex = llamaIndexVariant({
  base: azureOpenAIEmbeddings,
  definition: {
    label: 'Azure OpenAI Embeddings',
    name: 'azureOpenAIEmbeddingsLlamaIndex',
    version: 1,
    type: 'AzureOpenAIEmbeddings',
    category: 'Embeddings',
    baseClasses: ['AzureOpenAIEmbeddings', ...CLASSES],
    description: 'Embeddings from an Azure OpenAI deployment, for the LlamaIndex vector stores and engines',
    credential: azureOpenAIEmbeddings.definition.credential,
    inputs: [timeoutInput],
  },
});

export const llamaIndexEmbeddings: NodeType[] = [openAIEmbedding_LlamaIndex, azureOpenAIEmbeddingsLlamaIndex];
