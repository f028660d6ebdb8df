import { RATE_LIMIT_INCOMPLETE, type Chatflow } from '@flowloom/shared';

/**
 * The Configuration dialog's rules (SHARING.md §2): what each section reads from the flow's JSON
 * columns, what it writes back (the column re-serialised with only its key replaced) and when the
 * sidebar shows it as enabled.
 */

export type SettingsColumn =
  'chatbotConfig' | 'apiConfig' | 'speechToText' | 'textToSpeech' | 'followUpPrompts';
export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A settings column as an object (`{}` when empty or damaged). */
export function readColumn(flow: Pick<Chatflow, SettingsColumn>, column: SettingsColumn): Json {
  const text = flow[column];
  if (!text) return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The body that replaces one key of a column, keeping the column's other keys. */
export function withKey(
  flow: Pick<Chatflow, SettingsColumn>,
  column: SettingsColumn,
  values: Json,
): Partial<Record<SettingsColumn, string>> {
  return { [column]: JSON.stringify({ ...readColumn(flow, column), ...values }) };
}

export const SECTION_IDS = [
  'rateLimit',
  'allowedDomains',
  'leads',
  'conversationStarters',
  'followUpPrompts',
  'chatFeedback',
  'speechToText',
  'textToSpeech',
  'fileUpload',
  'postProcessing',
  'mcpServer',
  'overrideConfig',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

const on = (value: unknown, key = 'status') => isObject(value) && value[key] === true;
const anyProviderOn = (column: Json) =>
  Object.entries(column).some(([key, value]) => key !== 'none' && on(value));

/** Whether the sidebar marks a section as enabled, from the saved JSON (SHARING.md §2). */
export function sectionEnabled(flow: Pick<Chatflow, SettingsColumn>, id: SectionId): boolean {
  const chatbot = readColumn(flow, 'chatbotConfig');
  const api = readColumn(flow, 'apiConfig');
  switch (id) {
    case 'rateLimit':
      return on(api.rateLimit);
    case 'allowedDomains':
      return (
        Array.isArray(chatbot.allowedOrigins) && chatbot.allowedOrigins.some((o) => String(o).trim() !== '')
      );
    case 'leads':
      return on(chatbot.leads);
    case 'conversationStarters':
      return starterPromptRows(chatbot.starterPrompts).some((p) => p.trim() !== '');
    case 'followUpPrompts':
      return on(chatbot.followUpPrompts);
    case 'chatFeedback':
      return on(chatbot.chatFeedback);
    case 'speechToText':
      return anyProviderOn(readColumn(flow, 'speechToText'));
    case 'textToSpeech':
      return anyProviderOn(readColumn(flow, 'textToSpeech'));
    case 'fileUpload':
      return on(chatbot.fullFileUpload);
    case 'postProcessing':
      return on(chatbot.postProcessing, 'enabled');
    case 'overrideConfig':
      return on(api.overrideConfig);
    case 'mcpServer':
      // Not in the flow's JSON (the server keeps it apart, with its token): the dialog asks for it.
      return false;
  }
}

export interface RateLimitDraft {
  status: boolean;
  limitMax: string;
  limitDuration: string;
  limitMsg: string;
}

/** `apiConfig.rateLimit` to save, or the message that stops saving (one or two fields filled). */
export function rateLimitValue(draft: RateLimitDraft): { value: Json } | { error: string } {
  const fields = [draft.limitMax, draft.limitDuration, draft.limitMsg].map((f) => f.trim());
  const filled = fields.filter(Boolean).length;
  if (draft.status && filled > 0 && filled < 3) return { error: RATE_LIMIT_INCOMPLETE };
  if (!draft.status || filled === 0) return { value: { status: draft.status } };
  return {
    value: { status: true, limitMax: fields[0], limitDuration: fields[1], limitMsg: fields[2] },
  };
}

/** Starter prompt rows from the stored object `{"0":{prompt}}` (or a plain list). */
export function starterPromptRows(stored: unknown): string[] {
  if (Array.isArray(stored)) return stored.map((p) => (typeof p === 'string' ? p : ''));
  if (!isObject(stored)) return [];
  return Object.keys(stored)
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => {
      const row = stored[key];
      return isObject(row) && typeof row.prompt === 'string' ? row.prompt : '';
    });
}

/** The stored form: an object keyed by row index, empty rows included (Flowise). */
export function starterPromptsValue(rows: string[]): Record<string, { prompt: string }> {
  return Object.fromEntries(rows.map((prompt, index) => [String(index), { prompt }]));
}

/**
 * A provider column with `chosen` on and every other provider (and `none`) off, each keeping its
 * settings; choosing `none` turns `none` on.
 */
export function providerColumn(stored: Json, chosen: string, settings: Json): Json {
  const next: Json = {};
  for (const [key, value] of Object.entries(stored))
    next[key] = { ...(isObject(value) ? value : {}), status: false };
  next[chosen] = { ...(isObject(stored[chosen]) ? stored[chosen] : {}), ...settings, status: true };
  if (chosen !== 'none') next.none = { status: false };
  return next;
}

/** The provider that is on in a provider column, or `none`. */
export function activeProvider(column: Json): string {
  return Object.entries(column).find(([key, value]) => key !== 'none' && on(value))?.[0] ?? 'none';
}
