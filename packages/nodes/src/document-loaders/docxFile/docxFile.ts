import { fileLoaderNode, loaderIcon } from '../loader.js';

export const docxFile = fileLoaderNode({
  label: 'Docx File',
  name: 'docxFile',
  version: 2,
  description: 'Reads the text of Word documents (.docx), one document per file',
  icon: loaderIcon('DOC', '#1565c0'),
  file: { label: 'Docx File', name: 'docxFile', fileType: '.docx' },
  reader: async () => (await import('../readers/docx.js')).readDocx,
});
