import { Inflate } from 'fflate';
import { MAX_EXPANDED_BYTES } from '../loader.js';
import { sizeText } from '../size.js';

/**
 * Reading the ZIP packages of Office files (DOCX, XLSX, PPTX) without trusting them: entries are
 * found through the central directory, and every entry is inflated in small steps while its real
 * output is counted, so a package that declares small sizes but expands to gigabytes (a "zip bomb",
 * also one whose entries all point at the same data) is stopped at the limit.
 */

/** How many times its own size a package may expand to, above {@link MIN_EXPANSION_CAP}. */
const MAX_EXPANSION_RATIO = 100;
const MIN_EXPANSION_CAP = 20 * 1024 * 1024;

/** The pieces of compressed data inflated at once: bounds the output of one step to a few MB. */
const INFLATE_STEP = 8 * 1024;

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localHeaderOffset: number;
}

/** A ZIP package whose entries have been checked or read. */
export interface ZipPackage {
  /** Every entry name of the package. */
  names: string[];
  /** The bytes of an entry that was read, or undefined. */
  entry(name: string): Uint8Array | undefined;
  /** An entry that was read, as UTF-8 text. */
  text(name: string): string | undefined;
}

export interface ZipReadOptions {
  /** Which entries to keep (all are inflated and counted when `keep` is absent and `checkAll` set). */
  keep?: (name: string) => boolean;
  /** Inflates (and counts) every entry, keeping only those `keep` selects. */
  checkAll?: boolean;
  /** The most all inflated entries together may hold (default {@link MAX_EXPANDED_BYTES}). */
  maxBytes?: number;
}

/** Whether the bytes start like a ZIP package. */
export const isZip = (data: Uint8Array) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;

function centralDirectory(data: Uint8Array, fileName: string): ZipEntry[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const damaged = (why: string) => new Error(`${fileName} is damaged: ${why}`);
  // The end record is the last 22 bytes, plus a comment of up to 65 535 bytes.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged('its ZIP directory is missing (the file may be cut short)');
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  if (count === 0xffff || offset === 0xffffffff)
    throw new Error(
      `${fileName} uses ZIP64 packaging, which Office documents of a loadable size do not need`,
    );
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.length || view.getUint32(at, true) !== 0x02014b50)
      throw damaged('its ZIP directory is broken');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    entries.push({
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localHeaderOffset: view.getUint32(at + 42, true),
      name: new TextDecoder().decode(data.subarray(at + 46, at + 46 + nameLength)),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, located through its local header. */
function entryData(data: Uint8Array, entry: ZipEntry, fileName: string): Uint8Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > data.length || view.getUint32(at, true) !== 0x04034b50)
    throw new Error(`${fileName} is damaged: the entry ${entry.name} cannot be found`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  const stop = start + entry.compressedSize;
  if (stop > data.length) throw new Error(`${fileName} is damaged: the entry ${entry.name} is cut short`);
  return data.subarray(start, stop);
}

/**
 * Opens an Office package, inflating the entries `keep` selects (or all with `checkAll`), and throws
 * a message naming the file when it is not a ZIP package, is damaged, encrypted, or expands past
 * `maxBytes` in total.
 */
export function readZip(data: Uint8Array, fileName: string, options: ZipReadOptions = {}): ZipPackage {
  if (!isZip(data)) throw new Error(`${fileName} is not a ZIP package`);
  // Real Office files expand some tens of times (XML compresses well; pictures not at all): a file
  // that would expand much more is a bomb, stopped before it costs seconds of work.
  const maxBytes = Math.min(
    options.maxBytes ?? MAX_EXPANDED_BYTES,
    Math.max(MIN_EXPANSION_CAP, data.byteLength * MAX_EXPANSION_RATIO),
  );
  const entries = centralDirectory(data, fileName);
  const kept = new Map<string, Uint8Array>();
  let total = 0;
  const tooLarge = () =>
    new Error(`${fileName} expands to more than ${sizeText(maxBytes)} when unpacked; it cannot be loaded`);

  for (const entry of entries) {
    const keep = options.keep?.(entry.name) ?? false;
    if (!keep && !options.checkAll) continue;
    if (entry.name.endsWith('/')) continue; // a folder
    if (entry.flags & 1) throw new Error(`${fileName} is encrypted; remove its password and upload it again`);
    const compressed = entryData(data, entry, fileName);
    const chunks: Uint8Array[] = [];
    const take = (chunk: Uint8Array) => {
      total += chunk.length;
      if (total > maxBytes) throw tooLarge();
      if (keep) chunks.push(chunk);
    };
    if (entry.method === 0) take(compressed);
    else if (entry.method === 8) {
      const inflate = new Inflate((chunk) => take(chunk));
      try {
        if (compressed.length === 0) inflate.push(new Uint8Array(0), true);
        for (let at = 0; at < compressed.length; at += INFLATE_STEP) {
          const last = at + INFLATE_STEP >= compressed.length;
          inflate.push(compressed.subarray(at, at + INFLATE_STEP), last);
        }
      } catch (error) {
        if (total > maxBytes) throw error;
        throw new Error(
          `${fileName} is damaged: ${entry.name} cannot be unpacked (${(error as Error).message})`,
          {
            cause: error,
          },
        );
      }
    } else throw new Error(`${fileName} uses a ZIP compression method (${entry.method}) that cannot be read`);
    if (keep) kept.set(entry.name, concat(chunks));
  }

  return {
    names: entries.map((e) => e.name),
    entry: (name) => kept.get(name),
    text: (name) => {
      const bytes = kept.get(name);
      return bytes && new TextDecoder().decode(bytes);
    },
  };
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/**
 * Whether the bytes are an OLE compound file: an old binary Office file (.doc, .xls, .ppt), or a
 * password-protected new one (Office wraps those in OLE).
 */
export function isOleFile(data: Uint8Array): boolean {
  const signature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return data.length >= 8 && signature.every((byte, i) => data[i] === byte);
}

/** Whether an OLE file is a password-protected Office document (it holds an `EncryptedPackage`). */
export function isEncryptedOffice(data: Uint8Array): boolean {
  return (
    isOleFile(data) &&
    Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes('EncryptedPackage', 0, 'utf16le')
  );
}
