import { z } from 'zod';

/**
 * The settings a flow's Configuration dialog writes (SHARING.md §2, FLOWISE_API.md §2.8), checked
 * on `PUT /chatflows/:id`: known keys must have their Flowise types and sizes, unknown keys (embed
 * theme settings, keys of newer Flowise versions) are kept as they are.
 */

export const RATE_LIMIT_INCOMPLETE = 'Need to fill all rate limit input fields';

/** Providers whose settings the server can act on (OpenAI-compatible audio endpoints). */
export const SPEECH_TO_TEXT_PROVIDER_IDS = ['openAIWhisper', 'localAISTT', 'groqWhisper'] as const;
export const TEXT_TO_SPEECH_PROVIDER_IDS = ['openai'] as const;
export const FOLLOW_UP_PROVIDER_IDS = [
  'chatAnthropic',
  'azureChatOpenAI',
  'chatGoogleGenerativeAI',
  'groqChat',
  'chatMistralAI',
  'chatOpenAI',
  'ollama',
] as const;

/** The follow-up prompt a provider gets unless the builder writes one; `{history}` is the answer. */
export const DEFAULT_FOLLOW_UP_PROMPT =
  'Read the conversation below and suggest the three questions the user is most likely to ask next. ' +
  'Keep each question short and answerable by the assistant.\nConversation:\n{history}';

/** Largest stored text per column: a post-processing function and an override table fit comfortably. */
export const FLOW_SETTINGS_MAX_CHARS = {
  chatbotConfig: 256 * 1024,
  apiConfig: 256 * 1024,
  speechToText: 16 * 1024,
  textToSpeech: 16 * 1024,
  followUpPrompts: 32 * 1024,
} as const;
export type FlowSettingsColumn = keyof typeof FLOW_SETTINGS_MAX_CHARS;

export const POST_PROCESSING_MAX_CHARS = 100_000;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const shortText = text(2000);
/** Numbers the dialog stores as typed (strings) or as numbers. */
const numberLike = z.union([z.number(), z.string().max(32)]);
const flag = z.boolean();

const positiveWhole = (value: unknown) => {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return String(value).trim() !== '' && Number.isInteger(n) && n > 0;
};

const rateLimit = z
  .looseObject({
    status: flag.optional(),
    limitMax: numberLike.optional(),
    limitDuration: numberLike.optional(),
    limitMsg: shortText.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.status !== true) return;
    const filled = [value.limitMax, value.limitDuration, value.limitMsg].filter(
      (v) => v !== undefined && String(v).trim() !== '',
    ).length;
    if (filled > 0 && filled < 3) ctx.addIssue({ code: 'custom', message: RATE_LIMIT_INCOMPLETE });
    if (filled === 3) {
      if (!positiveWhole(value.limitMax))
        ctx.addIssue({ code: 'custom', path: ['limitMax'], message: 'must be a whole number above 0' });
      if (!positiveWhole(value.limitDuration))
        ctx.addIssue({
          code: 'custom',
          path: ['limitDuration'],
          message: 'must be a whole number of seconds above 0',
        });
    }
  });

const overrideEntry = z.looseObject({
  label: shortText.optional(),
  name: shortText,
  type: shortText.optional(),
  enabled: flag.optional(),
});

export const apiConfigSchema = z.looseObject({
  rateLimit: rateLimit.optional(),
  overrideConfig: z
    .looseObject({
      status: flag.optional(),
      nodes: z.record(z.string().max(500), z.array(overrideEntry).max(500)).optional(),
      variables: z
        .array(z.looseObject({ id: shortText.optional(), name: shortText }))
        .max(1000)
        .optional(),
    })
    .optional(),
});

const starterPrompt = z.looseObject({ prompt: text(1000).optional() });

export const chatbotConfigSchema = z.looseObject({
  starterPrompts: z
    .union([z.record(z.string().max(10), starterPrompt), z.array(text(1000))])
    .refine((v) => Object.keys(v).length <= 50, 'may hold at most 50 prompts')
    .optional(),
  chatFeedback: z.looseObject({ status: flag }).optional(),
  leads: z
    .looseObject({
      status: flag,
      title: shortText.optional(),
      successMessage: shortText.optional(),
      name: flag.optional(),
      email: flag.optional(),
      phone: flag.optional(),
    })
    .optional(),
  followUpPrompts: z.looseObject({ status: flag }).optional(),
  fullFileUpload: z
    .looseObject({
      status: flag,
      allowedUploadFileTypes: shortText.optional(),
      pdfFile: z.looseObject({ usage: z.enum(['perPage', 'perFile']).optional() }).optional(),
    })
    .optional(),
  postProcessing: z
    .looseObject({ enabled: flag, customFunction: text(POST_PROCESSING_MAX_CHARS).optional() })
    .superRefine((value, ctx) => {
      if (value.enabled && !(value.customFunction ?? '').trim())
        ctx.addIssue({ code: 'custom', message: 'needs a function when enabled' });
    })
    .optional(),
  allowedOrigins: z.array(text(2048)).max(100, 'may list at most 100 domains').optional(),
  allowedOriginsError: shortText.optional(),
});

/** `{ "<provider>": {status, credentialId, …}, none?: {status} }`; at most one provider on. */
const providerSettings = (supported: readonly string[], what: string) =>
  z
    .record(
      z.string().max(100),
      z.looseObject({ status: flag.optional(), credentialId: text(100).optional() }),
    )
    .superRefine((value, ctx) => {
      const on = Object.entries(value).filter(([key, v]) => key !== 'none' && v.status === true);
      if (on.length > 1) ctx.addIssue({ code: 'custom', message: `only one ${what} provider may be on` });
      for (const [key] of on) {
        if (!supported.includes(key))
          ctx.addIssue({
            code: 'custom',
            message: `${what} provider "${key}" is not supported here (supported: ${supported.join(', ')})`,
          });
      }
    });

export const speechToTextSchema = providerSettings(SPEECH_TO_TEXT_PROVIDER_IDS, 'speech to text');
export const textToSpeechSchema = providerSettings(TEXT_TO_SPEECH_PROVIDER_IDS, 'text to speech');

export const followUpPromptsSchema = z
  .looseObject({
    status: flag.optional(),
    selectedProvider: z.string().max(100).optional(),
  })
  .catchall(
    z.union([
      z.looseObject({
        credentialId: text(100).optional(),
        modelName: shortText.optional(),
        baseUrl: shortText.optional(),
        prompt: text(10_000).optional(),
        temperature: numberLike.optional(),
      }),
      z.unknown(),
    ]),
  )
  .superRefine((value, ctx) => {
    if (value.status !== true) return;
    const provider = value.selectedProvider;
    if (!provider || !(FOLLOW_UP_PROVIDER_IDS as readonly string[]).includes(provider)) {
      ctx.addIssue({ code: 'custom', message: 'needs a supported selectedProvider when on' });
      return;
    }
    const settings = value[provider];
    if (typeof settings !== 'object' || settings === null)
      ctx.addIssue({ code: 'custom', message: `needs the settings of "${provider}"` });
  });

const COLUMN_SCHEMAS: Record<FlowSettingsColumn, z.ZodType> = {
  chatbotConfig: chatbotConfigSchema,
  apiConfig: apiConfigSchema,
  speechToText: speechToTextSchema,
  textToSpeech: textToSpeechSchema,
  followUpPrompts: followUpPromptsSchema,
};

/**
 * Why the stored text of a settings column is refused (too long, not a JSON object, a known key of
 * the wrong shape), or undefined when it is fine. The message names the column and the key.
 */
export function flowSettingsProblem(column: FlowSettingsColumn, value: string): string | undefined {
  const max = FLOW_SETTINGS_MAX_CHARS[column];
  if (value.length > max) return `${column} must be at most ${max} characters`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${column} must be valid JSON`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return `${column} must be a JSON object`;
  const result = COLUMN_SCHEMAS[column].safeParse(parsed);
  if (result.success) return undefined;
  const issue = result.error.issues[0]!;
  const path = [column, ...issue.path.map(String)].join('.');
  return `${path}: ${issue.message}`;
}
