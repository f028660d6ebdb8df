import type { SourceDocument } from '@flowloom/shared';

/** How big chunks are, in the splitter's unit (characters, or tokens for the token splitter). */
export interface ChunkSize {
  chunkSize: number;
  chunkOverlap: number;
}

export const DEFAULT_CHUNK_SIZE: ChunkSize = { chunkSize: 1000, chunkOverlap: 200 };

/** What a text splitter node builds: document loaders split what they load with it. */
export interface TextSplitterHandle {
  kind: 'textSplitter';
  splitText: (text: string) => Promise<string[]>;
}

export function isTextSplitter(value: unknown): value is TextSplitterHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'textSplitter';
}

/** The most chunks one load may be split into (each becomes a row, and later a vector). */
export const MAX_CHUNKS = 200_000;
/** How much more text than its input a split may make (chunk overlaps repeat text). */
const MAX_GROWTH = 3;
const GROWTH_ALLOWANCE = 100_000;

const tooManyChunks = () =>
  new Error(
    `These settings cut the text into more than ${MAX_CHUNKS.toLocaleString('en')} chunks; use a larger Chunk Size`,
  );
const tooMuchRepeated = () =>
  new Error(
    'These settings repeat the text too many times (the Chunk Overlap is close to the Chunk Size); use a smaller overlap',
  );

class SplitBudget {
  chunks = 0;
  characters = 0;
  constructor(private readonly maxCharacters: number) {}
  take(chunk: string): void {
    this.chunks += 1;
    this.characters += chunk.length;
    if (this.chunks > MAX_CHUNKS) throw tooManyChunks();
    if (this.characters > this.maxCharacters) throw tooMuchRepeated();
  }
}

/**
 * The budget of the split running now. Splits are synchronous, so one at a time runs: `splitterOf`
 * sets it around each, and every chunk made is counted against it, so settings that would make
 * millions of chunks or many times the text stop early instead of filling memory.
 */
let budget: SplitBudget | undefined;

function emitChunk(chunks: string[], chunk: string): void {
  budget?.take(chunk);
  chunks.push(chunk);
}

/**
 * Every chunk of every document, each keeping (a copy of) its document's metadata. Gives the event
 * loop a turn between documents, and stops past {@link MAX_CHUNKS} chunks in all.
 */
export async function splitDocuments(
  splitter: TextSplitterHandle,
  documents: readonly SourceDocument[],
): Promise<SourceDocument[]> {
  const chunks: SourceDocument[] = [];
  for (const document of documents) {
    for (const text of await splitter.splitText(document.pageContent))
      chunks.push({ pageContent: text, metadata: { ...document.metadata } });
    if (chunks.length > MAX_CHUNKS)
      throw new Error(
        `These settings cut the documents into more than ${MAX_CHUNKS.toLocaleString('en')} chunks; use a larger Chunk Size or split the source`,
      );
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return chunks;
}

/** Chunk size and overlap from a node's inputs (integers, only when given), checked. */
export function chunkSizeOf(inputs: Record<string, unknown>): ChunkSize {
  const integer = (value: unknown, fallback: number) => {
    if (value === undefined || value === null || value === '') return fallback;
    const number =
      typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
    return Number.isFinite(number) ? Math.trunc(number) : fallback;
  };
  const chunkSize = integer(inputs.chunkSize, DEFAULT_CHUNK_SIZE.chunkSize);
  const chunkOverlap = integer(inputs.chunkOverlap, DEFAULT_CHUNK_SIZE.chunkOverlap);
  if (chunkSize < 1) throw new Error(`Chunk Size must be at least 1 (it is ${chunkSize})`);
  if (chunkOverlap < 0) throw new Error(`Chunk Overlap cannot be negative (it is ${chunkOverlap})`);
  if (chunkOverlap >= chunkSize)
    throw new Error(`Chunk Overlap (${chunkOverlap}) must be smaller than Chunk Size (${chunkSize})`);
  return { chunkSize, chunkOverlap };
}

/**
 * Joins consecutive pieces with `joiner` into chunks of at most `chunkSize` characters. A new
 * chunk starts with the last pieces of the one before, up to `chunkOverlap` characters, so a
 * sentence cut at a chunk's end is whole at the next one's start. A single piece longer than the
 * size is its own chunk (the recursive splitter cuts those first).
 */
export function mergePieces(pieces: readonly string[], joiner: string, size: ChunkSize): string[] {
  const chunks: string[] = [];
  const window: string[] = [];
  let length = 0;
  const lengthWith = (piece: string) => length + piece.length + (window.length > 0 ? joiner.length : 0);
  const emit = () => {
    const chunk = window.join(joiner).trim();
    if (chunk) emitChunk(chunks, chunk);
  };
  for (const piece of pieces) {
    if (window.length > 0 && lengthWith(piece) > size.chunkSize) {
      emit();
      // Keep the tail that fits in the overlap and leaves room for the next piece.
      while (window.length > 0 && (length > size.chunkOverlap || lengthWith(piece) > size.chunkSize)) {
        length -= window[0]!.length + (window.length > 1 ? joiner.length : 0);
        window.shift();
      }
    }
    length = lengthWith(piece);
    window.push(piece);
  }
  emit();
  return chunks;
}

/**
 * Cuts `text` at `separator`. Kept separators stay at the start of the piece they precede (a
 * heading keeps its `#`, code keeps its `def`); otherwise they are dropped and the merge puts
 * them back between pieces.
 */
export function cutAt(text: string, separator: string, keep: boolean): string[] {
  if (separator === '') return Array.from(text);
  const parts = text.split(separator);
  const pieces = keep ? parts.map((part, index) => (index === 0 ? part : separator + part)) : parts;
  return pieces.filter((piece) => piece !== '');
}

/**
 * The recursive splitter: cut at the first separator the text contains; pieces that are still too
 * long are cut again with the separators after it; short neighbours are merged back into chunks.
 */
export function splitRecursively(
  text: string,
  separators: readonly string[],
  size: ChunkSize,
  keepSeparator = true,
): string[] {
  const index = separators.findIndex((separator) => separator === '' || text.includes(separator));
  const separator = index < 0 ? '' : separators[index]!;
  // Down to single characters (or no separator the text holds): windows of the text itself.
  if (separator === '') return characterWindows(text, size);
  const finer = separators.slice(index + 1);
  const joiner = keepSeparator ? '' : separator;
  const chunks: string[] = [];
  let short: string[] = [];
  for (const piece of cutAt(text, separator, keepSeparator)) {
    if (piece.length <= size.chunkSize) {
      short.push(piece);
      continue;
    }
    if (short.length > 0) chunks.push(...mergePieces(short, joiner, size));
    short = [];
    if (finer.length === 0) chunks.push(piece);
    else chunks.push(...splitRecursively(piece, finer, size, keepSeparator));
  }
  if (short.length > 0) chunks.push(...mergePieces(short, joiner, size));
  return chunks;
}

/**
 * The `[start, end)` windows of Chunk Size units (characters, tokens) over `length` units, each
 * starting Chunk Overlap units before the end of the one before. Settings that would make more than
 * {@link MAX_CHUNKS} windows or repeat the text more than {@link MAX_GROWTH} times are refused before
 * any window is made.
 */
export function windows(length: number, size: ChunkSize): [start: number, end: number][] {
  const step = size.chunkSize - size.chunkOverlap;
  const count = length <= size.chunkSize ? 1 : Math.ceil((length - size.chunkSize) / step) + 1;
  if (count > MAX_CHUNKS) throw tooManyChunks();
  if (count * Math.min(size.chunkSize, length) > MAX_GROWTH * length + GROWTH_ALLOWANCE)
    throw tooMuchRepeated();
  const found: [number, number][] = [];
  for (let start = 0; start < length; start += step) {
    found.push([start, Math.min(start + size.chunkSize, length)]);
    if (start + size.chunkSize >= length) break;
  }
  return found;
}

/**
 * Text with no separator left cut into windows of Chunk Size characters (what merging single
 * characters gives), without a piece per character.
 */
function characterWindows(text: string, size: ChunkSize): string[] {
  const chars = Array.from(text);
  const chunks: string[] = [];
  for (const [start, end] of windows(chars.length, size)) {
    const chunk = chars.slice(start, end).join('').trim();
    if (chunk) emitChunk(chunks, chunk);
  }
  return chunks;
}

/** The separators of plain text, coarsest first: paragraphs, lines, words, characters. */
export const TEXT_SEPARATORS = ['\n\n', '\n', ' ', ''];

/**
 * A splitter handle over a synchronous split function, which may make at most {@link MAX_CHUNKS}
 * chunks and a few times the text (see {@link SplitBudget}).
 */
export function splitterOf(split: (text: string) => string[]): TextSplitterHandle {
  return {
    kind: 'textSplitter',
    splitText: (text) =>
      new Promise((resolve) => {
        budget = new SplitBudget(MAX_GROWTH * text.length + GROWTH_ALLOWANCE);
        try {
          resolve(split(text));
        } finally {
          budget = undefined;
        }
      }),
  };
}
