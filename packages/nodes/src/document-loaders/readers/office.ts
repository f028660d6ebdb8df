import type { LoadedFile } from '../loader.js';
import { isEncryptedOffice, isOleFile, isZip, readZip, type ZipPackage, type ZipReadOptions } from './zip.js';

/** An Office Open XML format, as messages name it. */
export interface OfficeFormat {
  /** `Word`, `Excel`, `PowerPoint`. */
  application: string;
  /** The extension of the format that can be read (`.docx`). */
  extension: string;
  /** The extension of its old binary predecessor (`.doc`). */
  binaryExtension: string;
}

export const WORD: OfficeFormat = { application: 'Word', extension: '.docx', binaryExtension: '.doc' };
export const EXCEL: OfficeFormat = { application: 'Excel', extension: '.xlsx', binaryExtension: '.xls' };
export const POWERPOINT: OfficeFormat = {
  application: 'PowerPoint',
  extension: '.pptx',
  binaryExtension: '.ppt',
};

/**
 * Opens an Office Open XML file: refuses password-protected and old binary files with a message that
 * says what to do, and reads the entries `options` asks for within the unpacked-size limit.
 */
export function openOfficeFile(file: LoadedFile, format: OfficeFormat, options: ZipReadOptions): ZipPackage {
  if (isEncryptedOffice(file.data))
    throw new Error(`${file.name} is protected by a password; remove the password and upload it again`);
  if (isOleFile(file.data))
    throw new Error(
      `${file.name} is an old binary ${format.application} file (${format.binaryExtension}), which cannot be read; save it as ${format.extension} and upload it again`,
    );
  if (!isZip(file.data))
    throw new Error(
      `${file.name} is not a ${format.application} document (${format.extension}) or is damaged`,
    );
  return readZip(file.data, file.name, options);
}

/** An entry of an opened package that must be there; its absence means the file is not this format. */
export function requiredPart(pkg: ZipPackage, name: string, file: LoadedFile, format: OfficeFormat): string {
  const text = pkg.text(name);
  if (text === undefined)
    throw new Error(`${file.name} is not a ${format.application} document: it has no ${name}`);
  return text;
}
