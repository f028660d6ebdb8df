import type { generateText, LanguageModel } from 'ai';

/** Provider-specific request options (AI SDK `providerOptions`, keyed by provider name). */
export type ProviderOptions = NonNullable<Parameters<typeof generateText>[0]['providerOptions']>;

/** Sampling settings shared by every provider (AI SDK call settings). */
export interface ModelSettings {
  temperature?: number;
  maxOutputTokens?: number;
  topP?: number;
  topK?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  seed?: number;
  stopSequences?: string[];
  /** Milliseconds a whole call may take (the node's Timeout input). */
  timeout?: number;
}

/** What a chat-model node builds: a provider model plus its settings, handed to chains and agents. */
export interface ChatModelHandle {
  kind: 'chatModel';
  /** Node label, for error messages. */
  label: string;
  provider: string;
  modelName: string;
  model: LanguageModel;
  settings: ModelSettings;
  /** Options only one provider understands (e.g. Anthropic thinking, Ollama context size). */
  providerOptions?: ProviderOptions;
  /** False when the builder turned streaming off on the node. */
  streaming: boolean;
  allowImageUploads: boolean;
}

export function isChatModel(value: unknown): value is ChatModelHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'chatModel';
}

/** The model a chain or agent was connected to, or a readable error. */
export function requireChatModel(value: unknown, inputLabel = 'Language Model'): ChatModelHandle {
  if (!isChatModel(value)) throw new Error(`${inputLabel} must be a connected chat model`);
  return value;
}

/** Node inputs arrive as strings from the canvas: '' means unset. */
export function numberInput(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function booleanInput(value: unknown, fallback: boolean): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return fallback;
}

export function stringInput(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * A `multiOptions` input: the canvas stores the chosen names as JSON text (`'["a","b"]'`); a list,
 * or a single name, is taken as it is.
 */
export function multiOptionsInput(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value.trim() === '') return [];
  if (value.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not a list: one name.
    }
  }
  return [value.trim()];
}

/** `baseOptions`-style JSON inputs: an object, or JSON text of one. */
export function objectInput(value: unknown): Record<string, unknown> | undefined {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    throw new Error(`Expected a JSON object, got: ${value.slice(0, 60)}`);
  }
}

/** Drops unset settings so provider defaults apply. */
export function compactSettings(settings: ModelSettings): ModelSettings {
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
}
