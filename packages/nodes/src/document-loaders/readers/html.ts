import type { SourceDocument } from '@flowloom/shared';
import { decodeText, type LoadedFile } from '../loader.js';

/** What is never text a reader wants: code, styling, embedded media and hidden templates. */
const DROPPED = 'script, style, noscript, template, svg, canvas, iframe, object, embed, head';

/** Elements whose content starts on a line of its own. */
const BLOCKS = new Set(
  'address article aside blockquote body dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody thead tfoot tr ul'.split(
    ' ',
  ),
);
const CELLS = new Set(['td', 'th']);

/** The parts of a parsed node a text walk reads (cheerio's nodes, without naming its internal types). */
interface HtmlNode {
  type: string;
  name?: string;
  data?: string;
  children?: HtmlNode[];
}

function collectText(node: HtmlNode, out: string[]): void {
  if (node.type === 'text') {
    out.push(node.data ?? '');
    return;
  }
  if (node.type !== 'tag' || !node.name) return;
  const name = node.name.toLowerCase();
  if (name === 'br') {
    out.push('\n');
    return;
  }
  const block = BLOCKS.has(name);
  if (block) out.push('\n\n');
  for (const child of node.children ?? []) collectText(child, out);
  if (block) out.push('\n\n');
  else if (CELLS.has(name)) out.push('\t');
}

/** Spaces collapsed inside lines, at most one blank line between blocks. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface HtmlText {
  text: string;
  title: string | undefined;
}

/**
 * The readable text of an HTML page: scripts, styles and other non-text elements dropped, block
 * elements on lines of their own. With `selector`, only the text of the elements it matches.
 */
export async function htmlText(html: string, selector?: string): Promise<HtmlText> {
  // The slim build (htmlparser2) parses fast and leaves out cheerio's URL fetching.
  const { load } = await import('cheerio/slim');
  const $ = load(html);
  const title = $('title').first().text().trim() || undefined;
  $(DROPPED).remove();
  let roots;
  try {
    roots = selector ? $(selector) : $('body').length > 0 ? $('body') : $.root();
  } catch (error) {
    throw new Error(`Selector (CSS) "${selector}" is not a valid CSS selector`, { cause: error });
  }
  const out: string[] = [];
  for (const root of roots.get() as unknown as HtmlNode[]) {
    if (root.type === 'root') for (const child of root.children ?? []) collectText(child, out);
    else collectText(root, out);
    out.push('\n\n');
  }
  return { text: tidy(out.join('')), title };
}

/** Throws a readable error when `selector` is not a CSS selector cheerio understands. */
export async function checkSelector(selector: string): Promise<void> {
  await htmlText('<html><body></body></html>', selector);
}

/** An HTML file as one document of its text (`source` = file name, `title` when it has one). */
export async function readHtmlFile(file: LoadedFile): Promise<SourceDocument[]> {
  const { text, title } = await htmlText(decodeText(file.data));
  return [{ pageContent: text, metadata: { source: file.name, ...(title && { title }) } }];
}
