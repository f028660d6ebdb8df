import { loaderIcon, loaderNode, readFiles } from '../loader.js';

export const docxFile = loaderNode({
  label: 'Docx File',
  name: 'docxFile',
  version: 2,
  description: 'Reads the text of Word documents (.docx), one document per file',
  icon: loaderIcon('DOC', '#1565c0'),
  inputs: [{ label: 'Docx File', name: 'docxFile', type: 'file', fileType: '.docx' }],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.docxFile, { label: 'Docx File' });
    const documents = [];
    const { readDocx } = await import('../readers/docx.js');
    for (const file of files) documents.push(...(await readDocx(file)));
    return documents;
  },
});
