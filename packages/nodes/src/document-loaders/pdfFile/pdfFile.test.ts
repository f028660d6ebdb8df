import { describe, expect, it } from 'vitest';
import { makeTestPdf, testPdfPageLines, writeTestPdf } from '../../testing/pdf-fixture.js';
import { nodeContext } from '../../testing/node-context.js';
import { recursiveCharacterTextSplitter } from '../../text-splitters/recursiveCharacterTextSplitter/recursiveCharacterTextSplitter.js';
import { dataUri, loadWith } from '../test-fixtures.js';
import { pdfFile } from './pdfFile.js';

const pdf = (name: string, bytes: Uint8Array) => dataUri(name, bytes, 'application/pdf');

describe('Pdf File loader', () => {
  it('reads one document per page with the file name, PDF information and page number', async () => {
    const docs = await loadWith(pdfFile, { pdfFile: pdf('report.pdf', makeTestPdf(3, 30)) });
    expect(docs).toHaveLength(3);
    expect(docs[1]!.pageContent).toBe(testPdfPageLines(2, 30).join('\n'));
    expect(docs[1]!.metadata).toMatchObject({
      source: 'report.pdf',
      pdf: { totalPages: 3, info: { Title: 'Test document of 3 pages' } },
      loc: { pageNumber: 2 },
    });
  });

  it('reads one document per file with Usage perFile (Use Legacy Build accepted)', async () => {
    const docs = await loadWith(pdfFile, {
      pdfFile: pdf('report.pdf', makeTestPdf(2, 10)),
      usage: 'perFile',
      legacyBuild: true,
    });
    expect(docs).toHaveLength(1);
    expect(docs[0]!.pageContent).toBe(
      `${testPdfPageLines(1, 10).join('\n')}\n\n${testPdfPageLines(2, 10).join('\n')}`,
    );
    expect(docs[0]!.metadata).not.toHaveProperty('loc');
  });

  it('splits pages with a connected splitter, each chunk keeping its page', async () => {
    const splitterType = recursiveCharacterTextSplitter;
    const textSplitter = await splitterType.init!(
      nodeContext(splitterType, { inputs: { chunkSize: 100, chunkOverlap: 0 } }),
    );
    const docs = await loadWith(pdfFile, { pdfFile: pdf('long.pdf', makeTestPdf(2, 60)), textSplitter });
    expect(docs.length).toBeGreaterThan(4);
    for (const doc of docs) expect(doc.pageContent.length).toBeLessThanOrEqual(100);
    expect(docs.at(-1)!.metadata).toMatchObject({ source: 'long.pdf', loc: { pageNumber: 2 } });
  });

  it('says a damaged file is not a readable PDF', async () => {
    const broken = new Uint8Array(Buffer.from('%PDF-1.7\nthis is not really a PDF'));
    await expect(loadWith(pdfFile, { pdfFile: pdf('broken.pdf', broken) })).rejects.toThrow(
      'broken.pdf is not a readable PDF',
    );
  });

  it('says a password-protected PDF needs its password removed', async () => {
    const locked = writeTestPdf([['top secret']], { password: true });
    await expect(loadWith(pdfFile, { pdfFile: pdf('locked.pdf', locked) })).rejects.toThrow(
      'locked.pdf is protected by a password; remove the password and upload it again',
    );
  });

  it('stops when the run is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by the user'));
    await expect(
      loadWith(
        pdfFile,
        { pdfFile: pdf('report.pdf', makeTestPdf(5, 10)) },
        { run: { signal: controller.signal } },
      ),
    ).rejects.toThrow('cancelled by the user');
  });
});
