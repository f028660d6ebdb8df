import { describe, expect, it } from 'vitest';
import { dataUri, docxBytes, handmadeZip, loadWith, zerosDeflated } from '../test-fixtures.js';
import { microsoftWord } from './microsoftWord.js';

describe('Microsoft Word loader', () => {
  it('reads one document per page, pages ending at page breaks', async () => {
    const bytes = docxBytes([
      'Chapter one',
      'It begins.',
      { text: 'Chapter two', pageBreakBefore: true },
      { text: 'It ends.', pageBreakBefore: false },
    ]);
    expect(await loadWith(microsoftWord, { docxFile: dataUri('book.docx', bytes) })).toEqual([
      {
        pageContent: 'Chapter one\nIt begins.',
        metadata: { source: 'book.docx', documentType: 'word', pageNumber: 1 },
      },
      {
        pageContent: 'Chapter two\nIt ends.',
        metadata: { source: 'book.docx', documentType: 'word', pageNumber: 2 },
      },
    ]);
  });

  it('refuses a package whose document part unpacks past the limit', async () => {
    const bomb = handmadeZip([
      { name: 'word/document.xml', deflated: zerosDeflated(210), declaredSize: 1000 },
    ]);
    await expect(loadWith(microsoftWord, { docxFile: dataUri('bomb.docx', bomb) })).rejects.toThrow(
      /bomb.docx expands to more than \d+ MB/,
    );
  });

  it('says a package without a document part is not a Word document', async () => {
    const other = handmadeZip([{ name: 'hello.txt', stored: Buffer.from('hi') }]);
    await expect(loadWith(microsoftWord, { docxFile: dataUri('other.docx', other) })).rejects.toThrow(
      'other.docx is not a Word document: it has no word/document.xml',
    );
  });
});
