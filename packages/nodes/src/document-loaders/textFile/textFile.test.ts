import { describe, expect, it } from 'vitest';
import { MAX_LOADER_FILE_BYTES } from '../loader.js';
import { dataUri, loadWith } from '../test-fixtures.js';
import { textFile } from './textFile.js';

describe('Text File loader', () => {
  it('reads each uploaded file as one document named after it', async () => {
    const files = JSON.stringify([
      dataUri('a.md', '# Title\n\nBody', 'text/markdown'),
      dataUri('b.py', 'print(1)'),
    ]);
    expect(await loadWith(textFile, { txtFile: files })).toEqual([
      { pageContent: '# Title\n\nBody', metadata: { source: 'a.md' } },
      { pageContent: 'print(1)', metadata: { source: 'b.py' } },
    ]);
  });

  it('reads stored files through the run’s file store', async () => {
    const read = (name: string) =>
      Promise.resolve({ name, mime: 'text/plain', data: new Uint8Array(Buffer.from(`text of ${name}`)) });
    const docs = await loadWith(
      textFile,
      { txtFile: 'FILE-STORAGE::["one.txt","two.txt"]' },
      { services: { files: { read } } },
    );
    expect(docs.map((d) => d.pageContent)).toEqual(['text of one.txt', 'text of two.txt']);
  });

  it('adds Additional Metadata, drops omitted keys and answers text on the Text output', async () => {
    const inputs = {
      txtFile: dataUri('notes.txt', 'hello'),
      metadata: '{"team":"docs"}',
      omitMetadataKeys: 'source',
    };
    expect(await loadWith(textFile, inputs)).toEqual([{ pageContent: 'hello', metadata: { team: 'docs' } }]);
    expect(await loadWith(textFile, inputs, { output: 'text' })).toBe('hello');
  });

  it('refuses an empty file, a file over the size limit and a missing upload, naming the file', async () => {
    await expect(loadWith(textFile, { txtFile: dataUri('empty.txt', '') })).rejects.toThrow(
      'empty.txt is empty',
    );
    const read = (name: string) =>
      Promise.resolve({
        name,
        mime: 'text/plain',
        data: new Uint8Array(MAX_LOADER_FILE_BYTES + 10 * 1024 * 1024),
      });
    await expect(
      loadWith(textFile, { txtFile: 'FILE-STORAGE::huge.txt' }, { services: { files: { read } } }),
    ).rejects.toThrow('huge.txt is 110 MB; files up to 100 MB can be loaded');
    await expect(loadWith(textFile, {})).rejects.toThrow('Txt File: upload a file first');
  });
});
