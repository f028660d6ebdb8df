import type { NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { inputsOf, llamaIndexVariant } from '../llamaindex/variant.js';
import { azureChatOpenAI } from './azureChatOpenAI/azureChatOpenAI.js';
import { chatAnthropic } from './chatAnthropic/chatAnthropic.js';
import { chatMistralAI } from './chatMistralAI/chatMistralAI.js';
import { chatOllama } from './chatOllama/chatOllama.js';
import { chatOpenAI } from './chatOpenAI/chatOpenAI.js';
import { groqChat } from './groqChat/groqChat.js';
import { compatibleChatModels } from './openai-compatible.js';
import { optionalNumber, staticModelOptions } from './shared-inputs.js';

/**
 * Flowise's LlamaIndex chat models (`*_LlamaIndex`): the inputs and base classes its LlamaIndex
 * engines and vector stores connect to, built by the same provider adapters as our other chat models.
 */

const CATEGORY = 'Chat Models';
/** Base classes of a LlamaIndex chat model after its type (what LlamaIndex's LLM classes give). */
const MODEL_CLASSES = ['BaseChatModel_LlamaIndex', 'BaseLLM'];

const modelList = (fallback?: string): NodeParam => ({
  label: 'Model Name',
  name: 'modelName',
  type: 'asyncOptions',
  loadMethod: 'listModels',
  ...(fallback && { default: fallback }),
});

const listOf = (models: string[]) => ({ listModels: () => Promise.resolve(staticModelOptions(models)) });

export const chatOpenAI_LlamaIndex = llamaIndexVariant({
  base: chatOpenAI,
  definition: {
    label: 'ChatOpenAI',
    name: 'chatOpenAI_LlamaIndex',
    version: 2,
    type: 'ChatOpenAI',
    category: CATEGORY,
    baseClasses: ['ChatOpenAI', ...MODEL_CLASSES],
    description: 'OpenAI chat model for the LlamaIndex engines and vector stores',
    credential: chatOpenAI.definition.credential,
    inputs: [
      modelList('gpt-3.5-turbo'),
      ...inputsOf(chatOpenAI, ['temperature', 'maxTokens', 'topP', 'timeout']),
      { label: 'BasePath', name: 'basepath', type: 'string', optional: true, additionalParams: true },
    ],
  },
  loadMethods: listOf(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4-turbo', 'gpt-3.5-turbo']),
});

export const azureChatOpenAI_LlamaIndex = llamaIndexVariant({
  base: azureChatOpenAI,
  definition: {
    label: 'AzureChatOpenAI',
    name: 'azureChatOpenAI_LlamaIndex',
    version: 2,
    type: 'AzureChatOpenAI',
    category: CATEGORY,
    baseClasses: ['AzureChatOpenAI', ...MODEL_CLASSES],
    description: 'Azure OpenAI chat deployment for the LlamaIndex engines and vector stores',
    credential: azureChatOpenAI.definition.credential,
    inputs: [
      modelList('gpt-3.5-turbo-16k'),
      ...inputsOf(azureChatOpenAI, ['temperature', 'maxTokens', 'topP', 'timeout']),
    ],
  },
  loadMethods: listOf(['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-mini', 'gpt-4', 'gpt-35-turbo', 'gpt-35-turbo-16k']),
});

/** LlamaIndex's short Claude names, as the API knows them. */
const CLAUDE_ALIASES: Record<string, string> = {
  'claude-3-haiku': 'claude-3-haiku-20240307',
  'claude-3-sonnet': 'claude-3-sonnet-20240229',
  'claude-3-opus': 'claude-3-opus-20240229',
};

export const chatAnthropic_LlamaIndex = llamaIndexVariant({
  base: chatAnthropic,
  definition: {
    label: 'ChatAnthropic',
    name: 'chatAnthropic_LlamaIndex',
    version: 3,
    type: 'ChatAnthropic',
    category: CATEGORY,
    baseClasses: ['ChatAnthropic', ...MODEL_CLASSES],
    description: 'Anthropic Claude model for the LlamaIndex engines and vector stores',
    credential: chatAnthropic.definition.credential,
    inputs: [
      modelList('claude-3-haiku'),
      ...inputsOf(chatAnthropic, ['temperature', 'maxTokensToSample', 'topP']),
    ],
  },
  loadMethods: listOf([
    'claude-3-5-haiku-latest',
    'claude-3-7-sonnet-latest',
    'claude-sonnet-4-0',
    ...Object.keys(CLAUDE_ALIASES),
  ]),
  adapt: (inputs) => {
    const name = typeof inputs.modelName === 'string' ? inputs.modelName.trim() : '';
    return { ...inputs, modelName: CLAUDE_ALIASES[name] ?? inputs.modelName };
  },
});

export const chatMistral_LlamaIndex = llamaIndexVariant({
  base: chatMistralAI,
  definition: {
    label: 'ChatMistral',
    name: 'chatMistral_LlamaIndex',
    version: 1,
    type: 'ChatMistral',
    category: CATEGORY,
    baseClasses: ['ChatMistral', ...MODEL_CLASSES],
    description: 'Mistral AI chat model for the LlamaIndex engines and vector stores',
    credential: chatMistralAI.definition.credential,
    inputs: [
      modelList('mistral-tiny'),
      ...inputsOf(chatMistralAI, ['temperature']),
      optionalNumber('Max Tokens', 'maxTokensToSample', 1),
      optionalNumber('Top P', 'topP'),
    ],
  },
  loadMethods: listOf([
    'mistral-tiny',
    'mistral-small-latest',
    'mistral-medium-latest',
    'mistral-large-latest',
  ]),
  adapt: ({ maxTokensToSample, ...inputs }) => ({ ...inputs, maxOutputTokens: maxTokensToSample }),
});

export const chatOllama_LlamaIndex = llamaIndexVariant({
  base: chatOllama,
  definition: {
    label: 'ChatOllama',
    name: 'chatOllama_LlamaIndex',
    version: 1,
    type: 'ChatOllama',
    category: CATEGORY,
    baseClasses: ['ChatOllama', ...MODEL_CLASSES],
    description: 'A model served by Ollama, for the LlamaIndex engines and vector stores',
    inputs: [
      ...inputsOf(chatOllama, ['baseUrl']),
      { label: 'Model Name', name: 'modelName', type: 'string', placeholder: 'llama3' },
      ...inputsOf(chatOllama, ['temperature', 'topP', 'topK']),
      optionalNumber('Mirostat', 'mirostat', 1, 'Mirostat sampling: 0 off, 1 Mirostat, 2 Mirostat 2.0'),
      optionalNumber('Mirostat ETA', 'mirostatEta', 0.1, 'How fast Mirostat reacts to the text so far (0.1)'),
      optionalNumber('Mirostat TAU', 'mirostatTau', 0.1, 'Lower keeps Mirostat text focused (default 5.0)'),
      ...inputsOf(chatOllama, ['numCtx']),
      optionalNumber('Number of GPU', 'numGpu', 1, 'Layers sent to the GPU(s); 0 runs on the CPU'),
      optionalNumber('Number of Thread', 'numThread', 1, 'CPU threads; best the number of physical cores'),
      ...inputsOf(chatOllama, ['repeatLastN', 'repeatPenalty', 'stop']),
      optionalNumber('Tail Free Sampling', 'tfsZ', 0.1, 'Above 1 cuts unlikely tokens more; 1 turns it off'),
    ],
  },
});

export const chatGroq_LlamaIndex = llamaIndexVariant({
  base: groqChat,
  definition: {
    label: 'ChatGroq',
    name: 'chatGroq_LlamaIndex',
    version: 1,
    type: 'ChatGroq',
    category: CATEGORY,
    baseClasses: ['ChatGroq', ...MODEL_CLASSES],
    description: 'A model on Groq’s inference engine, for the LlamaIndex engines and vector stores',
    credential: groqChat.definition.credential,
    inputs: [
      { ...modelList(), placeholder: 'llama-3.3-70b-versatile' },
      ...inputsOf(groqChat, ['temperature', 'maxTokens']),
    ],
  },
});

const chatTogetherAI = compatibleChatModels.find((type) => type.definition.name === 'chatTogetherAI')!;

export const chatTogetherAI_LlamaIndex = llamaIndexVariant({
  base: chatTogetherAI,
  definition: {
    label: 'ChatTogetherAI',
    name: 'chatTogetherAI_LlamaIndex',
    version: 1,
    type: 'ChatTogetherAI',
    category: CATEGORY,
    baseClasses: ['ChatTogetherAI', ...MODEL_CLASSES],
    description: 'An open model hosted by Together AI, for the LlamaIndex engines and vector stores',
    credential: chatTogetherAI.definition.credential,
    inputs: [
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'string',
        placeholder: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
        description: 'A model id from Together AI’s model list',
      },
      ...inputsOf(chatTogetherAI, ['temperature']),
    ],
  },
});

/** The LlamaIndex chat models, in Flowise's order. */
export const llamaIndexChatModels: NodeType[] = [
  chatOpenAI_LlamaIndex,
  azureChatOpenAI_LlamaIndex,
  chatAnthropic_LlamaIndex,
  chatMistral_LlamaIndex,
  chatOllama_LlamaIndex,
  chatGroq_LlamaIndex,
  chatTogetherAI_LlamaIndex,
];
