import { loaderIcon, loaderNode, readFiles } from '../loader.js';

export const microsoftExcel = loaderNode({
  label: 'Microsoft Excel',
  name: 'microsoftExcel',
  version: 1,
  description: 'Reads Excel workbooks (.xlsx, .xlsm): one document per row of every sheet',
  icon: loaderIcon('X', '#217346'),
  inputs: [{ label: 'Excel File', name: 'excelFile', type: 'file', fileType: '.xlsx, .xls, .xlsm, .xlsb' }],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.excelFile, { label: 'Excel File' });
    // The workbook reader (and its zip library) loads on first use, not at server start.
    const { readExcel } = await import('../readers/excel.js');
    return files.flatMap(readExcel);
  },
});
