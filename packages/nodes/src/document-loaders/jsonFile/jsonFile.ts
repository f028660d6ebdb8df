import { booleanInput, objectInput, stringInput } from '../../llm/chat-model.js';
import { fileLoaderNode, loaderIcon } from '../loader.js';
import { readJson } from '../readers/json.js';
import { metadataPointers, toPointer } from '../readers/json-pointer.js';

/** "key1, key2" (quotes allowed, `/a/b` pointers too) as pointers. */
function pointersOf(value: unknown): string[] {
  return (stringInput(value) ?? '')
    .split(',')
    .map((key) => key.trim().replace(/^["']|["']$/g, ''))
    .filter(Boolean)
    .map(toPointer);
}

export const jsonFile = fileLoaderNode({
  label: 'Json File',
  name: 'jsonFile',
  version: 3.1,
  description: 'Reads JSON files: their strings, the values of chosen keys, or one document per object',
  icon: loaderIcon('{ }', '#f9a825'),
  file: { label: 'Json File', name: 'jsonFile', fileType: '.json' },
  moreInputs: [
    {
      label: 'Separate by JSON Object (JSON Array)',
      name: 'separateByObject',
      type: 'boolean',
      description: 'When the file holds a list, each object of it becomes one document of "key: value" lines',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Pointers Extraction (separated by commas)',
      name: 'pointersName',
      type: 'string',
      description:
        'Only the values of these keys become text (e.g. "title, body"); every string of the file when empty',
      placeholder: 'key1, key2',
      optional: true,
      hide: { separateByObject: true },
    },
  ],
  metadataPointers: true,
  reader(ctx) {
    const options = {
      pointers: pointersOf(ctx.inputs.pointersName),
      separateByObject: booleanInput(ctx.inputs.separateByObject, false),
      metadataPointers: metadataPointers(objectInput(ctx.inputs.metadata)),
    };
    return (file) => readJson(file, options);
  },
});
