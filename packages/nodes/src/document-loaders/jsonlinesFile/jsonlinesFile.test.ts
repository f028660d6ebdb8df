import { describe, expect, it } from 'vitest';
import { dataUri, loadWith } from '../test-fixtures.js';
import { jsonlinesFile } from './jsonlinesFile.js';

const lines = dataUri(
  'chat.jsonl',
  '{"text":"Hello","who":"ann"}\n\n{"text":"Hi there","who":"bob"}\n{"other":1}\n',
  'application/jsonl',
);

describe('Json Lines File loader', () => {
  it('reads the pointed value of each line, with the line number and pointer metadata', async () => {
    expect(
      await loadWith(jsonlinesFile, {
        jsonlinesFile: lines,
        pointerName: 'text',
        metadata: { speaker: '/who' },
      }),
    ).toEqual([
      { pageContent: 'Hello', metadata: { source: 'chat.jsonl', line: 1, speaker: 'ann' } },
      { pageContent: 'Hi there', metadata: { source: 'chat.jsonl', line: 3, speaker: 'bob' } },
    ]);
  });

  it('requires Pointer Extraction', async () => {
    await expect(loadWith(jsonlinesFile, { jsonlinesFile: lines })).rejects.toThrow(
      'Pointer Extraction is required',
    );
  });

  it('says when no line has the key, and which line is not JSON', async () => {
    await expect(loadWith(jsonlinesFile, { jsonlinesFile: lines, pointerName: 'txt' })).rejects.toThrow(
      'No line of chat.jsonl has a value at /txt; check Pointer Extraction',
    );
    const broken = dataUri('broken.jsonl', '{"text":"ok"}\n{"text": oops}\n');
    await expect(loadWith(jsonlinesFile, { jsonlinesFile: broken, pointerName: 'text' })).rejects.toThrow(
      'Line 2 of broken.jsonl is not valid JSON',
    );
  });
});
