import { z } from 'zod';

/**
 * A flow's settings columns (SHARING.md §2, §3.2, FLOWISE_API.md §2.8): JSON text the Configuration
 * and API dialogs write and the chat page and prediction route read back. Each column has one schema
 * here, and {@link flowSettingsProblem} is the one check of a column, applied when a flow is created
 * and when it is updated: known keys must have their Flowise types and sizes, unknown keys (embed
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
  chatbotConfig: 200_000,
  apiConfig: 256 * 1024,
  speechToText: 16 * 1024,
  textToSpeech: 16 * 1024,
  followUpPrompts: 32 * 1024,
} as const;
export type FlowSettingsColumn = keyof typeof FLOW_SETTINGS_MAX_CHARS;

export const POST_PROCESSING_MAX_CHARS = 100_000;

/** Limits of the Share Chatbot settings: what a chat header or bubble can sensibly show. */
export const CHATBOT_LIMITS = {
  textChars: 2_000,
  messageChars: 10_000,
  linkChars: 2_048,
  colorChars: 64,
  minFontSize: 8,
  maxFontSize: 48,
} as const;

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const shortText = text(2000);
/** Numbers the dialog stores as typed (strings) or as numbers. */
const numberLike = z.union([z.number(), z.string().max(32)]);
const flag = z.boolean();

/** A whole number above 0, stored as a number or as typed (text). */
const positiveWhole = (value: unknown) => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : NaN;
  return Number.isInteger(n) && n > 0;
};
/** A field the builder filled in: anything but nothing, null or blank text. */
const filledIn = (value: unknown) =>
  value !== undefined && value !== null && (typeof value !== 'string' || value.trim() !== '');

/**
 * `apiConfig.rateLimit`, checked only while it is on: a switched-off limit is never applied, so what
 * an older flow left in its fields (nulls, half a limit) must not stop a save of the column's other
 * keys (issue 13: the API dialog's override switches). Once on, it is all three fields or none.
 */
const rateLimit = z
  .looseObject({ status: flag.optional() })
  .nullable()
  .superRefine((value, ctx) => {
    if (value?.status !== true) return;
    const { limitMax, limitDuration, limitMsg } = value;
    const filled = [limitMax, limitDuration, limitMsg].filter(filledIn).length;
    if (filled === 0) return;
    if (filled < 3) {
      ctx.addIssue({ code: 'custom', message: RATE_LIMIT_INCOMPLETE });
      return;
    }
    if (!positiveWhole(limitMax))
      ctx.addIssue({ code: 'custom', path: ['limitMax'], message: 'must be a whole number above 0' });
    if (!positiveWhole(limitDuration))
      ctx.addIssue({
        code: 'custom',
        path: ['limitDuration'],
        message: 'must be a whole number of seconds above 0',
      });
    if (typeof limitMsg !== 'string' || limitMsg.length > 2000)
      ctx.addIssue({
        code: 'custom',
        path: ['limitMsg'],
        message: 'must be text of at most 2000 characters',
      });
  });

const OVERRIDE_NODES = 'overrideConfig.nodes must list the inputs of each node label';
const overrideText = (what: string) =>
  z
    .string({ message: `${what} must be text` })
    .max(1_000, { message: `${what} must be at most 1000 characters` });
const overrideFlag = (what: string) => z.boolean({ message: `${what} must be true or false` });

/**
 * `apiConfig.overrideConfig` (FLOWISE_API.md §1.5): the node inputs, by node label, and the
 * variables an API caller may override; the engine reads it and the override table writes it.
 */
const overrideConfig = z
  .object(
    {
      status: overrideFlag('overrideConfig.status'),
      nodes: z.record(
        z.string().max(500, { message: 'overrideConfig.nodes labels must be at most 500 characters' }),
        z
          .array(
            z.looseObject(
              {
                label: overrideText('overrideConfig.nodes input label').optional(),
                name: overrideText('overrideConfig.nodes input name'),
                type: overrideText('overrideConfig.nodes input type').optional(),
                enabled: overrideFlag('overrideConfig.nodes input enabled').optional(),
              },
              { message: OVERRIDE_NODES },
            ),
            { message: OVERRIDE_NODES },
          )
          .max(500, { message: 'overrideConfig.nodes may list at most 500 inputs of a node label' }),
        { message: OVERRIDE_NODES },
      ),
      variables: z
        .array(
          z.looseObject(
            {
              id: overrideText('overrideConfig.variables id').optional(),
              name: overrideText('overrideConfig.variables name'),
              enabled: overrideFlag('overrideConfig.variables enabled').optional(),
            },
            { message: 'overrideConfig.variables must list objects' },
          ),
          { message: 'overrideConfig.variables must be a list' },
        )
        .max(1000, { message: 'overrideConfig.variables may list at most 1000 variables' }),
    },
    { message: 'overrideConfig must be an object' },
  )
  .partial()
  .loose();

export const apiConfigSchema = z.looseObject({
  rateLimit: rateLimit.optional(),
  overrideConfig: overrideConfig.optional(),
});

const L = CHATBOT_LIMITS;
const labelledText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, { message: `${label} is too long: at most ${max} characters` });
const color = (label: string) => labelledText(label, L.colorChars);
const link = (label: string) => labelledText(label, L.linkChars);
const labelledFlag = (label: string) => z.boolean({ message: `${label} must be true or false` });
const messageStyle = (who: string) =>
  z
    .object(
      {
        backgroundColor: color(`${who} background color`),
        textColor: color(`${who} text color`),
        avatarSrc: link(`${who} avatar link`),
        showAvatar: labelledFlag(`${who} show avatar`),
      },
      { message: `${who} settings must be an object` },
    )
    .partial()
    .loose();

/** The Share Chatbot keys of `chatbotConfig` (SHARING.md §3.2), their messages worded as the form labels them. */
const shareChatbotKeys = {
  title: labelledText('Title', L.textChars),
  titleAvatarSrc: link('Title avatar link'),
  titleBackgroundColor: color('Title background color'),
  titleTextColor: color('Title text color'),
  welcomeMessage: labelledText('Welcome message', L.messageChars),
  errorMessage: labelledText('Error message', L.messageChars),
  backgroundColor: color('Background color'),
  fontSize: z.coerce
    .number({ message: 'Font size must be a number' })
    .min(L.minFontSize, { message: `Font size must be at least ${L.minFontSize}` })
    .max(L.maxFontSize, { message: `Font size must be at most ${L.maxFontSize}` }),
  poweredByTextColor: color('PoweredBy text color'),
  showAgentMessages: labelledFlag('Show agent reasonings'),
  renderHTML: labelledFlag('Render HTML'),
  generateNewSession: labelledFlag('Start new session'),
  botMessage: messageStyle('Bot message'),
  userMessage: messageStyle('User message'),
  textInput: z
    .object(
      {
        backgroundColor: color('Text input background color'),
        textColor: color('Text input text color'),
        placeholder: labelledText('Text input placeholder', L.textChars),
        sendButtonColor: color('Send button color'),
      },
      { message: 'Text input settings must be an object' },
    )
    .partial()
    .loose(),
};

const starterPrompt = z.looseObject({ prompt: text(1000).optional() });

/** The keys of `chatbotConfig` the Configuration dialog's sections write (SHARING.md §2.1). */
const configurationKeys = {
  starterPrompts: z
    .union([z.record(z.string().max(10), starterPrompt), z.array(text(1000))])
    .refine((v) => Object.keys(v).length <= 50, 'may hold at most 50 prompts'),
  chatFeedback: z.looseObject({ status: flag }),
  leads: z.looseObject({
    status: flag,
    title: shortText.optional(),
    successMessage: shortText.optional(),
    name: flag.optional(),
    email: flag.optional(),
    phone: flag.optional(),
  }),
  followUpPrompts: z.looseObject({ status: flag }),
  fullFileUpload: z.looseObject({
    status: flag,
    allowedUploadFileTypes: shortText.optional(),
    pdfFile: z.looseObject({ usage: z.enum(['perPage', 'perFile']).optional() }).optional(),
  }),
  postProcessing: z
    .looseObject({ enabled: flag, customFunction: text(POST_PROCESSING_MAX_CHARS).optional() })
    .superRefine((value, ctx) => {
      if (value.enabled && !(value.customFunction ?? '').trim())
        ctx.addIssue({ code: 'custom', message: 'needs a function when enabled' });
    }),
  allowedOrigins: z.array(text(2048)).max(100, 'may list at most 100 domains'),
  allowedOriginsError: shortText,
};

export const chatbotConfigSchema = z.looseObject({ ...configurationKeys, ...shareChatbotKeys }).partial();

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
 * Keys whose checks word every message for its reader ("Title must be text", which the Share Chatbot
 * form shows as it is; "overrideConfig.status must be true or false"): a refusal puts just the
 * column before it. Any other message is about the key at its path, which it follows
 * ("apiConfig.rateLimit: Need to fill all rate limit input fields").
 */
const SELF_NAMED_KEYS: Partial<Record<FlowSettingsColumn, ReadonlySet<string>>> = {
  chatbotConfig: new Set(Object.keys(shareChatbotKeys)),
  apiConfig: new Set(['overrideConfig']),
};

/**
 * Why the stored text of a settings column is refused (too long, not a JSON object, a known key of
 * the wrong shape), or undefined when it is fine. The message names the column and the setting.
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
  const named = SELF_NAMED_KEYS[column]?.has(String(issue.path[0])) ?? false;
  const where = named ? column : [column, ...issue.path.map(String)].join('.');
  return `${where}: ${issue.message}`;
}
