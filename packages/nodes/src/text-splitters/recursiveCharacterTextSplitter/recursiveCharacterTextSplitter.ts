import type { NodeType } from '@flowloom/engine';
import { chunkInputs, splitterBaseClasses, splitterIcon, SPLITTER_CATEGORY } from '../inputs.js';
import { chunkSizeOf, splitRecursively, splitterOf, TEXT_SEPARATORS } from '../split.js';

/** Custom separators: a JSON list of strings (or a list already), replacing the defaults. */
function separatorsOf(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return TEXT_SEPARATORS;
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      throw new Error('Custom Separators must be a JSON list of strings, e.g. ["\\n\\n", "##", "-"]');
    }
  }
  if (!Array.isArray(list) || list.length === 0 || !list.every((item) => typeof item === 'string'))
    throw new Error('Custom Separators must be a JSON list of strings, e.g. ["\\n\\n", "##", "-"]');
  return list;
}

export const recursiveCharacterTextSplitter: NodeType = {
  icon: splitterIcon,
  definition: {
    label: 'Recursive Character Text Splitter',
    name: 'recursiveCharacterTextSplitter',
    version: 2,
    type: 'RecursiveCharacterTextSplitter',
    category: SPLITTER_CATEGORY,
    baseClasses: splitterBaseClasses('RecursiveCharacterTextSplitter'),
    description:
      'Cuts text at paragraphs, then lines, then words, so chunks stay as whole as their size allows',
    inputs: [
      ...chunkInputs('characters'),
      {
        label: 'Custom Separators',
        name: 'separators',
        type: 'string',
        rows: 4,
        description: 'A JSON list of the strings to cut at, coarsest first; replaces the default separators',
        placeholder: '["|", "##", ">", "-"]',
        additionalParams: true,
        optional: true,
      },
    ],
  },
  init(ctx) {
    const size = chunkSizeOf(ctx.inputs);
    const separators = separatorsOf(ctx.inputs.separators);
    return splitterOf((text) => splitRecursively(text, separators, size));
  },
};
