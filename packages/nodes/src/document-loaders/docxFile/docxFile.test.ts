import { describe, expect, it } from 'vitest';
import { dataUri, docxBytes, handmadeZip, loadWith, zerosDeflated } from '../test-fixtures.js';
import { docxFile } from './docxFile.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array<number>(504).fill(0)]);

describe('Docx File loader', () => {
  it('reads the text of a Word document as one document, paragraphs apart', async () => {
    const file = dataUri('memo.docx', docxBytes(['Dear team,', 'The launch moves to May & June.']), DOCX);
    expect(await loadWith(docxFile, { docxFile: file })).toEqual([
      { pageContent: 'Dear team,\n\nThe launch moves to May & June.', metadata: { source: 'memo.docx' } },
    ]);
  });

  it('refuses a package that unpacks past the limit, whatever sizes it declares', async () => {
    // One entry that says it holds 100 bytes but inflates to 210 MB of zeros.
    const bomb = handmadeZip([
      { name: 'word/document.xml', deflated: zerosDeflated(210), declaredSize: 100 },
    ]);
    await expect(loadWith(docxFile, { docxFile: dataUri('bomb.docx', bomb, DOCX) })).rejects.toThrow(
      /bomb.docx expands to more than \d+ MB/,
    );
  });

  it('says an old binary .doc must be saved as .docx', async () => {
    await expect(loadWith(docxFile, { docxFile: dataUri('old.doc', OLE) })).rejects.toThrow(
      'old.doc is an old binary Word file (.doc), which cannot be read; save it as .docx and upload it again',
    );
  });

  it('says a password-protected document needs its password removed', async () => {
    const locked = Buffer.concat([OLE, Buffer.from('EncryptedPackage', 'utf16le')]);
    await expect(loadWith(docxFile, { docxFile: dataUri('locked.docx', locked, DOCX) })).rejects.toThrow(
      'locked.docx is protected by a password; remove the password and upload it again',
    );
  });

  it('says a file that is no Word document is not one', async () => {
    await expect(loadWith(docxFile, { docxFile: dataUri('notes.docx', 'plain text', DOCX) })).rejects.toThrow(
      'notes.docx is not a Word document (.docx) or is damaged',
    );
  });
});
