import { DEFAULT_REFINE_PROMPT, DEFAULT_TREE_SUMMARIZE_PROMPT } from '../synthesize.js';
import { promptOf, synthesizerNode } from '../synthesizer-node.js';

/** Passages answered group by group, then the answers answered again, until one is left. */
export const treeSummarizeLlamaIndex = synthesizerNode({
  label: 'TreeSummarize',
  name: 'treeSummarizeLlamaIndex',
  type: 'TreeSummarize',
  description:
    'Answers groups of passages that fit one prompt, then answers from those answers, until one remains: good for summaries',
  glyph: 'TS',
  mode: 'treeSummarize',
  inputs: [
    {
      label: 'Prompt',
      name: 'prompt',
      type: 'string',
      rows: 4,
      default: DEFAULT_TREE_SUMMARIZE_PROMPT,
      warning: 'May use {context} and {query}; other braces are sent as they are',
      optional: true,
    },
  ],
  prompts: (inputs) => ({
    textQAPrompt: promptOf(inputs.prompt, DEFAULT_TREE_SUMMARIZE_PROMPT, 'Prompt'),
    refinePrompt: DEFAULT_REFINE_PROMPT,
  }),
});
