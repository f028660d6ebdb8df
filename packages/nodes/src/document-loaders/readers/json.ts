import type { SourceDocument } from '@flowloom/shared';
import { decodeText, type LoadedFile } from '../loader.js';
import { pointerGet, pointerMetadata } from './json-pointer.js';

export interface JsonReadOptions {
  /** Pointers whose values become the text (`/key`); every string of the file without any. */
  pointers?: readonly string[];
  /** Each object of a top-level array becomes one document of `key: value` lines. */
  separateByObject?: boolean;
  /** `[metadataKey, pointer]` pairs read from each top-level item (Additional Metadata pointers). */
  metadataPointers?: readonly [string, string][];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every string below `value`, in document order. */
function allStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) allStrings(item, out);
  else if (isObject(value)) for (const item of Object.values(value)) allStrings(item, out);
}

/**
 * The text a pointer search finds: the first objects (searching down from `value`) that hold any of
 * the pointers give every string below the values found (a number or true/false found directly is
 * taken as text too); their other entries are not searched further.
 */
function pointedStrings(value: unknown, pointers: readonly string[], out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) pointedStrings(item, pointers, out);
    return;
  }
  if (!isObject(value)) return;
  const found = pointers.map((p) => pointerGet(value, p)).filter((v) => v !== undefined && v !== null);
  if (found.length === 0) {
    for (const item of Object.values(value)) pointedStrings(item, pointers, out);
    return;
  }
  for (const item of found) {
    if (typeof item === 'number' || typeof item === 'boolean') out.push(String(item));
    else allStrings(item, out);
  }
}

/** An object as `key: value` lines, nested keys joined with dots, lists as JSON. */
function keyValueLines(value: Record<string, unknown>, prefix = ''): string {
  const lines: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isObject(item)) lines.push(keyValueLines(item, name));
    else lines.push(`${name}: ${Array.isArray(item) ? JSON.stringify(item) : String(item)}`);
  }
  return lines.join('\n');
}

/** Parses JSON text, with the file named in the message when it is not valid JSON. */
export function parseJson(text: string, fileName: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${fileName} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * A JSON file as documents: the strings it holds (or those the pointers find), one document each, or
 * with `separateByObject` one document per object of a top-level array. Metadata: `source`, `line`
 * (the document's number when there are several) and the Additional Metadata pointer values.
 */
export function readJson(file: LoadedFile, options: JsonReadOptions = {}): SourceDocument[] {
  const json = parseJson(decodeText(file.data).trim(), file.name);
  const items = Array.isArray(json) ? json : [json];
  const found: { text: string; metadata: Record<string, unknown> }[] = [];
  for (const item of items) {
    const metadata = pointerMetadata(item, options.metadataPointers ?? []);
    if (options.separateByObject) {
      if (isObject(item)) found.push({ text: keyValueLines(item), metadata });
      continue;
    }
    const texts: string[] = [];
    if (options.pointers && options.pointers.length > 0) pointedStrings(item, options.pointers, texts);
    else allStrings(item, texts);
    for (const text of texts) found.push({ text, metadata });
  }
  return found.map(({ text, metadata }, i) => ({
    pageContent: text,
    metadata: { source: file.name, ...(found.length > 1 && { line: i + 1 }), ...metadata },
  }));
}
