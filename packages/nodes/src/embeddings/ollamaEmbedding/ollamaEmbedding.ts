import type { NodeType } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { badgeIcon } from '../../utilities/icons.js';
import { OLLAMA_DEFAULT_URL, ollamaClient, withBodyFields } from '../../chat-models/provider-clients.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, type EmbeddingsHandle } from '../embeddings.js';

const advancedNumber = (label: string, name: string, description: string) => ({
  label,
  name,
  type: 'number',
  step: 1,
  description,
  optional: true,
  additionalParams: true,
});

/** Embeddings from a model served by Ollama (`POST /api/embed`); no credential needed. */
export const ollamaEmbedding: NodeType = {
  icon: badgeIcon('Ol', '#1f1f1f'),
  definition: {
    label: 'Ollama Embedding',
    name: 'ollamaEmbedding',
    version: 2,
    type: 'OllamaEmbeddings',
    category: 'Embeddings',
    baseClasses: ['OllamaEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with an open-source embedding model served by Ollama',
    inputs: [
      { label: 'Base URL', name: 'baseUrl', type: 'string', default: OLLAMA_DEFAULT_URL },
      { label: 'Model Name', name: 'modelName', type: 'string', placeholder: 'llama2' },
      advancedNumber(
        'Number of GPU',
        'numGpu',
        'Model layers to put on the GPU(s); 0 keeps the model on the CPU',
      ),
      advancedNumber(
        'Number of Thread',
        'numThread',
        'CPU threads for the computation; best set to the number of physical cores (Ollama picks one by default)',
      ),
      {
        label: 'Use MMap',
        name: 'useMMap',
        type: 'boolean',
        default: true,
        optional: true,
        additionalParams: true,
      },
    ],
  },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const modelName = stringInput(inputs.modelName);
    if (!modelName) throw new Error('Model Name is required, e.g. nomic-embed-text');
    const options: Record<string, number | boolean> = {
      use_mmap: booleanInput(inputs.useMMap, true),
    };
    const numGpu = numberInput(inputs.numGpu);
    const numThread = numberInput(inputs.numThread);
    if (numGpu !== undefined) options.num_gpu = numGpu;
    if (numThread !== undefined) options.num_thread = numThread;
    // The provider sends no model options with embeddings, so they go into each request body.
    const provider = await ollamaClient(
      ctx,
      {},
      { fetch: withBodyFields(modelFetch(ctx.run.services), { options }) },
    );
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(modelName),
      { provider: 'Ollama', modelName },
      { ...EMBEDDING_DEFAULTS, stripNewLines: false },
    );
  },
};
