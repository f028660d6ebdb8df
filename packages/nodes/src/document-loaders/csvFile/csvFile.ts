import { stringInput } from '../../llm/chat-model.js';
import { loaderIcon, loaderNode, readFiles } from '../loader.js';

export const csvFile = loaderNode({
  label: 'Csv File',
  name: 'csvFile',
  version: 3,
  description: 'Reads CSV files with a header row: one document per row',
  icon: loaderIcon('CSV', '#2e7d32'),
  inputs: [{ label: 'Csv File', name: 'csvFile', type: 'file', fileType: '.csv' }],
  moreInputs: [
    {
      label: 'Single Column Extraction',
      name: 'columnName',
      type: 'string',
      description: 'Only this column becomes the text of each row; all columns when empty',
      placeholder: 'Enter column name',
      optional: true,
    },
  ],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.csvFile, { label: 'Csv File' });
    const column = stringInput(ctx.inputs.columnName);
    // The CSV parser loads on first use, not at server start.
    const { readCsv } = await import('../readers/csv.js');
    return files.flatMap((file) => readCsv(file, column));
  },
});
