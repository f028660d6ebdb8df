import type * as GptTokenizer from 'gpt-tokenizer';
import { cachedLoad } from './cached-load.js';

type Tokenizer = typeof GptTokenizer;

let loaded: Tokenizer | undefined;
const tokenizerLoad = cachedLoad(async () => (loaded = await import('gpt-tokenizer')));

/**
 * Loads gpt-tokenizer (cl100k_base: 2 MB of tables, most of the server bundle's weight) on first use
 * rather than at start-up; only token-counting nodes need it.
 */
export const loadTokenizer = tokenizerLoad.get;

/** The tokenizer, once {@link loadTokenizer} has resolved. */
export function tokenizer(): Tokenizer {
  if (!loaded) throw new Error('The tokenizer is used before it was loaded (await loadTokenizer() first)');
  return loaded;
}
