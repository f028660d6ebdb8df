import { describe, expect, it } from 'vitest';
import { dataUri, loadWith } from '../test-fixtures.js';
import { csvFile } from './csvFile.js';

const people = dataUri('people.csv', 'name,city\nAda,"London, UK"\nAlan,Wilmslow\n\n', 'text/csv');

describe('Csv File loader', () => {
  it('reads one document per row as "column: value" lines', async () => {
    expect(await loadWith(csvFile, { csvFile: people })).toEqual([
      { pageContent: 'name: Ada\ncity: London, UK', metadata: { source: 'people.csv', line: 1 } },
      { pageContent: 'name: Alan\ncity: Wilmslow', metadata: { source: 'people.csv', line: 2 } },
    ]);
  });

  it('takes one column with Single Column Extraction', async () => {
    const docs = await loadWith(csvFile, { csvFile: people, columnName: ' city ' });
    expect(docs.map((d) => d.pageContent)).toEqual(['London, UK', 'Wilmslow']);
  });

  it('names the columns there are when the asked one is missing', async () => {
    await expect(loadWith(csvFile, { csvFile: people, columnName: 'country' })).rejects.toThrow(
      'people.csv has no column "country" (its columns: name, city)',
    );
  });
});
