import { legacyBuildInput, pdfUsage, pdfUsageInput } from '../inputs.js';
import { loaderIcon, loaderNode, readFiles } from '../loader.js';
import { readPdf } from '../readers/pdf.js';

export const pdfFile = loaderNode({
  label: 'Pdf File',
  name: 'pdfFile',
  version: 2,
  description: 'Reads the text of PDF files, page by page or as a whole',
  icon: loaderIcon('PDF', '#c62828'),
  inputs: [{ label: 'Pdf File', name: 'pdfFile', type: 'file', fileType: '.pdf' }],
  moreInputs: [pdfUsageInput('Usage'), legacyBuildInput],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.pdfFile, { label: 'Pdf File' });
    const usage = pdfUsage(ctx.inputs.usage);
    const documents = [];
    for (const file of files) documents.push(...(await readPdf(file, { usage, signal: ctx.run.signal })));
    return documents;
  },
});
