/**
 * The Share Chatbot settings of a flow (SHARING.md §3.2): the look of its public chat page and
 * widget, kept in the flow's `chatbotConfig` beside keys other dialogs own (starter prompts, leads,
 * allowed domains…), which a save here leaves as they are.
 */
import { chatbotConfigSchema } from '../flow-settings.js';

export interface MessageStyle {
  backgroundColor: string;
  textColor: string;
  avatarSrc: string;
  showAvatar: boolean;
}

export interface ChatbotSettings {
  title: string;
  titleAvatarSrc: string;
  titleBackgroundColor: string;
  titleTextColor: string;
  welcomeMessage: string;
  errorMessage: string;
  backgroundColor: string;
  fontSize: number;
  poweredByTextColor: string;
  showAgentMessages: boolean;
  renderHTML: boolean;
  generateNewSession: boolean;
  botMessage: MessageStyle;
  userMessage: MessageStyle;
  textInput: { backgroundColor: string; textColor: string; placeholder: string; sendButtonColor: string };
}

export const CHATBOT_DEFAULTS: ChatbotSettings = {
  title: '',
  titleAvatarSrc: '',
  titleBackgroundColor: '#3B81F6',
  titleTextColor: '#ffffff',
  welcomeMessage: '',
  errorMessage: '',
  backgroundColor: '#ffffff',
  fontSize: 16,
  poweredByTextColor: '#303235',
  showAgentMessages: true,
  renderHTML: false,
  generateNewSession: false,
  botMessage: { backgroundColor: '#f7f8ff', textColor: '#303235', avatarSrc: '', showAvatar: false },
  userMessage: { backgroundColor: '#3B81F6', textColor: '#ffffff', avatarSrc: '', showAvatar: false },
  textInput: {
    backgroundColor: '#ffffff',
    textColor: '#303235',
    placeholder: '',
    sendButtonColor: '#3B81F6',
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A flow's `chatbotConfig` column as an object; text that is not a JSON object counts as empty. */
export function parseChatbotConfig(chatbotConfig: string | null | undefined): Record<string, unknown> {
  if (!chatbotConfig) return {};
  try {
    const parsed = JSON.parse(chatbotConfig) as unknown;
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

function message(value: unknown, fallback: MessageStyle): MessageStyle {
  const saved = isRecord(value) ? value : {};
  return {
    backgroundColor: str(saved.backgroundColor, fallback.backgroundColor),
    textColor: str(saved.textColor, fallback.textColor),
    avatarSrc: str(saved.avatarSrc, fallback.avatarSrc),
    showAvatar: bool(saved.showAvatar, fallback.showAvatar),
  };
}

/** The form's values: the saved settings, defaults where nothing is saved. */
export function chatbotSettingsOf(config: Record<string, unknown>): ChatbotSettings {
  const d = CHATBOT_DEFAULTS;
  const input = isRecord(config.textInput) ? config.textInput : {};
  const fontSize = Number(config.fontSize);
  return {
    title: str(config.title, d.title),
    titleAvatarSrc: str(config.titleAvatarSrc, d.titleAvatarSrc),
    titleBackgroundColor: str(config.titleBackgroundColor, d.titleBackgroundColor),
    titleTextColor: str(config.titleTextColor, d.titleTextColor),
    welcomeMessage: str(config.welcomeMessage, d.welcomeMessage),
    errorMessage: str(config.errorMessage, d.errorMessage),
    backgroundColor: str(config.backgroundColor, d.backgroundColor),
    fontSize: config.fontSize !== undefined && Number.isFinite(fontSize) ? fontSize : d.fontSize,
    poweredByTextColor: str(config.poweredByTextColor, d.poweredByTextColor),
    showAgentMessages: bool(config.showAgentMessages, d.showAgentMessages),
    renderHTML: bool(config.renderHTML, d.renderHTML),
    generateNewSession: bool(config.generateNewSession, d.generateNewSession),
    botMessage: message(config.botMessage, d.botMessage),
    userMessage: message(config.userMessage, d.userMessage),
    textInput: {
      backgroundColor: str(input.backgroundColor, d.textInput.backgroundColor),
      textColor: str(input.textColor, d.textInput.textColor),
      placeholder: str(input.placeholder, d.textInput.placeholder),
      sendButtonColor: str(input.sendButtonColor, d.textInput.sendButtonColor),
    },
  };
}

/** Sets `key` to a text value, or removes it when the text is blank (so clearing a field clears it). */
function putText(target: Record<string, unknown>, key: string, value: string) {
  if (value.trim() === '') delete target[key];
  else target[key] = value;
}

function putMessage(existing: unknown, style: MessageStyle): Record<string, unknown> {
  const out: Record<string, unknown> = {
    ...(isRecord(existing) ? existing : {}),
    backgroundColor: style.backgroundColor,
    textColor: style.textColor,
    showAvatar: style.showAvatar,
  };
  putText(out, 'avatarSrc', style.avatarSrc);
  return out;
}

/**
 * The `chatbotConfig` to save: the existing one with the form's settings merged in (SHARING.md
 * §3.2 save rules). Colours, avatars switches and `renderHTML` are always written; texts only when
 * filled in (a cleared text is removed); `generateNewSession` only for flows with session memory;
 * `showAgentMessages` only on agent canvases. Keys other dialogs own are kept.
 */
export function mergeChatbotSettings(
  existing: Record<string, unknown>,
  settings: ChatbotSettings,
  flow: { agentCanvas: boolean; sessionMemory: boolean },
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...existing };
  putText(out, 'title', settings.title);
  putText(out, 'titleAvatarSrc', settings.titleAvatarSrc);
  putText(out, 'welcomeMessage', settings.welcomeMessage);
  putText(out, 'errorMessage', settings.errorMessage);
  out.titleBackgroundColor = settings.titleBackgroundColor;
  out.titleTextColor = settings.titleTextColor;
  out.backgroundColor = settings.backgroundColor;
  out.fontSize = settings.fontSize;
  out.poweredByTextColor = settings.poweredByTextColor;
  out.renderHTML = settings.renderHTML;
  if (flow.agentCanvas) out.showAgentMessages = settings.showAgentMessages;
  if (flow.sessionMemory) out.generateNewSession = settings.generateNewSession;
  out.botMessage = putMessage(existing.botMessage, settings.botMessage);
  out.userMessage = putMessage(existing.userMessage, settings.userMessage);
  const textInput: Record<string, unknown> = {
    ...(isRecord(existing.textInput) ? existing.textInput : {}),
    backgroundColor: settings.textInput.backgroundColor,
    textColor: settings.textInput.textColor,
    sendButtonColor: settings.textInput.sendButtonColor,
  };
  putText(textInput, 'placeholder', settings.textInput.placeholder);
  out.textInput = textInput;
  return out;
}

/**
 * What is wrong with the form's values, or undefined: the verdict of the server's check of the
 * `chatbotConfig` column, with the message as the form shows it ("Font size must be at most 48").
 */
export function chatbotSettingsProblem(settings: ChatbotSettings): string | undefined {
  const result = chatbotConfigSchema.safeParse(
    mergeChatbotSettings({}, settings, { agentCanvas: true, sessionMemory: true }),
  );
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The widget theme the embed code carries with "Show Embed Chat Config", from the saved settings. */
export function embedTheme(settings: ChatbotSettings, fullPage: boolean): Record<string, unknown> {
  const size = fullPage ? { height: '100%', width: '100%' } : { height: 700, width: 400 };
  return {
    ...(!fullPage && {
      button: {
        backgroundColor: settings.titleBackgroundColor,
        right: 20,
        bottom: 20,
        size: 48,
        dragAndDrop: true,
        iconColor: 'white',
      },
    }),
    chatWindow: {
      showTitle: true,
      ...(settings.title && { title: settings.title }),
      ...(settings.titleAvatarSrc && { titleAvatarSrc: settings.titleAvatarSrc }),
      titleBackgroundColor: settings.titleBackgroundColor,
      titleTextColor: settings.titleTextColor,
      ...(settings.welcomeMessage && { welcomeMessage: settings.welcomeMessage }),
      ...(settings.errorMessage && { errorMessage: settings.errorMessage }),
      backgroundColor: settings.backgroundColor,
      ...size,
      fontSize: settings.fontSize,
      renderHTML: settings.renderHTML,
      botMessage: settings.botMessage,
      userMessage: settings.userMessage,
      textInput: {
        ...(settings.textInput.placeholder && { placeholder: settings.textInput.placeholder }),
        backgroundColor: settings.textInput.backgroundColor,
        textColor: settings.textInput.textColor,
        sendButtonColor: settings.textInput.sendButtonColor,
      },
      footer: { textColor: settings.poweredByTextColor },
    },
  };
}
