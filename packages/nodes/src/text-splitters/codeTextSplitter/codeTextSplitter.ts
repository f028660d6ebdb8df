import type { NodeType } from '@flowloom/engine';
import { chunkInputs, splitterBaseClasses, splitterIcon, SPLITTER_CATEGORY } from '../inputs.js';
import { CODE_LANGUAGE_NAMES, codeSeparators, isCodeLanguage } from '../languages.js';
import { chunkSizeOf, splitRecursively, splitterOf } from '../split.js';

export const codeTextSplitter: NodeType = {
  icon: splitterIcon,
  definition: {
    label: 'Code Text Splitter',
    name: 'codeTextSplitter',
    version: 1,
    type: 'CodeTextSplitter',
    category: SPLITTER_CATEGORY,
    baseClasses: splitterBaseClasses('CodeTextSplitter', 'RecursiveCharacterTextSplitter'),
    description: 'Cuts source code before classes and functions of its language, then at lines',
    inputs: [
      {
        label: 'Language',
        name: 'language',
        type: 'options',
        options: CODE_LANGUAGE_NAMES.map((name) => ({ label: name, name })),
      },
      ...chunkInputs('characters'),
    ],
  },
  init(ctx) {
    const size = chunkSizeOf(ctx.inputs);
    const language = ctx.inputs.language;
    if (!isCodeLanguage(language))
      throw new Error(`Language must be one of ${CODE_LANGUAGE_NAMES.join(', ')}`);
    const separators = codeSeparators(language);
    return splitterOf((text) => splitRecursively(text, separators, size));
  },
};
