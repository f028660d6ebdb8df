import { describe, expect, it } from 'vitest';
import type { NodeType } from '@flowloom/engine';
import { nodeContext } from '../testing/node-context.js';
import { characterTextSplitter } from './characterTextSplitter/characterTextSplitter.js';
import { codeTextSplitter } from './codeTextSplitter/codeTextSplitter.js';
import { markdownTextSplitter } from './markdownTextSplitter/markdownTextSplitter.js';
import { recursiveCharacterTextSplitter } from './recursiveCharacterTextSplitter/recursiveCharacterTextSplitter.js';
import { isTextSplitter, mergePieces, splitDocuments, type TextSplitterHandle } from './split.js';
import { tokenTextSplitter } from './tokenTextSplitter/tokenTextSplitter.js';

async function splitter(type: NodeType, inputs: Record<string, unknown>): Promise<TextSplitterHandle> {
  const built = await type.init!(nodeContext(type, { inputs }));
  if (!isTextSplitter(built)) throw new Error('not a splitter');
  return built;
}

const paragraph = (n: number) => `Paragraph ${n} says something about topic ${n}. It has two sentences.`;
const essay = Array.from({ length: 12 }, (_, i) => paragraph(i + 1)).join('\n\n');

describe('mergePieces', () => {
  it('fills chunks up to the size and starts each with the overlap of the one before', () => {
    const words = 'one two three four five six seven eight nine ten'.split(' ');
    const chunks = mergePieces(words, ' ', { chunkSize: 14, chunkOverlap: 5 });
    expect(chunks).toEqual([
      'one two three',
      'three four',
      'four five six',
      'six seven',
      'seven eight',
      'eight nine ten',
    ]);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(14);
  });
});

describe('recursive character text splitter', () => {
  it('keeps paragraphs whole when they fit, and every word of the text', async () => {
    const split = await splitter(recursiveCharacterTextSplitter, { chunkSize: 200, chunkOverlap: 0 });
    const chunks = await split.splitText(essay);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(200);
      // Cut at blank lines: no paragraph is broken.
      for (const part of chunk.split('\n\n')) expect(part).toMatch(/^Paragraph \d+ says .* two sentences\.$/);
    }
    expect(chunks.join('\n\n')).toBe(essay);
  });

  it('cuts a long paragraph at words, with the overlap repeated', async () => {
    const split = await splitter(recursiveCharacterTextSplitter, { chunkSize: '40', chunkOverlap: '10' });
    const chunks = await split.splitText(paragraph(1).repeat(3));
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(40);
    const [first, second] = chunks as [string, string];
    const lastWord = first.split(' ').at(-1)!;
    expect(second.startsWith(lastWord) || second.includes(lastWord)).toBe(true);
  });

  it('uses custom separators given as a JSON list, and refuses anything else', async () => {
    const split = await splitter(recursiveCharacterTextSplitter, {
      chunkSize: 20,
      chunkOverlap: 0,
      separators: '["|"]',
    });
    expect(await split.splitText('alpha beta|gamma delta|epsilon')).toEqual([
      'alpha beta',
      '|gamma delta|epsilon',
    ]);
    await expect(splitter(recursiveCharacterTextSplitter, { separators: 'not json' })).rejects.toThrow(
      'Custom Separators must be a JSON list of strings',
    );
  });

  it('refuses an overlap as large as the chunk', async () => {
    await expect(
      splitter(recursiveCharacterTextSplitter, { chunkSize: 100, chunkOverlap: 100 }),
    ).rejects.toThrow('Chunk Overlap (100) must be smaller than Chunk Size (100)');
  });

  it('splits documents into chunks that keep their metadata', async () => {
    const split = await splitter(recursiveCharacterTextSplitter, { chunkSize: 200, chunkOverlap: 0 });
    const chunks = await splitDocuments(split, [{ pageContent: essay, metadata: { source: 'essay.txt' } }]);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.every((chunk) => chunk.metadata.source === 'essay.txt')).toBe(true);
    chunks[0]!.metadata.source = 'changed';
    expect(chunks[1]!.metadata.source).toBe('essay.txt');
  });
});

describe('character text splitter', () => {
  it('cuts at its separator only and joins pieces with it', async () => {
    const split = await splitter(characterTextSplitter, { chunkSize: 25, chunkOverlap: 0, separator: ';' });
    expect(await split.splitText('aaaa;bbbb;cccc;dddd;eeee;ffff;gggg')).toEqual([
      'aaaa;bbbb;cccc;dddd;eeee',
      'ffff;gggg',
    ]);
  });
});

describe('markdown text splitter', () => {
  const doc = [
    '# Guide',
    'Intro text.',
    '## Install',
    'Run the installer.',
    '```sh',
    '# not a heading',
    'npm install',
    '```',
    '## Use',
    'Open the app.',
    '### Details',
    'More words.',
  ].join('\n');

  it('makes one chunk per section at the chosen heading level, ignoring # in code', async () => {
    const split = await splitter(markdownTextSplitter, { splitByHeaders: 'h2' });
    const chunks = await split.splitText(doc);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toBe('# Guide\nIntro text.');
    expect(chunks[1]).toContain('# not a heading');
    expect(chunks[2]).toBe('## Use\nOpen the app.\n### Details\nMore words.');
  });

  it('cuts at headings first when splitting by size', async () => {
    const split = await splitter(markdownTextSplitter, { chunkSize: 60, chunkOverlap: 0 });
    const chunks = await split.splitText(doc);
    expect(chunks.some((chunk) => chunk.startsWith('## Use'))).toBe(true);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(60);
  });
});

describe('code text splitter', () => {
  const python = [
    'import os',
    '',
    'def first():',
    '    return 1',
    '',
    'def second():',
    '    return 2',
    '',
    'class Third:',
    '    pass',
  ].join('\n');

  it('keeps functions and classes whole, cutting before them', async () => {
    const split = await splitter(codeTextSplitter, { language: 'python', chunkSize: 30, chunkOverlap: 0 });
    const chunks = await split.splitText(python);
    expect(chunks).toEqual([
      'import os',
      'def first():\n    return 1',
      'def second():\n    return 2',
      'class Third:\n    pass',
    ]);
    expect(chunks).toContain('def first():\n    return 1');
    expect(chunks).toContain('def second():\n    return 2');
    expect(chunks).toContain('class Third:\n    pass');
  });

  it('needs a language it knows', async () => {
    await expect(splitter(codeTextSplitter, { language: 'klingon' })).rejects.toThrow(
      'Language must be one of c, cobol',
    );
  });
});

describe('token text splitter', () => {
  it('cuts into windows of tokens with the overlap repeated', async () => {
    const split = await splitter(tokenTextSplitter, {
      encodingName: 'cl100k_base',
      chunkSize: 10,
      chunkOverlap: 2,
    });
    const text = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const chunks = await split.splitText(text);
    expect(chunks.length).toBeGreaterThan(2);
    // Consecutive windows share their edge tokens, and together hold the whole text.
    expect(text.startsWith(chunks[0]!)).toBe(true);
    expect(text.endsWith(chunks.at(-1)!)).toBe(true);
    const { encode } = await import('gpt-tokenizer/encoding/cl100k_base');
    for (const chunk of chunks) expect(encode(chunk).length).toBeLessThanOrEqual(10);
  });

  it('reads special-token text in documents as plain text', async () => {
    const split = await splitter(tokenTextSplitter, { chunkSize: 50, chunkOverlap: 0 });
    expect(await split.splitText('before <|endoftext|> after')).toEqual(['before <|endoftext|> after']);
  });

  it('refuses an unknown encoding', async () => {
    await expect(splitter(tokenTextSplitter, { encodingName: 'bogus' })).rejects.toThrow(
      'Encoding Name must be one of',
    );
  });
});

describe('splitting within bounds (regression: settings that would fill memory)', () => {
  it('refuses a 1-character chunk size with overlap on a big text before building the chunks', async () => {
    const split = await splitter(recursiveCharacterTextSplitter, { chunkSize: 2, chunkOverlap: 1 });
    await expect(split.splitText('x'.repeat(2_000_000))).rejects.toThrow(
      /more than 200,000 chunks; use a larger Chunk Size/,
    );
  });

  it('refuses an overlap so close to the chunk size that the text would be repeated many times', async () => {
    const words = Array.from({ length: 50_000 }, (_, i) => `w${i}`).join(' ');
    const split = await splitter(recursiveCharacterTextSplitter, { chunkSize: 1000, chunkOverlap: 990 });
    await expect(split.splitText(words)).rejects.toThrow(/repeat the text too many times/);
    const tokens = await splitter(tokenTextSplitter, { chunkSize: 100, chunkOverlap: 99 });
    await expect(tokens.splitText(words)).rejects.toThrow(/repeat the text too many times/);
  });

  it('still cuts ordinary settings, overlap included', async () => {
    const split = await splitter(recursiveCharacterTextSplitter, { chunkSize: 100, chunkOverlap: 50 });
    const chunks = await split.splitText('a'.repeat(1000));
    expect(chunks).toHaveLength(19);
    expect(chunks.every((chunk) => chunk.length === 100)).toBe(true);
  });
});
