import { embedMany, type EmbeddingModel } from 'ai';
import type { NodeContext } from '@flowloom/engine';
import type { ProviderOptions } from '../llm/chat-model.js';

/** What an embeddings node builds: vector stores and retrievers embed with it. */
export interface EmbeddingsHandle {
  kind: 'embeddings';
  /** "OpenAI", "Ollama", … for messages. */
  provider: string;
  modelName: string;
  /** One vector per text, in order; sent in batches, each retried with back-off. */
  embedDocuments: (texts: readonly string[]) => Promise<number[][]>;
  embedQuery: (text: string) => Promise<number[]>;
}

export function isEmbeddings(value: unknown): value is EmbeddingsHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'embeddings';
}

export interface EmbeddingOptions {
  /** Texts per request; the provider's own limit when smaller. */
  batchSize: number;
  /** Newlines become spaces first (older OpenAI models embed better that way). */
  stripNewLines: boolean;
  /** Requests of one call in flight at once. */
  parallel: number;
  /** Retries of a failed request, waiting longer each time. */
  retries: number;
  /** Provider settings sent with each request (OpenAI `dimensions`, …). */
  providerOptions?: ProviderOptions;
}

export const EMBEDDING_DEFAULTS: EmbeddingOptions = {
  batchSize: 512,
  stripNewLines: true,
  parallel: 4,
  retries: 3,
};

/**
 * An embeddings handle over an AI SDK embedding model. Texts are cut into batches of
 * `batchSize`; each batch is one request, retried with back-off; a failure names the provider and
 * the model, and the run's cancel stops the requests.
 */
export function embeddingsOf(
  ctx: NodeContext,
  model: EmbeddingModel,
  about: { provider: string; modelName: string },
  options: EmbeddingOptions = EMBEDDING_DEFAULTS,
): EmbeddingsHandle {
  const prepare = (text: string) => (options.stripNewLines ? text.replace(/\n/g, ' ') : text);
  const embed = async (texts: readonly string[]): Promise<number[][]> => {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += options.batchSize) {
      const batch = texts.slice(start, start + options.batchSize).map(prepare);
      try {
        const result = await embedMany({
          model,
          values: batch,
          maxRetries: options.retries,
          maxParallelCalls: options.parallel,
          abortSignal: ctx.run.signal,
          ...(options.providerOptions && { providerOptions: options.providerOptions }),
        });
        vectors.push(...result.embeddings);
      } catch (error) {
        if (ctx.run.signal.aborted) throw error;
        throw new Error(`${about.provider} embeddings (${about.modelName}) failed: ${reasonOf(error)}`, {
          cause: error,
        });
      }
    }
    return vectors;
  };
  return {
    kind: 'embeddings',
    ...about,
    embedDocuments: embed,
    embedQuery: async (text) => (await embed([text]))[0] ?? [],
  };
}

/** The provider's message, with the HTTP status of the (last) failed request when there was one. */
function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // The AI SDK's RetryError keeps the last attempt's APICallError, which carries the status.
  const last = (error as { lastError?: unknown } | undefined)?.lastError ?? error;
  const status = (last as { statusCode?: unknown } | undefined)?.statusCode;
  return typeof status === 'number' ? `${message} (HTTP ${status})` : message;
}

/**
 * A model fetch whose requests give up after `timeoutMs` (Flowise's Timeout input) with
 * "no answer within N ms". No limit when it is undefined or not positive. A timed-out request is not
 * retried: the AI SDK treats it as cancelled.
 */
export function fetchWithTimeout(send: typeof fetch, timeoutMs: number | undefined): typeof fetch {
  if (timeoutMs === undefined || !(timeoutMs > 0)) return send;
  return async (input, init = {}) => {
    const timer = new AbortController();
    const timeout = setTimeout(
      () => timer.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    const signal = init.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
    try {
      return await send(input, { ...init, signal });
    } finally {
      clearTimeout(timeout);
    }
  };
}
