import { loaderIcon, loaderNode } from '../loader.js';

export const plainText = loaderNode({
  label: 'Plain Text',
  name: 'plainText',
  version: 2,
  description: 'Turns text typed or passed in here into a document',
  icon: loaderIcon('T'),
  inputs: [
    {
      label: 'Text',
      name: 'text',
      type: 'string',
      rows: 4,
      placeholder: 'Paste or type the text to load…',
    },
  ],
  load(ctx) {
    const text = ctx.inputs.text;
    if (typeof text !== 'string' || text.trim() === '') throw new Error('Plain Text: enter the text to load');
    return Promise.resolve([{ pageContent: text, metadata: {} }]);
  },
});
