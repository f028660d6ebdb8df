import type { EngineServices, NodeRegistry } from '@flowloom/engine';
import { generateFollowUpPrompts, type FollowUpPromptsSettings } from '@flowloom/nodes';
import type { Logger } from '../../runtime.js';

/**
 * Follow-up prompts (SHARING.md §2.1): after an answer, the model chosen in the flow's
 * `followUpPrompts` column suggests the questions a user may ask next. They are stored on the
 * answer (`chat_message.followUpPrompts`, a JSON text of the list) and returned with it.
 */

/** The column's settings when follow-up prompts are on, else undefined. */
export function followUpSettingsOf(text: string | null): FollowUpPromptsSettings | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const settings = parsed as FollowUpPromptsSettings;
    return settings.status === true && typeof settings.selectedProvider === 'string' ? settings : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The questions for one answer, or undefined when the model gives none. A model that fails does not
 * fail the answer the user already has: the failure is logged and no questions are added.
 */
export async function followUpQuestions(
  deps: { components: NodeRegistry; logger: Logger },
  input: {
    flowId: string;
    settings: FollowUpPromptsSettings;
    answer: string;
    services: EngineServices;
    signal?: AbortSignal;
  },
): Promise<string[] | undefined> {
  try {
    const questions = await generateFollowUpPrompts({
      settings: input.settings,
      answer: input.answer,
      services: input.services,
      components: deps.components,
      ...(input.signal && { signal: input.signal }),
    });
    return questions && questions.length > 0 ? questions : undefined;
  } catch (error) {
    deps.logger.warn(
      { flowId: input.flowId, err: error instanceof Error ? error.message : String(error) },
      'follow-up prompts could not be generated',
    );
    return undefined;
  }
}
