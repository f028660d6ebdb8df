import type { NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { LLAMAINDEX_BADGE, LLAMAINDEX_TAGS } from '../llamaindex/variant.js';
import { badgeIcon } from '../utilities/icons.js';
import {
  DEFAULT_REFINE_PROMPT,
  DEFAULT_TEXT_QA_PROMPT,
  type ResponseSynthesizerHandle,
  type SynthesisMode,
} from './synthesize.js';

/** The longest prompt template a synthesizer takes. */
export const MAX_PROMPT_LENGTH = 20_000;

export const refinePromptInput: NodeParam = {
  label: 'Refine Prompt',
  name: 'refinePrompt',
  type: 'string',
  rows: 4,
  default: DEFAULT_REFINE_PROMPT,
  warning: 'May use {existingAnswer}, {context} and {query}; other braces are sent as they are',
  optional: true,
};

export const textQAPromptInput: NodeParam = {
  label: 'Text QA Prompt',
  name: 'textQAPrompt',
  type: 'string',
  rows: 4,
  default: DEFAULT_TEXT_QA_PROMPT,
  warning: 'May use {context} and {query}; other braces are sent as they are',
  optional: true,
};

/** A prompt input's text (the default when empty), or an error naming the input when too long. */
export function promptOf(value: unknown, fallback: string, label: string): string {
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  if (value.length > MAX_PROMPT_LENGTH)
    throw new Error(`${label} is longer than ${MAX_PROMPT_LENGTH.toLocaleString('en')} characters`);
  return value;
}

export interface SynthesizerSpec {
  label: string;
  name: string;
  type: string;
  description: string;
  glyph: string;
  mode: SynthesisMode;
  inputs: NodeParam[];
  /** The prompts from the node's inputs. */
  prompts(inputs: Record<string, unknown>): Pick<ResponseSynthesizerHandle, 'textQAPrompt' | 'refinePrompt'>;
}

/** A Response Synthesizer node (Flowise's LlamaIndex ones): a strategy and its prompts, for the engines. */
export function synthesizerNode(spec: SynthesizerSpec): NodeType {
  return {
    icon: badgeIcon(spec.glyph, '#6d28d9'),
    definition: {
      label: spec.label,
      name: spec.name,
      version: 1,
      type: spec.type,
      category: 'Response Synthesizer',
      baseClasses: [spec.type, 'ResponseSynthesizer'],
      tags: LLAMAINDEX_TAGS,
      badge: LLAMAINDEX_BADGE,
      description: spec.description,
      inputs: spec.inputs,
    },
    init(ctx): ResponseSynthesizerHandle {
      return { kind: 'responseSynthesizer', mode: spec.mode, ...spec.prompts(ctx.inputs) };
    },
  };
}

/** The prompts of the refining synthesizers (Refine, Compact and Refine). */
export const refinePrompts = (inputs: Record<string, unknown>) => ({
  textQAPrompt: promptOf(inputs.textQAPrompt, DEFAULT_TEXT_QA_PROMPT, 'Text QA Prompt'),
  refinePrompt: promptOf(inputs.refinePrompt, DEFAULT_REFINE_PROMPT, 'Refine Prompt'),
});
