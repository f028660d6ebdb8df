import { stringInput } from '../../llm/chat-model.js';
import { fileLoaderNode, loaderIcon } from '../loader.js';

export const csvFile = fileLoaderNode({
  label: 'Csv File',
  name: 'csvFile',
  version: 3,
  description: 'Reads CSV files with a header row: one document per row',
  icon: loaderIcon('CSV', '#2e7d32'),
  file: { label: 'Csv File', name: 'csvFile', fileType: '.csv' },
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
  async reader(ctx) {
    const column = stringInput(ctx.inputs.columnName);
    const { readCsv } = await import('../readers/csv.js');
    return (file) => readCsv(file, column);
  },
});
