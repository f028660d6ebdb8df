import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { handmadeZip, zerosDeflated } from '../test-fixtures.js';
import { readZip } from './zip.js';

describe('readZip', () => {
  const parts = handmadeZip([
    { name: 'a.xml', deflated: deflateRawSync(Buffer.from('<a>first</a>')) },
    { name: 'b.xml', stored: Buffer.from('<b>second</b>') },
    { name: 'media/big.bin', deflated: zerosDeflated(3) },
  ]);

  it('reads the entries asked for, deflated or stored', () => {
    const pkg = readZip(parts, 'p.zip', { keep: (name) => name.endsWith('.xml') });
    expect(pkg.names).toEqual(['a.xml', 'b.xml', 'media/big.bin']);
    expect(pkg.text('a.xml')).toBe('<a>first</a>');
    expect(pkg.text('b.xml')).toBe('<b>second</b>');
    expect(pkg.entry('media/big.bin')).toBeUndefined();
  });

  it('counts what entries really unpack to, also the ones it does not keep', () => {
    expect(() =>
      readZip(parts, 'p.zip', { keep: (name) => name.endsWith('.xml'), maxBytes: 1024 * 1024 }),
    ).not.toThrow();
    expect(() => readZip(parts, 'p.zip', { checkAll: true, maxBytes: 1024 * 1024 })).toThrow(
      'p.zip expands to more than 1 MB when unpacked; it cannot be loaded',
    );
  });

  it('names the file when it is damaged', () => {
    expect(() => readZip(parts.subarray(0, parts.length - 30), 'cut.zip', { checkAll: true })).toThrow(
      'cut.zip is damaged',
    );
    const garbled = handmadeZip([{ name: 'a.xml', deflated: new Uint8Array([0xff, 0xff, 0xff, 0xff]) }]);
    expect(() => readZip(garbled, 'garbled.zip', { checkAll: true })).toThrow(
      'garbled.zip is damaged: a.xml cannot be unpacked',
    );
  });
});
