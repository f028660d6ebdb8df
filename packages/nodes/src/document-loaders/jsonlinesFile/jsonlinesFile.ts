import { objectInput, stringInput } from '../../llm/chat-model.js';
import { fileLoaderNode, loaderIcon } from '../loader.js';
import { metadataPointers, toPointer } from '../readers/json-pointer.js';
import { readJsonLines } from '../readers/jsonl.js';

export const jsonlinesFile = fileLoaderNode({
  label: 'Json Lines File',
  name: 'jsonlinesFile',
  version: 3,
  description: 'Reads JSON Lines files: the value of one key of each line becomes a document',
  icon: loaderIcon('JL', '#f9a825'),
  file: { label: 'Jsonlines File', name: 'jsonlinesFile', fileType: '.jsonl' },
  moreInputs: [
    {
      label: 'Pointer Extraction',
      name: 'pointerName',
      type: 'string',
      description: 'The key whose value is the text of each line (e.g. "text"; "/a/b" for a nested one)',
      placeholder: 'key',
      optional: false,
    },
  ],
  metadataPointers: true,
  reader(ctx) {
    const key = stringInput(ctx.inputs.pointerName);
    if (!key)
      throw new Error('Pointer Extraction is required: enter the key whose value is the text of each line');
    const pointer = toPointer(key);
    const pointers = metadataPointers(objectInput(ctx.inputs.metadata));
    return (file) => readJsonLines(file, pointer, pointers);
  },
});
