/** What a moderation node builds: a check run on the question before any model sees it. */
export interface ModerationHandle {
  kind: 'moderation';
  /** Throws `ModerationError` when the input must not be processed. */
  check(input: string): Promise<void>;
}

/** The input was refused; its message is the answer the user sees (as Flowise does). */
export class ModerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModerationError';
  }
}

export function moderationList(value: unknown): ModerationHandle[] {
  const list: unknown[] = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter(
    (m): m is ModerationHandle =>
      typeof m === 'object' && m !== null && (m as { kind?: unknown }).kind === 'moderation',
  );
}

/** Runs every moderation; returns the refusal message, or undefined when the input may go on. */
export async function moderate(value: unknown, input: string): Promise<string | undefined> {
  for (const moderation of moderationList(value)) {
    try {
      await moderation.check(input);
    } catch (error) {
      if (error instanceof ModerationError) return error.message;
      throw error;
    }
  }
  return undefined;
}
