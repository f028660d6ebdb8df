import { fileLoaderNode, loaderIcon } from '../loader.js';

export const microsoftExcel = fileLoaderNode({
  label: 'Microsoft Excel',
  name: 'microsoftExcel',
  version: 1,
  description: 'Reads Excel workbooks (.xlsx, .xlsm): one document per row of every sheet',
  icon: loaderIcon('X', '#217346'),
  file: { label: 'Excel File', name: 'excelFile', fileType: '.xlsx, .xls, .xlsm, .xlsb' },
  reader: async () => (await import('../readers/excel.js')).readExcel,
});
