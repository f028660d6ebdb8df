import { describe, expect, it } from 'vitest';
import { nodeContext } from '../../testing/node-context.js';
import { characterTextSplitter } from '../../text-splitters/characterTextSplitter/characterTextSplitter.js';
import { loadWith } from '../test-fixtures.js';
import { plainText } from './plainText.js';

describe('Plain Text loader', () => {
  it('makes a document of the text, with Additional Metadata', async () => {
    expect(
      await loadWith(plainText, { text: 'Opening hours: 9 to 5.', metadata: { topic: 'hours' } }),
    ).toEqual([{ pageContent: 'Opening hours: 9 to 5.', metadata: { topic: 'hours' } }]);
  });

  it('splits the text with a connected splitter', async () => {
    const textSplitter = await characterTextSplitter.init!(
      nodeContext(characterTextSplitter, { inputs: { chunkSize: 10, chunkOverlap: 0, separator: ' ' } }),
    );
    const docs = await loadWith(plainText, { text: 'one two three four five six', textSplitter });
    expect(docs.map((d) => d.pageContent)).toEqual(['one two', 'three four', 'five six']);
  });

  it('asks for text when there is none', async () => {
    await expect(loadWith(plainText, { text: '  ' })).rejects.toThrow('Plain Text: enter the text to load');
  });
});
