import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  CHAT_MODEL_BASE_CLASSES,
  imageUploadInputs,
  staticModelOptions,
  streamingInput,
} from '../shared-inputs.js';
import { azureClient } from '../provider-clients.js';

const MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o4-mini', 'gpt-4', 'gpt-35-turbo'];

/**
 * Azure OpenAI chat completions on a deployment (`/openai/deployments/<deployment>/chat/completions`).
 * The deployment, instance and API version come from the `azureOpenAIApi` credential.
 */
export const azureChatOpenAI: NodeType = {
  icon: badgeIcon('Az', '#0078d4'),
  definition: {
    label: 'Azure ChatOpenAI',
    name: 'azureChatOpenAI',
    version: 4,
    type: 'AzureChatOpenAI',
    category: 'Chat Models',
    baseClasses: ['AzureChatOpenAI', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Wrapper around Azure OpenAI large language models that use the Chat endpoint',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['azureOpenAIApi'],
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model Name',
        name: 'modelName',
        type: 'asyncOptions',
        loadMethod: 'listModels',
        default: 'gpt-4o-mini',
      },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      streamingInput,
      {
        label: 'Max Tokens',
        name: 'maxTokens',
        type: 'number',
        step: 1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Top Probability',
        name: 'topP',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Frequency Penalty',
        name: 'frequencyPenalty',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      {
        label: 'Presence Penalty',
        name: 'presencePenalty',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
      },
      { label: 'Timeout', name: 'timeout', type: 'number', step: 1, optional: true, additionalParams: true },
      {
        label: 'BasePath',
        name: 'basepath',
        type: 'string',
        optional: true,
        additionalParams: true,
        description:
          'Replaces https://<instance>.openai.azure.com/openai, e.g. a proxy (a trailing /deployments is accepted)',
      },
      ...imageUploadInputs,
    ],
  },
  loadMethods: { listModels: () => Promise.resolve(staticModelOptions(MODELS)) },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName) ?? 'gpt-4o-mini';
    // Azure addresses deployments, not models; Flowise falls back to nothing, we fall back to the model name.
    const deployment = stringInput(credential.azureOpenAIApiDeploymentName) ?? modelName;
    const provider = await azureClient(ctx, credential, { basepath: inputs.basepath });
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'Azure OpenAI',
      modelName,
      model: provider.chat(deployment),
      settings: compactSettings({
        temperature: numberInput(inputs.temperature),
        maxOutputTokens: numberInput(inputs.maxTokens),
        topP: numberInput(inputs.topP),
        frequencyPenalty: numberInput(inputs.frequencyPenalty),
        presencePenalty: numberInput(inputs.presencePenalty),
        timeout: numberInput(inputs.timeout),
      }),
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: booleanInput(inputs.allowImageUploads, false),
    };
  },
};
