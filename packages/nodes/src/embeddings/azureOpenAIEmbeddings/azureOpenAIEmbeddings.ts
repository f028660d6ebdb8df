import type { NodeType } from '@flowloom/engine';
import { numberInput, stringInput } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { badgeIcon } from '../../utilities/icons.js';
import { azureClient } from '../../chat-models/provider-clients.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, fetchWithTimeout, type EmbeddingsHandle } from '../embeddings.js';
import {
  baseOptionsHeaders,
  baseOptionsInput,
  batchSizeInput,
  batchSizeOf,
  timeoutInput,
} from '../embedding-inputs.js';

const DEFAULT_BATCH_SIZE = 100;

/**
 * Embeddings from an Azure OpenAI deployment (`/openai/deployments/<deployment>/embeddings`). The
 * instance, deployment and API version come from the `azureOpenAIApi` credential, as for the chat node.
 */
export const azureOpenAIEmbeddings: NodeType = {
  icon: badgeIcon('Az', '#0078d4'),
  definition: {
    label: 'Azure OpenAI Embedding',
    name: 'azureOpenAIEmbeddings',
    version: 2,
    type: 'AzureOpenAIEmbeddings',
    category: 'Embeddings',
    baseClasses: ['AzureOpenAIEmbeddings', 'OpenAIEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with an embedding model deployed on Azure OpenAI',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['azureOpenAIApi'],
    },
    inputs: [
      batchSizeInput(String(DEFAULT_BATCH_SIZE)),
      timeoutInput,
      {
        label: 'Base Path',
        name: 'basepath',
        type: 'string',
        optional: true,
        additionalParams: true,
        description:
          'Replaces https://<instance>.openai.azure.com/openai, e.g. a proxy (a trailing /deployments is accepted)',
      },
      baseOptionsInput,
    ],
  },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    // Azure addresses deployments: the deployment names the model.
    const deployment = stringInput(credential.azureOpenAIApiDeploymentName);
    if (!deployment)
      throw new Error('Set the deployment name of the embedding model in the Azure OpenAI credential');
    const provider = await azureClient(ctx, credential, {
      basepath: inputs.basepath,
      headers: baseOptionsHeaders(inputs.baseOptions),
      fetch: fetchWithTimeout(modelFetch(ctx.run.services), numberInput(inputs.timeout)),
    });
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(deployment),
      { provider: 'Azure OpenAI', modelName: deployment },
      {
        ...EMBEDDING_DEFAULTS,
        batchSize: batchSizeOf(inputs.batchSize, DEFAULT_BATCH_SIZE),
        stripNewLines: false,
      },
    );
  },
};
