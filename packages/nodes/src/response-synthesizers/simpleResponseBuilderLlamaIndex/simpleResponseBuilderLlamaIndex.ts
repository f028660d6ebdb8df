import { DEFAULT_REFINE_PROMPT, DEFAULT_TEXT_QA_PROMPT } from '../synthesize.js';
import { synthesizerNode } from '../synthesizer-node.js';

/** Every passage in one prompt, one model call. */
export const simpleResponseBuilderLlamaIndex = synthesizerNode({
  label: 'Simple Response Builder',
  name: 'simpleResponseBuilderLlamaIndex',
  type: 'SimpleResponseBuilder',
  description: 'Puts every passage and the question into one prompt: a single model call',
  glyph: 'SR',
  mode: 'simple',
  inputs: [],
  prompts: () => ({ textQAPrompt: DEFAULT_TEXT_QA_PROMPT, refinePrompt: DEFAULT_REFINE_PROMPT }),
});
