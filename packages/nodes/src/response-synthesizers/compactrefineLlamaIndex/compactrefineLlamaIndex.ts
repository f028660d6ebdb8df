import { refinePromptInput, refinePrompts, synthesizerNode, textQAPromptInput } from '../synthesizer-node.js';

/** Refine over as few packed prompts as the model's context window allows: fewer calls than Refine. */
export const compactrefineLlamaIndex = synthesizerNode({
  label: 'Compact and Refine',
  name: 'compactrefineLlamaIndex',
  type: 'CompactRefine',
  description:
    'Like Refine, but first packs the passages into as few prompts as the model can read, so it makes fewer calls',
  glyph: 'CR',
  mode: 'compactRefine',
  inputs: [refinePromptInput, textQAPromptInput],
  prompts: refinePrompts,
});
