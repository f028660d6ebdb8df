/**
 * Reads chat answers as Markdown with markdown-it (linear time, CommonMark + GFM tables and
 * strikethrough) and turns its tokens into a tree of plain data that the renderer maps to React
 * elements. Nothing is ever interpreted as HTML: raw tags are not parsed (`html: false`) and come
 * out as the text they are, and only http(s) and mailto addresses become links.
 */
import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

export type Inline =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: 'code'; language: string; value: string }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { type: 'rule' }
  /** Text shown as it is, line breaks kept: an answer too long or too deeply nested for Markdown. */
  | { type: 'plain'; value: string };

/**
 * Longer texts are shown as plain text: parsing is linear, but rendering a huge answer as
 * thousands of elements on every streamed token is not worth it.
 */
export const MAX_MARKDOWN_LENGTH = 100_000;

/**
 * Block nesting (a list item in a list is two levels) beyond which the text stays plain. markdown-it
 * stops reading at 100 levels and drops what lies deeper; an answer that nests this deep is no
 * real answer, and showing it whole as text loses nothing.
 */
const MAX_BLOCK_DEPTH = 64;

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address if it is an absolute http(s) or mailto link, else null (javascript:, data:, relative…). */
export function safeHref(url: string): string | null {
  const trimmed = url.trim();
  if (trimmed === '') return null;
  try {
    const parsed = new URL(trimmed);
    return SAFE_PROTOCOLS.has(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

// `typographer` stays off: its smart quotes have had quadratic cases.
const md = new MarkdownIt('default', {
  html: false,
  linkify: true,
  breaks: true,
  typographer: false,
  maxNesting: 100,
});
// markdown-it checks every link, autolink, reference definition and image address here (after
// decoding entities and percent-encoding), so an unsafe one stays text.
md.validateLink = (url) => safeHref(url) !== null;
// Bare addresses become links only with their scheme, as before: "setup.py" is a file, not a site.
md.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });

type Hrefs = (url: string | null) => string | null;

/** safeHref once per distinct address: a reference link used thousands of times shares one string. */
function hrefCache(): Hrefs {
  const seen = new Map<string, string | null>();
  return (url) => {
    if (url === null) return null;
    let href = seen.get(url);
    if (href === undefined) {
      href = safeHref(url);
      seen.set(url, href);
    }
    return href;
  };
}

function attr(token: Token, name: string): string | null {
  const value = token.attrGet(name);
  return value === null ? null : String(value);
}

function pushText(out: Inline[], value: string) {
  if (value === '') return;
  const last = out.at(-1);
  if (last?.type === 'text') last.value += value;
  else out.push({ type: 'text', value });
}

// ---------------------------------------------------------------- inline

function readInline(tokens: Token[], hrefs: Hrefs): Inline[] {
  const root: Inline[] = [];
  // Each open token pushes the list its children go to; a link with an unsafe address (which
  // markdown-it already refuses) keeps writing into its parent, so only its text shows.
  const stack: Inline[][] = [root];
  for (const token of tokens) {
    const out = stack.at(-1)!;
    switch (token.type) {
      case 'text':
      case 'text_special':
        pushText(out, token.content);
        break;
      case 'code_inline':
        out.push({ type: 'code', value: token.content });
        break;
      case 'softbreak':
      case 'hardbreak':
        out.push({ type: 'break' });
        break;
      case 'strong_open':
      case 'em_open':
      case 's_open': {
        const type = token.type === 'strong_open' ? 'strong' : token.type === 'em_open' ? 'em' : 'del';
        const node: Inline = { type, children: [] };
        out.push(node);
        stack.push(node.children);
        break;
      }
      case 'link_open': {
        const href = hrefs(attr(token, 'href'));
        if (href) {
          const node: Inline = { type: 'link', href, children: [] };
          out.push(node);
          stack.push(node.children);
        } else stack.push(out);
        break;
      }
      case 'strong_close':
      case 'em_close':
      case 's_close':
      case 'link_close':
        if (stack.length > 1) stack.pop();
        break;
      case 'image': {
        // Images are not loaded (an answer could track whoever reads it): a link to them, by its alt text.
        const href = hrefs(attr(token, 'src'));
        const alt = token.content;
        if (href) out.push({ type: 'link', href, children: alt ? [{ type: 'text', value: alt }] : [] });
        else pushText(out, alt);
        break;
      }
      default:
        // html_inline cannot occur with `html: false`; anything else unknown shows as its text.
        pushText(out, token.content);
    }
  }
  return root;
}

// ---------------------------------------------------------------- blocks

/** Reads blocks from `tokens[cursor.index]` up to the token of type `until` (consumed) or the end. */
function readBlocks(tokens: Token[], cursor: { index: number }, hrefs: Hrefs, until?: string): Block[] {
  const blocks: Block[] = [];
  while (cursor.index < tokens.length) {
    const token = tokens[cursor.index]!;
    cursor.index += 1;
    if (token.type === until) break;
    switch (token.type) {
      case 'paragraph_open':
      case 'heading_open': {
        const inline = tokens[cursor.index];
        const children = inline?.type === 'inline' ? readInline(inline.children ?? [], hrefs) : [];
        cursor.index += inline?.type === 'inline' ? 2 : 1; // the inline token and the close
        if (token.type === 'paragraph_open') blocks.push({ type: 'paragraph', children });
        else {
          const level = Number(token.tag.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6;
          blocks.push({ type: 'heading', level, children });
        }
        break;
      }
      case 'fence':
      case 'code_block':
        blocks.push({
          type: 'code',
          language: token.info.trim().split(/\s/, 1)[0] ?? '',
          value: token.content.replace(/\n$/, ''),
        });
        break;
      case 'hr':
        blocks.push({ type: 'rule' });
        break;
      case 'blockquote_open':
        blocks.push({ type: 'quote', children: readBlocks(tokens, cursor, hrefs, 'blockquote_close') });
        break;
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const ordered = token.type === 'ordered_list_open';
        const close = ordered ? 'ordered_list_close' : 'bullet_list_close';
        const items: Block[][] = [];
        while (cursor.index < tokens.length) {
          const next = tokens[cursor.index]!;
          cursor.index += 1;
          if (next.type === close) break;
          if (next.type === 'list_item_open')
            items.push(readBlocks(tokens, cursor, hrefs, 'list_item_close'));
        }
        blocks.push({ type: 'list', ordered, start: ordered ? Number(attr(token, 'start') ?? 1) : 1, items });
        break;
      }
      case 'table_open':
        blocks.push(readTable(tokens, cursor, hrefs));
        break;
      case 'html_block':
        // Cannot occur with `html: false`; shown as its text if it ever did.
        blocks.push({ type: 'paragraph', children: [{ type: 'text', value: token.content }] });
        break;
      default:
        // Closing tokens of the levels above and anything unknown: nothing to show.
        break;
    }
  }
  return blocks;
}

function readTable(tokens: Token[], cursor: { index: number }, hrefs: Hrefs): Block {
  const header: Inline[][] = [];
  const rows: Inline[][][] = [];
  let row: Inline[][] = [];
  let inHead = false;
  while (cursor.index < tokens.length) {
    const token = tokens[cursor.index]!;
    cursor.index += 1;
    if (token.type === 'table_close') break;
    if (token.type === 'thead_open') inHead = true;
    else if (token.type === 'thead_close') inHead = false;
    else if (token.type === 'tr_open') row = [];
    else if (token.type === 'th_open' || token.type === 'td_open') row.push([]);
    else if (token.type === 'inline' && row.length > 0)
      row[row.length - 1] = readInline(token.children ?? [], hrefs);
    else if (token.type === 'tr_close') {
      if (inHead) header.push(...row);
      else rows.push(row);
    }
  }
  return { type: 'table', header, rows };
}

/**
 * Parses Markdown text into blocks. Past {@link MAX_MARKDOWN_LENGTH} characters or
 * {@link MAX_BLOCK_DEPTH} levels of nesting, the text stays plain.
 */
export function parseMarkdown(text: string): Block[] {
  if (text.length > MAX_MARKDOWN_LENGTH) return [{ type: 'plain', value: text }];
  const tokens = md.parse(text, {});
  if (tokens.some((token) => token.level > MAX_BLOCK_DEPTH)) return [{ type: 'plain', value: text }];
  return readBlocks(tokens, { index: 0 }, hrefCache());
}

/** Parses one paragraph's worth of inline Markdown (emphasis, code, links…). */
export function parseInline(text: string): Inline[] {
  const tokens = md.parseInline(text, {});
  return readInline(tokens[0]?.children ?? [], hrefCache());
}
