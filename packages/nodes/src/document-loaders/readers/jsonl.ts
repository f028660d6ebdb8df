import type { SourceDocument } from '@flowloom/shared';
import { decodeText, type LoadedFile } from '../loader.js';
import { pointerGet, pointerMetadata } from './json-pointer.js';
import { parseJson } from './json.js';

/**
 * A JSON Lines file: one document per line, its text the value `pointer` finds in the line's JSON
 * (a string as it is, anything else as JSON). Lines without that value are left out; a file where no
 * line has it is refused, as the pointer is then most likely misspelt. Metadata: `source`, `line`
 * (the line number in the file) and the Additional Metadata pointer values.
 */
export function readJsonLines(
  file: LoadedFile,
  pointer: string,
  metadataPointers: readonly [string, string][] = [],
): SourceDocument[] {
  const documents: SourceDocument[] = [];
  let lines = 0;
  decodeText(file.data)
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      lines++;
      const json = parseJson(line, `Line ${i + 1} of ${file.name}`);
      const value = pointerGet(json, pointer);
      if (value === undefined || value === null) return;
      documents.push({
        pageContent: typeof value === 'string' ? value : JSON.stringify(value),
        metadata: { source: file.name, line: i + 1, ...pointerMetadata(json, metadataPointers) },
      });
    });
  if (lines > 0 && documents.length === 0)
    throw new Error(`No line of ${file.name} has a value at ${pointer}; check Pointer Extraction`);
  return documents;
}
