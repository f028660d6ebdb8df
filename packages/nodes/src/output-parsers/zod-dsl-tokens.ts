/** Tokens of zod schema text, for the parser in `zod-dsl.ts`. */

/** The text is not a schema this parser accepts; the message says where. */
export class ZodDslError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZodDslError';
  }
}

export type Token = {
  kind: 'name' | 'string' | 'number' | 'punct';
  text: string;
  value?: string | number;
  line: number;
  column: number;
  /** A `//` comment later on the same line. */
  comment?: string;
};

/** Splits schema text into tokens, remembering each line's trailing `//` comment on its last token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const at = (offset: number) => ({ line, column: offset - lineStart + 1 });
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      lineStart = ++i;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      const comment = text.slice(i + 2, end < 0 ? text.length : end).trim();
      const last = tokens.at(-1);
      if (last && last.line === line && comment) last.comment = comment;
      i = end < 0 ? text.length : end;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new ZodDslError(`Line ${line}: a /* comment is never closed`);
      for (let j = i; j < end; j++) {
        if (text[j] !== '\n') continue;
        line++;
        lineStart = j + 1;
      }
      i = end + 2;
      continue;
    }
    const name = /^[A-Za-z_$][\w$]*/.exec(text.slice(i, i + 200));
    if (name) {
      tokens.push({ kind: 'name', text: name[0], ...at(i) });
      i += name[0].length;
      continue;
    }
    const number = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 100));
    if (number) {
      tokens.push({ kind: 'number', text: number[0], value: Number(number[0]), ...at(i) });
      i += number[0].length;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      const start = at(i);
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== ch; j++) {
        if (ch === '`' && text.startsWith('${', j))
          throw new ZodDslError(`Line ${line}: template literals with \${…} are not supported`);
        if (text[j] === '\n' && ch !== '`') throw new ZodDslError(`Line ${line}: a string is never closed`);
        if (text[j] === '\\') {
          const next = text[++j];
          const unicode = next === 'u' ? /^[0-9a-fA-F]{4}/.exec(text.slice(j + 1, j + 5)) : null;
          if (unicode) j += 4;
          value += unicode
            ? String.fromCharCode(parseInt(unicode[0], 16))
            : (({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[next ?? ''] ?? next ?? '');
        } else value += text[j];
      }
      if (j >= text.length) throw new ZodDslError(`Line ${start.line}: a string is never closed`);
      tokens.push({ kind: 'string', text: text.slice(i, j + 1), value, ...start });
      i = j + 1;
      continue;
    }
    if ('(){}[],:.;'.includes(ch)) {
      tokens.push({ kind: 'punct', text: ch, ...at(i) });
      i++;
      continue;
    }
    throw new ZodDslError(`Line ${line}, column ${i - lineStart + 1}: unexpected "${ch}"`);
  }
  return tokens;
}
