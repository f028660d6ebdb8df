import { legacyBuildInput, pdfUsage, pdfUsageInput } from '../inputs.js';
import { fileLoaderNode, loaderIcon } from '../loader.js';
import { readPdf } from '../readers/pdf.js';

export const pdfFile = fileLoaderNode({
  label: 'Pdf File',
  name: 'pdfFile',
  version: 2,
  description: 'Reads the text of PDF files, page by page or as a whole',
  icon: loaderIcon('PDF', '#c62828'),
  file: { label: 'Pdf File', name: 'pdfFile', fileType: '.pdf' },
  moreInputs: [pdfUsageInput('Usage'), legacyBuildInput],
  reader(ctx) {
    const usage = pdfUsage(ctx.inputs.usage);
    return (file) => readPdf(file, { usage, signal: ctx.run.signal });
  },
});
