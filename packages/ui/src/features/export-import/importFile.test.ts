import { describe, expect, it } from 'vitest';
import { readImportFile } from './importFile';

describe('import file', () => {
  it('accepts only .json files', async () => {
    await expect(readImportFile(new File(['{}'], 'data.csv', { type: 'text/csv' }))).rejects.toThrow(
      'Only .json files can be imported',
    );
    await expect(readImportFile(new File(['{"Tool":[]}'], 'ExportData.JSON'))).resolves.toEqual({ Tool: [] });
  });

  it('parses the content as JSON', async () => {
    await expect(readImportFile(new File(['{not json'], 'x.json'))).rejects.toThrow('Invalid Imported File');
  });
});
