/**
 * A small Markdown reader for chat answers. It produces a tree of plain data that the renderer
 * turns into React elements, so no text is ever interpreted as HTML: raw tags, scripts and
 * unsafe links come out as the text they are.
 */

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
  | { type: 'rule' };

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

// ---------------------------------------------------------------- inline

const ESCAPABLE = '\\`*_{}[]()#+-.!~|>';
const BARE_URL = /^(https?:\/\/[^\s<>()]*[^\s<>().,;:!?'"])/;

function pushText(out: Inline[], value: string) {
  const last = out.at(-1);
  if (last?.type === 'text') last.value += value;
  else out.push({ type: 'text', value });
}

/** Index of the closing delimiter for emphasis opened at `from`, or -1. */
function closing(text: string, delimiter: string, from: number): number {
  let index = text.indexOf(delimiter, from);
  while (index >= 0) {
    const inner = text.slice(from, index);
    const escaped = text[index - 1] === '\\';
    if (inner.trim() !== '' && !/\s/.test(text[index - 1] ?? '') && !escaped) {
      // A single `*` must not be half of a `**`.
      if (delimiter.length === 2 || text[index + 1] !== delimiter) return index;
    }
    index = text.indexOf(delimiter, index + delimiter.length);
  }
  return -1;
}

/** Matching `]` for a `[` at `open`, allowing nested brackets. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') i += 1;
    else if (char === '[') depth += 1;
    else if (char === ']' && --depth === 0) return i;
  }
  return -1;
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const rest = text.slice(i);

    if (char === '\\' && i + 1 < text.length && ESCAPABLE.includes(text[i + 1]!)) {
      pushText(out, text[i + 1]!);
      i += 2;
      continue;
    }
    if (char === '\n') {
      out.push({ type: 'break' });
      i += 1;
      continue;
    }
    if (char === '`') {
      const run = /^`+/.exec(rest)![0];
      const end = text.indexOf(run, i + run.length);
      if (end > i) {
        out.push({ type: 'code', value: text.slice(i + run.length, end).replace(/^ (.*) $/, '$1') });
        i = end + run.length;
        continue;
      }
      pushText(out, run);
      i += run.length;
      continue;
    }
    if (char === '[') {
      const close = closingBracket(text, i);
      const target =
        close > 0
          ? /^\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+"[^"]*")?\s*\)/.exec(
              text.slice(close + 1),
            )
          : null;
      if (close > 0 && target) {
        const href = safeHref(target[1]!.replace(/^<|>$/g, ''));
        const label = text.slice(i + 1, close);
        if (href) out.push({ type: 'link', href, children: parseInline(label) });
        else pushText(out, text.slice(i, close + 1 + target[0].length));
        i = close + 1 + target[0].length;
        continue;
      }
    }
    if (char === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/.exec(rest);
      const href = auto ? safeHref(auto[1]!) : null;
      if (auto && href) {
        out.push({ type: 'link', href, children: [{ type: 'text', value: auto[1]! }] });
        i += auto[0].length;
        continue;
      }
    }
    if ((char === 'h' || char === 'H') && /^https?:\/\//i.test(rest) && !/\w/.test(text[i - 1] ?? '')) {
      const bare = BARE_URL.exec(rest);
      const href = bare ? safeHref(bare[1]!) : null;
      if (bare && href) {
        out.push({ type: 'link', href, children: [{ type: 'text', value: bare[1]! }] });
        i += bare[1]!.length;
        continue;
      }
    }
    if (char === '*' || char === '_' || char === '~') {
      const double = text[i + 1] === char;
      const delimiter = double ? char + char : char;
      // `_` inside a word (snake_case) is not emphasis; `~` only counts doubled.
      const wordy = char === '_' && /\w/.test(text[i - 1] ?? '');
      if (!(char === '~' && !double) && !wordy) {
        const end = closing(text, delimiter, i + delimiter.length);
        const after = text[end + delimiter.length] ?? '';
        if (end > 0 && !(char === '_' && /\w/.test(after))) {
          const inner = parseInline(text.slice(i + delimiter.length, end));
          const type = char === '~' ? 'del' : double ? 'strong' : 'em';
          out.push({ type, children: inner });
          i = end + delimiter.length;
          continue;
        }
      }
      pushText(out, delimiter);
      i += delimiter.length;
      continue;
    }
    const next = text.slice(i + 1).search(/[\\\n`[<*_~hH]/);
    const stop = next < 0 ? text.length : i + 1 + next;
    pushText(out, text.slice(i, stop));
    i = stop;
  }
  return out;
}

// ---------------------------------------------------------------- blocks

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const BULLET = /^( {0,3})([-*+])\s+(.*)$/;
const ORDERED = /^( {0,3})(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

function tableCells(line: string): string[] {
  let trimmed = line.trim();
  if (trimmed.startsWith('|')) trimmed = trimmed.slice(1);
  if (trimmed.endsWith('|') && !trimmed.endsWith('\\|')) trimmed = trimmed.slice(0, -1);
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const startsBlock = (line: string, next: string | undefined) =>
  FENCE.test(line) ||
  HEADING.test(line) ||
  RULE.test(line) ||
  BULLET.test(line) ||
  ORDERED.test(line) ||
  QUOTE.test(line) ||
  (line.includes('|') && next !== undefined && TABLE_DIVIDER.test(next) && next.includes('-'));

function parseList(lines: string[], start: number): { block: Block; end: number } {
  const first = BULLET.exec(lines[start]!) ?? ORDERED.exec(lines[start]!)!;
  const ordered = !BULLET.test(lines[start]!);
  const marker = ordered ? ORDERED : BULLET;
  const items: Block[][] = [];
  let i = start;
  while (i < lines.length) {
    const match = marker.exec(lines[i]!);
    if (!match || (BULLET.test(lines[i]!) && ordered)) break;
    const indent = match[1]!.length + match[2]!.length + 1;
    const body = [match[3]!];
    i += 1;
    while (i < lines.length) {
      const line = lines[i]!;
      if (line.trim() === '') {
        const next = lines[i + 1];
        if (next !== undefined && /^\s{2,}\S/.test(next)) {
          body.push('');
          i += 1;
          continue;
        }
        break;
      }
      if (/^\s{2,}/.test(line)) {
        body.push(line.replace(new RegExp(`^ {0,${Math.max(indent, 2)}}`), ''));
        i += 1;
        continue;
      }
      if (marker.exec(line) || startsBlock(line, lines[i + 1])) break;
      body.push(line); // lazy continuation of the item's paragraph
      i += 1;
    }
    items.push(parseBlocks(body));
    // A blank line between items keeps the list going.
    if (lines[i]?.trim() === '' && lines[i + 1] !== undefined && marker.test(lines[i + 1]!)) i += 1;
  }
  return { block: { type: 'list', ordered, start: ordered ? Number(first[2]) : 1, items }, end: i };
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !new RegExp(`^ {0,3}${marker[0]}{${marker.length},}\\s*$`).test(lines[i]!)) {
        body.push(lines[i]!);
        i += 1;
      }
      i += 1; // closing fence (an unclosed fence runs to the end, as while streaming)
      blocks.push({ type: 'code', language: fence[2] ?? '', value: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        type: 'heading',
        level: heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6,
        children: parseInline(heading[2] ?? ''),
      });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: 'rule' });
      i += 1;
      continue;
    }
    if (BULLET.test(line) || ORDERED.test(line)) {
      const { block, end } = parseList(lines, i);
      blocks.push(block);
      i = end;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '') {
        const quoted = QUOTE.exec(lines[i]!);
        body.push(quoted ? quoted[1]! : lines[i]!);
        i += 1;
      }
      blocks.push({ type: 'quote', children: parseBlocks(body) });
      continue;
    }
    const next = lines[i + 1];
    if (line.includes('|') && next !== undefined && TABLE_DIVIDER.test(next) && next.includes('-')) {
      const header = tableCells(line).map(parseInline);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== '') {
        rows.push(tableCells(lines[i]!).map(parseInline));
        i += 1;
      }
      blocks.push({ type: 'table', header, rows });
      continue;
    }
    const paragraph = [line.trim()];
    i += 1;
    while (i < lines.length && lines[i]!.trim() !== '' && !startsBlock(lines[i]!, lines[i + 1])) {
      paragraph.push(lines[i]!.trim());
      i += 1;
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
  }
  return blocks;
}

/** Parses Markdown text into blocks. */
export function parseMarkdown(text: string): Block[] {
  return parseBlocks(text.replace(/\r\n?/g, '\n').split('\n'));
}
