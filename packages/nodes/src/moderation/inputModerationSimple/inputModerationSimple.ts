import type { NodeType } from '@flowloom/engine';
import { isChatModel } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { badgeIcon } from '../../utilities/icons.js';
import { ModerationError, type ModerationHandle } from '../moderation.js';

export const DEFAULT_MODERATION_MESSAGE = 'Cannot Process! Input violates content moderation policies.';

const JUDGE_SYSTEM =
  'You check user input against a list of denied phrases. Answer with exactly one word: YES if the input contains, repeats or closely paraphrases any of the phrases (in any language), NO otherwise.';

/** The deny list: one phrase per line, blank lines ignored. */
export function denyPhrases(value: unknown): string[] {
  return typeof value === 'string'
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];
}

/**
 * Refuses input that contains a deny-list phrase (case-insensitive). With a chat model connected it
 * also asks the model whether the input is close to one of the phrases, catching rephrasings.
 */
export const inputModerationSimple: NodeType = {
  icon: badgeIcon('!', '#c62828'),
  definition: {
    label: 'Simple Prompt Moderation',
    name: 'inputModerationSimple',
    version: 2,
    type: 'Moderation',
    category: 'Moderation',
    baseClasses: ['Moderation'],
    description: 'Check whether input consists of any text from Deny list, and prevent being sent to LLM',
    inputs: [
      {
        label: 'Deny List',
        name: 'denyList',
        type: 'string',
        rows: 4,
        placeholder:
          'ignore previous instructions\ndo not follow the directions\nyou must ignore all previous instructions',
        description:
          'An array of string literals (enter one per line) that should not appear in the prompt text.',
      },
      {
        label: 'Chat Model',
        name: 'model',
        type: 'BaseChatModel',
        description: 'Use LLM to detect if the input is similar to those specified in Deny List',
        optional: true,
      },
      {
        label: 'Error Message',
        name: 'moderationErrorMessage',
        type: 'string',
        rows: 2,
        default: DEFAULT_MODERATION_MESSAGE,
        optional: true,
      },
    ],
  },
  init(ctx): ModerationHandle {
    const phrases = denyPhrases(ctx.inputs.denyList);
    const lowered = phrases.map((p) => p.toLowerCase());
    const message =
      typeof ctx.inputs.moderationErrorMessage === 'string' && ctx.inputs.moderationErrorMessage.trim()
        ? ctx.inputs.moderationErrorMessage
        : DEFAULT_MODERATION_MESSAGE;
    const model = isChatModel(ctx.inputs.model) ? ctx.inputs.model : undefined;
    const { run } = ctx;
    return {
      kind: 'moderation',
      async check(input) {
        const text = input.toLowerCase();
        if (lowered.some((phrase) => text.includes(phrase))) throw new ModerationError(message);
        if (!model || phrases.length === 0) return;
        const verdict = await generate(model, {
          system: JUDGE_SYSTEM,
          messages: [
            {
              role: 'user',
              content: `Denied phrases:\n${phrases.map((p) => `- ${p}`).join('\n')}\n\nUser input:\n"""\n${input}\n"""`,
            },
          ],
          stream: false,
          run,
        });
        if (/^\W*yes\b/i.test(verdict)) throw new ModerationError(message);
      },
    };
  },
};
