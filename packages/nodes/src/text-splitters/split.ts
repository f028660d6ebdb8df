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

/** Every chunk of every document, each keeping (a copy of) its document's metadata. */
export async function splitDocuments(
  splitter: TextSplitterHandle,
  documents: readonly SourceDocument[],
): Promise<SourceDocument[]> {
  const chunks: SourceDocument[] = [];
  for (const document of documents) {
    for (const text of await splitter.splitText(document.pageContent))
      chunks.push({ pageContent: text, metadata: { ...document.metadata } });
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
    if (chunk) chunks.push(chunk);
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
  if (separator === '') return [...text];
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
  const finer = index < 0 ? [] : separators.slice(index + 1);
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

/** The separators of plain text, coarsest first: paragraphs, lines, words, characters. */
export const TEXT_SEPARATORS = ['\n\n', '\n', ' ', ''];

/** A splitter handle over a synchronous split function. */
export function splitterOf(split: (text: string) => string[]): TextSplitterHandle {
  return { kind: 'textSplitter', splitText: (text) => Promise.resolve(split(text)) };
}
