import { fileLoaderNode, loaderIcon } from '../loader.js';

export const microsoftPowerpoint = fileLoaderNode({
  label: 'Microsoft PowerPoint',
  name: 'microsoftPowerpoint',
  version: 1,
  description: 'Reads PowerPoint presentations (.pptx): one document per slide',
  icon: loaderIcon('P', '#d24726'),
  file: { label: 'PowerPoint File', name: 'powerpointFile', fileType: '.pptx, .ppt' },
  reader: async () => (await import('../readers/powerpoint.js')).readPowerpoint,
});
