import type { NodeContext } from '@flowloom/engine';
import type { NodeParam, ParamOption } from '@flowloom/shared';
import { stringInput } from '../llm/chat-model.js';

/** Base classes every chat model offers, so it connects wherever a chat or language model is accepted. */
export const CHAT_MODEL_BASE_CLASSES = ['BaseChatModel', 'BaseLanguageModel', 'Runnable'];

export const imageUploadInputs: NodeParam[] = [
  {
    label: 'Allow Image Uploads',
    name: 'allowImageUploads',
    type: 'boolean',
    default: false,
    optional: true,
    description: 'Let chat users attach images to their questions (vision models).',
  },
  {
    label: 'Image Resolution',
    name: 'imageResolution',
    type: 'options',
    default: 'low',
    optional: false,
    additionalParams: true,
    options: [
      { label: 'Low', name: 'low' },
      { label: 'High', name: 'high' },
      { label: 'Auto', name: 'auto' },
    ],
  },
];

export function staticModelOptions(models: string[]): ParamOption[] {
  return models.map((name) => ({ label: name, name }));
}

/** Flowise's Streaming toggle: off keeps the model from streaming even when the client asks. */
export const streamingInput: NodeParam = {
  label: 'Streaming',
  name: 'streaming',
  type: 'boolean',
  default: true,
  optional: true,
  additionalParams: true,
};

/**
 * The base URL a model node calls: its own input when set, else the operator's default for the
 * provider (`OPENAI_BASE_URL`, …), else undefined so the provider SDK uses the public endpoint.
 */
export function baseUrlFor(ctx: NodeContext, input: unknown, provider: string): string | undefined {
  return stringInput(input)?.replace(/\/+$/, '') ?? ctx.run.services.providerBaseUrls[provider];
}
