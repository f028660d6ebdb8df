/**
 * Values of `file` inputs, as Flowise stores them (FLOWISE_API.md §2.4): one uploaded file is the
 * text `data:<mime>;base64,<data>,filename:<name>`; several are a JSON array of those; files kept
 * by the server read `FILE-STORAGE::["a.txt","b.pdf"]`.
 */

const STORAGE_PREFIX = 'FILE-STORAGE::';

/** `data:...;base64,...` plus the file name suffix. */
export function fileEntry(dataUrl: string, fileName: string): string {
  return `${dataUrl},filename:${fileName}`;
}

/** The stored value for uploaded file entries: the entry itself for one file, a JSON array for more. */
export function fileInputValue(entries: readonly string[]): string {
  if (entries.length === 0) return '';
  return entries.length === 1 ? entries[0]! : JSON.stringify(entries);
}

function nameOfEntry(entry: string): string {
  const index = entry.lastIndexOf(',filename:');
  return index >= 0 ? entry.slice(index + ',filename:'.length) : entry.startsWith('data:') ? 'file' : entry;
}

/** File names held by a stored value (for display). */
export function fileNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((item) => nameOfEntry(String(item)));
  if (typeof value !== 'string' || value === '') return [];
  const listText = value.startsWith(STORAGE_PREFIX) ? value.slice(STORAGE_PREFIX.length) : value;
  if (listText.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(listText);
      if (Array.isArray(parsed)) return parsed.map((item) => nameOfEntry(String(item)));
    } catch {
      // a single entry that happens to start with "["
    }
  }
  return [nameOfEntry(value)];
}

/** Reads a picked file as a `data:` URL. */
export function readFileAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The stored value for picked files. */
export async function filesToValue(files: readonly File[]): Promise<string> {
  const entries = await Promise.all(
    files.map(async (file) => fileEntry(await readFileAsDataUrl(file), file.name)),
  );
  return fileInputValue(entries);
}
