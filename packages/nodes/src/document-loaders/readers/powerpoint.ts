import type { SourceDocument } from '@flowloom/shared';
import type { LoadedFile } from '../loader.js';
import { openOfficeFile, POWERPOINT, requiredPart } from './office.js';
import { attribute, localName, relationshipTargets, xmlTokens } from './xml.js';

const PRESENTATION = 'ppt/presentation.xml';
const PRESENTATION_RELS = 'ppt/_rels/presentation.xml.rels';

/** The text of a slide part: each paragraph (`a:p`) on a line, line breaks kept. */
export function slideText(xml: string): string {
  let text = '';
  let inText = false;
  for (const token of xmlTokens(xml)) {
    if (token.kind === 'text') {
      if (inText) text += token.text;
      continue;
    }
    const name = localName(token.name);
    if (token.kind === 'close') {
      if (name === 't') inText = false;
      else if (name === 'p' && token.name !== 'p:p') text += '\n';
      continue;
    }
    if (name === 't') inText = !token.selfClosing;
    else if (name === 'br') text += '\n';
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
}

/** The slide parts in the order of the presentation. */
function slideParts(presentationXml: string, rels: Map<string, string>): string[] {
  const parts: string[] = [];
  for (const token of xmlTokens(presentationXml)) {
    if (token.kind !== 'open' || localName(token.name) !== 'sldId') continue;
    const part = rels.get(attribute(token.attributes, 'r:id') ?? '');
    if (part) parts.push(part);
  }
  return parts;
}

/**
 * A PowerPoint file (.pptx) as one document per slide that holds text, with `slideNumber`,
 * `documentType: "powerpoint"` and the file name as `source`.
 */
export function readPowerpoint(file: LoadedFile): SourceDocument[] {
  const wanted = (name: string) =>
    name === PRESENTATION || name === PRESENTATION_RELS || /^ppt\/slides\/[^/]+\.xml$/.test(name);
  const pkg = openOfficeFile(file, POWERPOINT, { keep: wanted });
  const presentation = requiredPart(pkg, PRESENTATION, file, POWERPOINT);
  const rels = relationshipTargets(pkg.text(PRESENTATION_RELS) ?? '', 'ppt');
  return slideParts(presentation, rels).map((part, i) => ({
    pageContent: slideText(pkg.text(part) ?? ''),
    metadata: { source: file.name, slideNumber: i + 1, documentType: 'powerpoint' },
  }));
}
