import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './parseMarkdown';

describe('parseMarkdown', () => {
  it('reads quotes, rules, ordered lists with their start and nested lists', () => {
    expect(parseMarkdown('> quoted\n\n---\n\n3. three\n4. four\n   - inner')).toEqual([
      { type: 'quote', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'quoted' }] }] },
      { type: 'rule' },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [{ type: 'paragraph', children: [{ type: 'text', value: 'three' }] }],
          [
            { type: 'paragraph', children: [{ type: 'text', value: 'four' }] },
            {
              type: 'list',
              ordered: false,
              start: 1,
              items: [[{ type: 'paragraph', children: [{ type: 'text', value: 'inner' }] }]],
            },
          ],
        ],
      },
    ]);
  });

  it('reads GFM tables with inline markup in their cells', () => {
    expect(parseMarkdown('| name | note |\n|:--|--:|\n| **a** | `b` |\n| c |')).toEqual([
      {
        type: 'table',
        header: [[{ type: 'text', value: 'name' }], [{ type: 'text', value: 'note' }]],
        rows: [
          [[{ type: 'strong', children: [{ type: 'text', value: 'a' }] }], [{ type: 'code', value: 'b' }]],
          [[{ type: 'text', value: 'c' }], []],
        ],
      },
    ]);
  });

  it('reads indented code and keeps a line break inside a paragraph', () => {
    expect(parseMarkdown('    const a = 1;\n\nline one\nline two')).toEqual([
      { type: 'code', language: '', value: 'const a = 1;' },
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'line one' },
          { type: 'break' },
          { type: 'text', value: 'line two' },
        ],
      },
    ]);
  });

  it('takes the first word of a fence info string as the language', () => {
    expect(parseMarkdown('```python title="a.py"\nprint(1)\n```')).toEqual([
      { type: 'code', language: 'python', value: 'print(1)' },
    ]);
  });

  it('links bare addresses only with their scheme, and file names never', () => {
    expect(parseInline('see https://flowloom.dev/docs, setup.py or www.example.com')).toEqual([
      { type: 'text', value: 'see ' },
      {
        type: 'link',
        href: 'https://flowloom.dev/docs',
        children: [{ type: 'text', value: 'https://flowloom.dev/docs' }],
      },
      { type: 'text', value: ', setup.py or www.example.com' },
    ]);
  });

  it('turns an image into a link by its alt text, and an unsafe one into its text', () => {
    expect(parseInline('![chart](https://example.com/c.png) ![x](javascript:alert(1))')).toEqual([
      { type: 'link', href: 'https://example.com/c.png', children: [{ type: 'text', value: 'chart' }] },
      { type: 'text', value: ' ![x](javascript:alert(1))' },
    ]);
  });

  it('resolves each use of a reference link to its checked address', () => {
    const blocks = parseMarkdown('[a][r] [b][r]\n\n[r]: https://example.com/x');
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'link', href: 'https://example.com/x', children: [{ type: 'text', value: 'a' }] },
          { type: 'text', value: ' ' },
          { type: 'link', href: 'https://example.com/x', children: [{ type: 'text', value: 'b' }] },
        ],
      },
    ]);
  });
});
