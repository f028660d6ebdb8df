/**
 * Parses JSON as people type it into a text field: single-quoted strings, unquoted keys, trailing
 * commas and comments are accepted (the JSON5 subset Flowise's iteration input tolerates).
 */
export function parseLenientJson(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return JSON.parse(toStrictJson(trimmed)) as unknown;
  }
}

function toStrictJson(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      // Copy a string literal, re-quoted with double quotes.
      let j = i + 1;
      let body = '';
      while (j < text.length && text[j] !== ch) {
        if (text[j] === '\\' && j + 1 < text.length) {
          const next = text[j + 1]!;
          body += next === "'" ? "'" : `\\${next}`;
          j += 2;
          continue;
        }
        body += text[j] === '"' ? '\\"' : text[j] === '\n' ? '\\n' : text[j];
        j++;
      }
      out += `"${body}"`;
      i = j + 1;
      continue;
    }
    if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      continue;
    }
    if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (/[A-Za-z_$]/.test(ch)) {
      let j = i;
      while (j < text.length && /[\w$]/.test(text[j]!)) j++;
      const word = text.slice(i, j);
      const rest = text.slice(j).trimStart();
      out += rest.startsWith(':') && !['true', 'false', 'null'].includes(word) ? `"${word}"` : word;
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return out.replace(/,\s*([\]}])/g, '$1');
}
