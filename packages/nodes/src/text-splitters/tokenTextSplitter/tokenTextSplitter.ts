import type { NodeType } from '@flowloom/engine';
import { chunkInputs, splitterBaseClasses, splitterIcon, SPLITTER_CATEGORY } from '../inputs.js';
import { chunkSizeOf } from '../split.js';
import { ENCODING_NAMES, isEncodingName, splitByTokens } from '../token.js';

export const tokenTextSplitter: NodeType = {
  icon: splitterIcon,
  definition: {
    label: 'Token Text Splitter',
    name: 'tokenTextSplitter',
    version: 1,
    type: 'TokenTextSplitter',
    category: SPLITTER_CATEGORY,
    baseClasses: splitterBaseClasses('TokenTextSplitter'),
    description: 'Cuts text into chunks of a number of model tokens, counted with an OpenAI encoding',
    inputs: [
      {
        label: 'Encoding Name',
        name: 'encodingName',
        type: 'options',
        options: ENCODING_NAMES.map((name) => ({ label: name, name })),
        default: 'gpt2',
      },
      ...chunkInputs('tokens'),
    ],
  },
  init(ctx) {
    const size = chunkSizeOf(ctx.inputs);
    const encoding = ctx.inputs.encodingName ?? 'gpt2';
    if (!isEncodingName(encoding))
      throw new Error(
        `Encoding Name must be one of ${ENCODING_NAMES.join(', ')} (it is ${JSON.stringify(encoding)})`,
      );
    return { kind: 'textSplitter', splitText: (text: string) => splitByTokens(text, size, encoding) };
  },
};
