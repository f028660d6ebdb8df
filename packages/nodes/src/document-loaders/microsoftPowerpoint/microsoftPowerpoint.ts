import { loaderIcon, loaderNode, readFiles } from '../loader.js';

export const microsoftPowerpoint = loaderNode({
  label: 'Microsoft PowerPoint',
  name: 'microsoftPowerpoint',
  version: 1,
  description: 'Reads PowerPoint presentations (.pptx): one document per slide',
  icon: loaderIcon('P', '#d24726'),
  inputs: [{ label: 'PowerPoint File', name: 'powerpointFile', type: 'file', fileType: '.pptx, .ppt' }],
  async load(ctx) {
    const files = await readFiles(ctx, ctx.inputs.powerpointFile, { label: 'PowerPoint File' });
    const { readPowerpoint } = await import('../readers/powerpoint.js');
    return files.flatMap(readPowerpoint);
  },
});
