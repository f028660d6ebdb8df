/**
 * A small streaming reader for the XML parts of Office files and sitemaps. Those parts are machine
 * written (no DTDs, no custom entities), and their text is all a loader needs, so a tokenizer is
 * enough; it is much faster and lighter than building a DOM of a 100 MB worksheet.
 */

export type XmlToken =
  | { kind: 'open'; name: string; attributes: string; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

// An element tag (attribute values may hold ">"), CDATA, or a comment/declaration/instruction to skip,
// or the text up to the next tag.
const TOKEN =
  /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<[?!][^>]*>|([^<]+)/g;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces the five XML entities and character references. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The tokens of an XML text, in order; element names keep their prefix (`w:t`). */
export function* xmlTokens(xml: string): Generator<XmlToken> {
  const pattern = new RegExp(TOKEN); // a copy: its lastIndex is this walk's own
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(xml)) !== null) {
    const [, slash, name, attributes, selfClosing, cdata, text] = match;
    if (name !== undefined) {
      if (slash) yield { kind: 'close', name };
      else yield { kind: 'open', name, attributes: attributes ?? '', selfClosing: selfClosing === '/' };
    } else if (cdata !== undefined) yield { kind: 'text', text: cdata };
    else if (text !== undefined) yield { kind: 'text', text: decodeEntities(text) };
  }
}

/** The value of attribute `name` in the attribute text of an open tag, entities decoded. */
export function attribute(attributes: string, name: string): string | undefined {
  const escaped = name.replace(/[.:-]/g, (c) => `\\${c}`);
  const match = new RegExp(`(?:^|\\s)${escaped}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? '');
}

/** An element name without its namespace prefix (`w:t` → `t`). */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** The relationship targets of a `.rels` part by id, as package paths (no leading slash). */
export function relationshipTargets(xml: string, baseFolder: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const token of xmlTokens(xml)) {
    if (token.kind !== 'open' || localName(token.name) !== 'Relationship') continue;
    const id = attribute(token.attributes, 'Id');
    const target = attribute(token.attributes, 'Target');
    if (id && target && attribute(token.attributes, 'TargetMode') !== 'External')
      targets.set(id, resolvePartPath(baseFolder, target));
  }
  return targets;
}

/** A relationship target resolved against the folder of the part that names it. */
export function resolvePartPath(baseFolder: string, target: string): string {
  const parts = target.startsWith('/') ? [] : baseFolder.split('/').filter(Boolean);
  for (const piece of target.split('/')) {
    if (piece === '' || piece === '.') continue;
    if (piece === '..') parts.pop();
    else parts.push(piece);
  }
  return parts.join('/');
}
