import { refinePromptInput, refinePrompts, synthesizerNode, textQAPromptInput } from '../synthesizer-node.js';

/** An answer from the first passage, improved with each further passage: one model call per passage. */
export const refineLlamaIndex = synthesizerNode({
  label: 'Refine',
  name: 'refineLlamaIndex',
  type: 'Refine',
  description:
    'Answers from the first passage, then asks the model once per further passage to improve the answer: thorough, but one call per passage',
  glyph: 'R',
  mode: 'refine',
  inputs: [refinePromptInput, textQAPromptInput],
  prompts: refinePrompts,
});
