import { htmlToMarkdown, type NodeType } from '@flowloom/engine';
import { chunkInputs, splitterBaseClasses, splitterIcon, SPLITTER_CATEGORY } from '../inputs.js';
import { chunkSizeOf, splitterOf } from '../split.js';
import { splitMarkdown } from '../markdown.js';

/** HTML turned into Markdown, then cut at its headings, paragraphs and lines (Flowise HtmlToMarkdown). */
export const htmlToMarkdownTextSplitter: NodeType = {
  icon: splitterIcon,
  definition: {
    label: 'HtmlToMarkdown Text Splitter',
    name: 'htmlToMarkdownTextSplitter',
    version: 1,
    type: 'HtmlToMarkdownTextSplitter',
    category: SPLITTER_CATEGORY,
    baseClasses: splitterBaseClasses(
      'HtmlToMarkdownTextSplitter',
      'MarkdownTextSplitter',
      'RecursiveCharacterTextSplitter',
    ),
    description: 'Turns HTML into Markdown, then cuts it at headings, paragraphs and lines',
    inputs: chunkInputs('characters'),
  },
  init(ctx) {
    const size = chunkSizeOf(ctx.inputs);
    return splitterOf((text) => splitMarkdown(htmlToMarkdown(text), size));
  },
};
