import { describe, expect, it } from 'vitest';
import { dataUri, handmadeZip, loadWith, xlsxBytes, zerosDeflated } from '../test-fixtures.js';
import { microsoftExcel } from './microsoftExcel.js';

describe('Microsoft Excel loader', () => {
  it('reads one document per row of every sheet, keyed by the header row', async () => {
    const bytes = xlsxBytes([
      {
        name: 'Prices',
        rows: [
          ['Item', 'Price', 'In stock'],
          ['Tea & biscuits', 3.5, true],
          ['Coffee', null, false],
        ],
      },
      { name: 'Notes', rows: [['Note'], ['Closed on Sundays']] },
    ]);
    const docs = await loadWith(microsoftExcel, { excelFile: dataUri('shop.xlsx', bytes) });
    expect(docs).toEqual([
      {
        pageContent: '- Item: Tea & biscuits\n- Price: 3.5\n- In stock: true\n',
        metadata: {
          worksheet: 'Prices',
          rowNum: 1,
          source: 'shop.xlsx',
          Item: 'Tea & biscuits',
          Price: 3.5,
          'In stock': true,
        },
      },
      {
        pageContent: '- Item: Coffee\n- In stock: false\n',
        metadata: { worksheet: 'Prices', rowNum: 2, source: 'shop.xlsx', Item: 'Coffee', 'In stock': false },
      },
      {
        pageContent: '- Note: Closed on Sundays\n',
        metadata: { worksheet: 'Notes', rowNum: 1, source: 'shop.xlsx', Note: 'Closed on Sundays' },
      },
    ]);
  });

  it('names empty and repeated header cells as SheetJS does', async () => {
    const bytes = xlsxBytes([
      {
        name: 'S',
        rows: [
          ['a', null, 'a'],
          [1, 2, 3],
        ],
      },
    ]);
    const [doc] = await loadWith(microsoftExcel, { excelFile: dataUri('s.xlsx', bytes) });
    expect(doc!.pageContent).toBe('- a: 1\n- __EMPTY: 2\n- a_1: 3\n');
  });

  it('refuses entries that all point at the same data once their total passes the limit', async () => {
    // 25 directory entries sharing one 10 MB stream: 250 MB unpacked from a few kilobytes.
    const entries = Array.from({ length: 25 }, (_, i) =>
      i === 0
        ? { name: 'xl/worksheets/sheet1.xml', deflated: zerosDeflated(10) }
        : { name: `xl/worksheets/sheet${i + 1}.xml`, sameDataAs: 'xl/worksheets/sheet1.xml' },
    );
    const bomb = handmadeZip(entries);
    await expect(loadWith(microsoftExcel, { excelFile: dataUri('bomb.xlsx', bomb) })).rejects.toThrow(
      /bomb.xlsx expands to more than \d+ MB/,
    );
  });

  it('says an old .xls must be saved as .xlsx', async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(loadWith(microsoftExcel, { excelFile: dataUri('old.xls', ole) })).rejects.toThrow(
      'old.xls is an old binary Excel file (.xls), which cannot be read; save it as .xlsx and upload it again',
    );
  });
});
