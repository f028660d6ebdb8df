import { describe, expect, it } from 'vitest';
import { makeTestPdf } from '../../testing/pdf-fixture.js';
import { dataUri, docxBytes, loadWith, pptxBytes, xlsxBytes } from '../test-fixtures.js';
import { fileLoader } from './fileLoader.js';

describe('File Loader', () => {
  it('reads each file with the reader its extension calls for', async () => {
    const files = [
      dataUri('a.pdf', makeTestPdf(2, 5)),
      dataUri('b.docx', docxBytes(['Word text'])),
      dataUri('c.xlsx', xlsxBytes([{ name: 'S', rows: [['k'], ['cell']] }])),
      dataUri('d.pptx', pptxBytes([['Slide text']])),
      dataUri('e.csv', 'x,y\n1,2'),
      dataUri('f.json', '{"say":"json text"}'),
      dataUri('g.jsonl', '{"t":"line text"}'),
      dataUri('h.md', '# Markdown'),
      dataUri('i.txt', 'Plain'),
      dataUri('j.py', 'print("code")'),
    ];
    const docs = await loadWith(fileLoader, {
      file: JSON.stringify(files),
      pointerName: 't',
      usage: 'perFile',
    });
    expect(docs.map((d) => [d.metadata.source, d.pageContent.split('\n')[0]])).toEqual([
      ['a.pdf', 'Page 1.'],
      ['b.docx', 'Word text'],
      ['c.xlsx', '- k: cell'],
      ['d.pptx', 'Slide text'],
      ['e.csv', 'x: 1'],
      ['f.json', 'json text'],
      ['g.jsonl', 'line text'],
      ['h.md', '# Markdown'],
      ['i.txt', 'Plain'],
      ['j.py', 'print("code")'],
    ]);
    expect(docs[0]!.metadata).not.toHaveProperty('loc'); // Pdf Usage: one document per file
  });

  it('reads the text of HTML files without scripts and styles', async () => {
    const page =
      '<html><head><title>Guide</title><style>p{color:red}</style></head><body><h1>Guide</h1><script>track()</script><p>Step <b>one</b>.</p><p>Step two.</p></body></html>';
    expect(await loadWith(fileLoader, { file: dataUri('guide.html', page, 'text/html') })).toEqual([
      { pageContent: 'Guide\n\nStep one.\n\nStep two.', metadata: { source: 'guide.html', title: 'Guide' } },
    ]);
  });

  it('goes by the media type when the name has no extension', async () => {
    const docs = await loadWith(fileLoader, {
      file: dataUri('upload', makeTestPdf(1, 3), 'application/pdf'),
    });
    expect(docs[0]!.metadata).toMatchObject({ source: 'upload', loc: { pageNumber: 1 } });
  });

  it('refuses a type it cannot read, naming the ones it can', async () => {
    await expect(loadWith(fileLoader, { file: dataUri('photo.png', 'PNG') })).rejects.toThrow(
      'photo.png: File Loader cannot read .png files; it reads pdf, docx, xlsx, xlsm, pptx, csv, json, jsonl, html, htm, md, txt and source code',
    );
  });

  it('asks for the JSONL pointer when given a JSON Lines file without one', async () => {
    await expect(loadWith(fileLoader, { file: dataUri('g.jsonl', '{"t":"x"}') })).rejects.toThrow(
      'g.jsonl is a JSON Lines file: set JSONL Pointer Extraction',
    );
  });

  it('reads files given in a loader’s own file input instead of File (upsert API)', async () => {
    const docs = await loadWith(fileLoader, {
      file: dataUri('ignored.txt', 'no'),
      txtFile: dataUri('n.txt', 'yes'),
    });
    expect(docs.map((d) => d.pageContent)).toEqual(['yes']);
  });
});
