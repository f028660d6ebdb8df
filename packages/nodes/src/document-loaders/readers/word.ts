import type { SourceDocument } from '@flowloom/shared';
import type { LoadedFile } from '../loader.js';
import { openOfficeFile, requiredPart, WORD } from './office.js';
import { attribute, xmlTokens } from './xml.js';

const DOCUMENT = 'word/document.xml';

/**
 * The pages of a DOCX body as text. A page ends at an explicit page break, at a section break, or
 * where Word last laid out a new page (`lastRenderedPageBreak`, which Word saves with the file);
 * breaks before any text of a page are ignored, so no page is empty.
 */
export function wordPages(xml: string): string[] {
  const pages: string[] = [];
  let page = '';
  let inText = false;
  const breakPage = () => {
    if (page.trim() === '') return;
    pages.push(page.trim());
    page = '';
  };
  for (const token of xmlTokens(xml)) {
    if (token.kind === 'text') {
      if (inText) page += token.text;
      continue;
    }
    if (token.kind === 'close') {
      if (token.name === 'w:t') inText = false;
      else if (token.name === 'w:p') page += '\n';
      else if (token.name === 'w:tc') page += '\t';
      continue;
    }
    switch (token.name) {
      case 'w:t':
        inText = !token.selfClosing;
        break;
      case 'w:tab':
        page += '\t';
        break;
      case 'w:cr':
        page += '\n';
        break;
      case 'w:noBreakHyphen':
        page += '-';
        break;
      case 'w:br':
        if (attribute(token.attributes, 'w:type') === 'page') breakPage();
        else page += '\n';
        break;
      case 'w:lastRenderedPageBreak':
        breakPage();
        break;
      case 'w:sectPr':
        // Inside a paragraph's properties it ends a section (the body's own sectPr comes last).
        breakPage();
        break;
    }
  }
  breakPage();
  return pages.map((text) => text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n'));
}

/**
 * A Word file (.docx) as one document per page, with `documentType: "word"`, `pageNumber` and the
 * file name as `source` (the metadata of Flowise's Microsoft Word loader).
 */
export function readWord(file: LoadedFile): SourceDocument[] {
  const pkg = openOfficeFile(file, WORD, { keep: (name) => name === DOCUMENT });
  return wordPages(requiredPart(pkg, DOCUMENT, file, WORD)).map((text, i) => ({
    pageContent: text,
    metadata: { source: file.name, documentType: 'word', pageNumber: i + 1 },
  }));
}
