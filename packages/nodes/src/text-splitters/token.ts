import { windows, type ChunkSize } from './split.js';

interface Tokenizer {
  encode: (text: string, options?: { disallowedSpecial?: Set<string> }) => number[];
  decode: (tokens: number[]) => string;
}

/** The encodings the Token Text Splitter offers, each loaded the first time it is used. */
const ENCODINGS = {
  gpt2: () => import('gpt-tokenizer/encoding/gpt2'),
  r50k_base: () => import('gpt-tokenizer/encoding/r50k_base'),
  p50k_base: () => import('gpt-tokenizer/encoding/p50k_base'),
  p50k_edit: () => import('gpt-tokenizer/encoding/p50k_edit'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
} satisfies Record<string, () => Promise<Tokenizer>>;

export type EncodingName = keyof typeof ENCODINGS;
export const ENCODING_NAMES = Object.keys(ENCODINGS) as EncodingName[];

export function isEncodingName(value: unknown): value is EncodingName {
  return typeof value === 'string' && Object.hasOwn(ENCODINGS, value);
}

const loaded = new Map<EncodingName, Promise<Tokenizer>>();

function tokenizer(name: EncodingName): Promise<Tokenizer> {
  let found = loaded.get(name);
  if (!found) {
    found = ENCODINGS[name]();
    loaded.set(name, found);
  }
  return found;
}

/**
 * Text cut into windows of `chunkSize` tokens, each starting `chunkOverlap` tokens before the end
 * of the one before. Special-token text (`<|endoftext|>`) in documents is read as plain text.
 */
export async function splitByTokens(
  text: string,
  size: ChunkSize,
  encoding: EncodingName,
): Promise<string[]> {
  const { encode, decode } = await tokenizer(encoding);
  const tokens = encode(text, { disallowedSpecial: new Set() });
  return windows(tokens.length, size).map(([start, end]) => decode(tokens.slice(start, end)));
}
