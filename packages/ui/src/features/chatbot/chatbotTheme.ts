import type { BubbleLook, ChatAppearance } from '../chat/ChatBubble';

/** The lead form of a chatbot (`chatbotConfig.leads`, SHARING.md §2.1). */
export interface LeadSettings {
  title: string;
  successMessage: string;
  name: boolean;
  email: boolean;
  phone: boolean;
}

/** A notice the visitor accepts before chatting (`chatbotConfig.disclaimer`). */
export interface Disclaimer {
  title: string;
  message: string;
  buttonText: string;
}

/** Everything the public chatbot page shows, read from the flow's `chatbotConfig`. */
export interface ChatbotTheme {
  title: string;
  titleAvatarSrc?: string;
  titleBackgroundColor: string;
  titleTextColor: string;
  welcomeMessage?: string;
  errorMessage?: string;
  backgroundColor: string;
  poweredByTextColor: string;
  appearance: ChatAppearance;
  textInput: { placeholder?: string; backgroundColor?: string; textColor?: string; sendButtonColor?: string };
  starterPrompts: string[];
  feedback: boolean;
  leads?: LeadSettings;
  followUpPrompts: boolean;
  /** Answers can be read aloud with the flow's voice (`isTTSEnabled`). */
  textToSpeech: boolean;
  generateNewSession: boolean;
  disclaimer?: Disclaimer;
  /** Sent as the prediction's `overrideConfig` (Flowise reads it from `chatbotConfig.overrideConfig`). */
  overrideConfig?: Record<string, unknown>;
}

export const DEFAULT_LEAD_TITLE = 'Let us know where we can reach you:';
export const DEFAULT_LEAD_SUCCESS = 'Thank you for submitting your contact information.';

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const on = (value: unknown) => value === true || value === 'true';

/** A CSS colour as the settings take it (`#3B81F6`, `rgb(…)`, `white`); anything else is ignored. */
function color(value: unknown): string | undefined {
  const candidate = text(value)?.trim();
  if (!candidate) return undefined;
  return /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([\d\s.,%a-z]*\)|[a-z]{3,30})$/i.test(candidate)
    ? candidate
    : undefined;
}

/** A picture address: https, http or an inline image. */
function picture(value: unknown): string | undefined {
  const candidate = text(value)?.trim();
  if (!candidate) return undefined;
  return /^https?:\/\//i.test(candidate) ||
    /^data:image\/(png|jpe?g|gif|webp|svg\+xml);base64,/i.test(candidate)
    ? candidate
    : undefined;
}

function look(value: unknown): BubbleLook | undefined {
  if (!isRecord(value)) return undefined;
  const backgroundColor = color(value.backgroundColor);
  const textColor = color(value.textColor);
  const avatarSrc = picture(value.avatarSrc);
  return {
    ...(backgroundColor && { backgroundColor }),
    ...(textColor && { textColor }),
    ...(avatarSrc && { avatarSrc }),
    showAvatar: on(value.showAvatar),
  };
}

/** Starter prompts as an array of texts or the `{"0": {"prompt": …}}` object the settings save; blanks dropped. */
export function starterPromptsOf(value: unknown): string[] {
  const items: unknown[] = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [];
  return items
    .map((item): unknown => (isRecord(item) ? item.prompt : item))
    .filter((prompt): prompt is string => typeof prompt === 'string' && prompt.trim() !== '');
}

function leadsOf(value: unknown): LeadSettings | undefined {
  if (!isRecord(value) || !on(value.status)) return undefined;
  const fields = { name: on(value.name), email: on(value.email), phone: on(value.phone) };
  // A form without a field asks nothing: no form.
  if (!fields.name && !fields.email && !fields.phone) return undefined;
  return {
    title: text(value.title) ?? DEFAULT_LEAD_TITLE,
    successMessage: text(value.successMessage) ?? DEFAULT_LEAD_SUCCESS,
    ...fields,
  };
}

function disclaimerOf(value: unknown): Disclaimer | undefined {
  if (value === true) value = {};
  if (!isRecord(value) || value.status === false) return undefined;
  const message = text(value.message);
  if (!message && value.status !== true) return undefined;
  return {
    title: text(value.title) ?? 'Disclaimer',
    message: message ?? 'By using this chatbot, you agree to the Terms & Conditions.',
    buttonText: text(value.buttonText) ?? 'Start Chatting',
  };
}

/**
 * The page's look and behaviour from a flow's chatbot settings (the Share Chatbot keys of
 * SHARING.md §3.2 and the sections of §2.1). Unknown or malformed values fall back to the defaults;
 * colours and pictures that are not plainly a colour or an address are ignored.
 */
export function chatbotTheme(config: Json, flowName: string): ChatbotTheme {
  const input = isRecord(config.textInput) ? config.textInput : {};
  const fontSize = Number(config.fontSize);
  const bot = look(config.botMessage);
  const user = look(config.userMessage);
  const titleAvatarSrc = picture(config.titleAvatarSrc);
  const welcomeMessage = text(config.welcomeMessage);
  const errorMessage = text(config.errorMessage);
  const placeholder = text(input.placeholder);
  const inputBackground = color(input.backgroundColor);
  const inputText = color(input.textColor);
  const sendButtonColor = color(input.sendButtonColor);
  const leads = leadsOf(config.leads);
  const disclaimer = disclaimerOf(config.disclaimer);
  return {
    title: text(config.title) ?? flowName,
    ...(titleAvatarSrc && { titleAvatarSrc }),
    titleBackgroundColor: color(config.titleBackgroundColor) ?? '#3B81F6',
    titleTextColor: color(config.titleTextColor) ?? '#ffffff',
    ...(welcomeMessage && { welcomeMessage }),
    ...(errorMessage && { errorMessage }),
    backgroundColor: color(config.backgroundColor) ?? '#ffffff',
    poweredByTextColor: color(config.poweredByTextColor) ?? '#303235',
    appearance: {
      ...(bot && { bot }),
      ...(user && { user }),
      ...(Number.isFinite(fontSize) && fontSize >= 8 && fontSize <= 40 && { fontSize }),
      renderHTML: on(config.renderHTML),
    },
    textInput: {
      ...(placeholder && { placeholder }),
      ...(inputBackground && { backgroundColor: inputBackground }),
      ...(inputText && { textColor: inputText }),
      ...(sendButtonColor && { sendButtonColor }),
    },
    starterPrompts: starterPromptsOf(config.starterPrompts),
    feedback: isRecord(config.chatFeedback) && on(config.chatFeedback.status),
    ...(leads && { leads }),
    followUpPrompts: isRecord(config.followUpPrompts) && on(config.followUpPrompts.status),
    textToSpeech: on(config.isTTSEnabled),
    generateNewSession: on(config.generateNewSession),
    ...(disclaimer && { disclaimer }),
    ...(isRecord(config.overrideConfig) && { overrideConfig: config.overrideConfig }),
  };
}

/** The chatbot settings text of a flow as an object (`{}` when missing or unreadable). */
export function parseChatbotConfig(value: unknown): Json {
  if (isRecord(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
