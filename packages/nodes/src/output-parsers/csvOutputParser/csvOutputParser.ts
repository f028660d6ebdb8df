import type { NodeType } from '@flowloom/engine';
import { booleanInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import type { OutputParserHandle } from '../parser.js';
import { autofixInput, OUTPUT_PARSER_BASE_CLASSES, stripCodeFence } from '../structured.js';

/** Splits a comma-separated answer into its trimmed, non-empty items. */
export function parseCsvList(text: string): string[] {
  const items = stripCodeFence(text)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error('The answer holds no comma-separated values');
  return items;
}

export function csvListParser(autofix: boolean): OutputParserHandle {
  return {
    kind: 'outputParser',
    autofix,
    formatInstructions: () =>
      'Your answer must be a list of comma-separated values and nothing else, e.g. `foo, bar, baz`.',
    parse: (text) => new Promise((resolve) => resolve(parseCsvList(text))),
  };
}

export const csvOutputParser: NodeType = {
  icon: badgeIcon('CSV', '#8d6e63'),
  definition: {
    label: 'CSV Output Parser',
    name: 'csvOutputParser',
    version: 1,
    type: 'CSVListOutputParser',
    category: 'Output Parsers',
    baseClasses: ['CSVListOutputParser', ...OUTPUT_PARSER_BASE_CLASSES],
    description: 'Parse the output of an LLM call as a comma-separated list of values',
    inputs: [autofixInput],
  },
  init: (ctx): OutputParserHandle => csvListParser(booleanInput(ctx.inputs.autofixParser, false)),
};
