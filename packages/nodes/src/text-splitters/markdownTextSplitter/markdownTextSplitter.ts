import type { NodeType } from '@flowloom/engine';
import { chunkInputs, splitterBaseClasses, splitterIcon, SPLITTER_CATEGORY } from '../inputs.js';
import { splitByHeadings, splitMarkdown } from '../markdown.js';
import { chunkSizeOf, splitterOf } from '../split.js';

const LEVELS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

export const markdownTextSplitter: NodeType = {
  icon: splitterIcon,
  definition: {
    label: 'Markdown Text Splitter',
    name: 'markdownTextSplitter',
    version: 1.1,
    type: 'MarkdownTextSplitter',
    category: SPLITTER_CATEGORY,
    baseClasses: splitterBaseClasses('MarkdownTextSplitter', 'RecursiveCharacterTextSplitter'),
    description: 'Cuts Markdown at headings, code blocks and rules before paragraphs and lines',
    inputs: [
      ...chunkInputs('characters'),
      {
        label: 'Split by Headers',
        name: 'splitByHeaders',
        type: 'options',
        description: 'One chunk per section starting at a heading of this level or higher, whatever its size',
        options: [
          { label: 'Disabled', name: 'disabled' },
          ...LEVELS.map((level, index) => ({
            label: `${'#'.repeat(index + 1)} Headers (${level.toUpperCase()})`,
            name: level,
          })),
        ],
        default: 'disabled',
        optional: true,
      },
    ],
  },
  init(ctx) {
    const size = chunkSizeOf(ctx.inputs);
    const chosen = ctx.inputs.splitByHeaders;
    const level = typeof chosen === 'string' ? LEVELS.indexOf(chosen) + 1 : 0;
    return splitterOf((text) => (level > 0 ? splitByHeadings(text, level) : splitMarkdown(text, size)));
  },
};
