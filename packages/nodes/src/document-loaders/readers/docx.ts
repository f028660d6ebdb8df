import type { SourceDocument } from '@flowloom/shared';
import type { LoadedFile } from '../loader.js';
import { openOfficeFile, WORD } from './office.js';

/**
 * A DOCX file as one document of its text (mammoth; paragraphs separated by blank lines), its name
 * as `source`. The package is unpacked once first with every entry counted, so mammoth (which trusts
 * the sizes a package declares) only ever opens a file known to stay within the unpacked-size limit.
 */
export async function readDocx(file: LoadedFile): Promise<SourceDocument[]> {
  openOfficeFile(file, WORD, { checkAll: true });
  const { default: mammoth } = await import('mammoth');
  let text: string;
  try {
    const buffer = Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength);
    text = (await mammoth.extractRawText({ buffer })).value;
  } catch (error) {
    throw new Error(`${file.name} could not be read as a Word document: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return [{ pageContent: text.trim(), metadata: { source: file.name } }];
}
