import type { NodeParam, ParamOption } from '@flowloom/shared';

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
