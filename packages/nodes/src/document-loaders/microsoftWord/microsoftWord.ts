import { fileLoaderNode, loaderIcon } from '../loader.js';

export const microsoftWord = fileLoaderNode({
  label: 'Microsoft Word',
  name: 'microsoftWord',
  version: 1,
  description: 'Reads Word documents (.docx) page by page',
  icon: loaderIcon('W', '#2b579a'),
  file: { label: 'Word File', name: 'docxFile', fileType: '.docx, .doc' },
  reader: async () => (await import('../readers/word.js')).readWord,
});
