import type { NodeType } from '@flowloom/engine';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { staticModelOptions } from '../../chat-models/shared-inputs.js';
import { googleClient } from '../../chat-models/provider-clients.js';
import { EMBEDDING_DEFAULTS, embeddingsOf, type EmbeddingsHandle } from '../embeddings.js';
import { stripNewLinesInput } from '../embedding-inputs.js';

const MODELS = ['gemini-embedding-001', 'text-embedding-004'];
const UNSPECIFIED = 'TASK_TYPE_UNSPECIFIED';
const TASK_TYPES = [
  UNSPECIFIED,
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
] as const;
type TaskType = Exclude<(typeof TASK_TYPES)[number], typeof UNSPECIFIED>;

/**
 * The task type to send: none for "unspecified", which the API assumes anyway, and (as Flowise) for a
 * value it does not list.
 */
function taskTypeOf(value: unknown): TaskType | undefined {
  const chosen = stringInput(value);
  return chosen && chosen !== UNSPECIFIED && (TASK_TYPES as readonly string[]).includes(chosen)
    ? (chosen as TaskType)
    : undefined;
}

/** Google Gemini embeddings through the Generative Language API (`batchEmbedContents`). */
export const googleGenerativeAiEmbeddings: NodeType = {
  icon: badgeIcon('G', '#4285f4'),
  definition: {
    label: 'Google Gemini Embedding',
    name: 'googleGenerativeAiEmbeddings',
    version: 2,
    type: 'GoogleGenerativeAiEmbeddings',
    category: 'Embeddings',
    baseClasses: ['GoogleGenerativeAiEmbeddings', 'GoogleGenerativeAIEmbeddings', 'Embeddings'],
    description: 'Turns text into vectors with a Google Gemini embedding model',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['googleGenerativeAI'],
      description: 'Google Generative AI credential.',
    },
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gemini-embedding-001',
      },
      {
        label: 'Task Type',
        name: 'tasktype',
        type: 'options',
        description: 'What the vectors will be used for; some models embed differently for each',
        options: TASK_TYPES.map((name) => ({ label: name, name })),
        default: UNSPECIFIED,
      },
      stripNewLinesInput(),
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<EmbeddingsHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    // Model lists sometimes carry the API's `models/` prefix; the provider adds its own.
    const modelName = (stringInput(inputs.modelName) ?? 'gemini-embedding-001').replace(/^models\//, '');
    const taskType = taskTypeOf(inputs.tasktype);
    const provider = await googleClient(ctx, credential);
    return embeddingsOf(
      ctx,
      provider.textEmbeddingModel(modelName),
      { provider: 'Google Gemini', modelName },
      {
        ...EMBEDDING_DEFAULTS,
        // The API's limit per batchEmbedContents request.
        batchSize: 100,
        stripNewLines: booleanInput(inputs.stripNewLines, false),
        ...(taskType && { providerOptions: { google: { taskType } } }),
      },
    );
  },
};
