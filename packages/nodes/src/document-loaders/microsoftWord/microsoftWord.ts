import { loaderIcon, loaderNode, readFiles } from '../loader.js';

export const microsoftWord = loaderNode({
  label: 'Microsoft Word',
  name: 'microsoftWord',
  version: 1,
  description: 'Reads Word documents (.docx) page by page',
  icon: loaderIcon('W', '#2b579a'),
  inputs: [{ label: 'Word File', name: 'docxFile', type: 'file', fileType: '.docx, .doc' }],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.docxFile, { label: 'Word File' });
    const { readWord } = await import('../readers/word.js');
    return files.flatMap(readWord);
  },
});
