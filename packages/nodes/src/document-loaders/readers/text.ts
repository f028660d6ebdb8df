import type { SourceDocument } from '@flowloom/shared';
import { decodeText, type LoadedFile } from '../loader.js';

/** A text file as one document, its name as `source`. */
export function readTextFile(file: LoadedFile): SourceDocument[] {
  return [{ pageContent: decodeText(file.data), metadata: { source: file.name } }];
}
