import { loaderIcon, loaderNode, readFiles } from '../loader.js';
import { readExcel } from '../readers/excel.js';

export const microsoftExcel = loaderNode({
  label: 'Microsoft Excel',
  name: 'microsoftExcel',
  version: 1,
  description: 'Reads Excel workbooks (.xlsx, .xlsm): one document per row of every sheet',
  icon: loaderIcon('X', '#217346'),
  inputs: [{ label: 'Excel File', name: 'excelFile', type: 'file', fileType: '.xlsx, .xls, .xlsm, .xlsb' }],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.excelFile, { label: 'Excel File' });
    return files.flatMap(readExcel);
  },
});
