import { describe, expect, it } from 'vitest';
import { attribute, resolvePartPath, xmlTokens } from './xml.js';

describe('xmlTokens', () => {
  it('reads tags, text with entities and CDATA, and skips declarations and comments', () => {
    const tokens = [
      ...xmlTokens(
        '<?xml version="1.0"?><!-- note --><a x="1 > 0"><b/>Tom &amp; &#x41;<![CDATA[<raw>]]></a>',
      ),
    ];
    expect(tokens).toEqual([
      { kind: 'open', name: 'a', attributes: ' x="1 > 0"', selfClosing: false },
      { kind: 'open', name: 'b', attributes: '', selfClosing: true },
      { kind: 'text', text: 'Tom & A' },
      { kind: 'text', text: '<raw>' },
      { kind: 'close', name: 'a' },
    ]);
  });

  it('reads attributes with either quote and prefixed names', () => {
    expect(attribute(' r:id="rId1" name=\'Q&amp;A\'', 'r:id')).toBe('rId1');
    expect(attribute(' r:id="rId1" name=\'Q&amp;A\'', 'name')).toBe('Q&A');
    expect(attribute(' xname="no"', 'name')).toBeUndefined();
  });

  it('resolves relationship targets against their folder', () => {
    expect(resolvePartPath('xl', 'worksheets/sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(resolvePartPath('ppt', '/ppt/slides/slide2.xml')).toBe('ppt/slides/slide2.xml');
    expect(resolvePartPath('xl/worksheets', '../sharedStrings.xml')).toBe('xl/sharedStrings.xml');
  });
});
