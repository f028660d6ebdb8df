import type { NodeType } from '@flowloom/engine';
import { chunkInputs, splitterBaseClasses, splitterIcon, SPLITTER_CATEGORY } from '../inputs.js';
import { chunkSizeOf, cutAt, mergePieces, splitterOf } from '../split.js';

export const characterTextSplitter: NodeType = {
  icon: splitterIcon,
  definition: {
    label: 'Character Text Splitter',
    name: 'characterTextSplitter',
    version: 1,
    type: 'CharacterTextSplitter',
    category: SPLITTER_CATEGORY,
    baseClasses: splitterBaseClasses('CharacterTextSplitter'),
    description: 'Cuts text at one separator (blank lines by default) and joins the pieces into chunks',
    inputs: [
      ...chunkInputs('characters'),
      {
        label: 'Custom Separator',
        name: 'separator',
        type: 'string',
        placeholder: '" "',
        description: 'The string to cut at; a blank line when empty',
        optional: true,
      },
    ],
  },
  init(ctx) {
    const size = chunkSizeOf(ctx.inputs);
    const separator =
      typeof ctx.inputs.separator === 'string' && ctx.inputs.separator !== '' ? ctx.inputs.separator : '\n\n';
    return splitterOf((text) => mergePieces(cutAt(text, separator, false), separator, size));
  },
};
