/**
 * The AI SDK provider packages, loaded on first use rather than at start-up: together they are
 * about a fifth of the server bundle, and a server that never calls, say, Gemini should not parse
 * it before it can answer its first request. Each loader keeps its promise, so later runs pay one
 * resolved `await`.
 */
function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load is tried again on the next call
      throw error;
    }));
}

export const providers = {
  openai: lazyModule(() => import('@ai-sdk/openai')),
  azure: lazyModule(() => import('@ai-sdk/azure')),
  anthropic: lazyModule(() => import('@ai-sdk/anthropic')),
  google: lazyModule(() => import('@ai-sdk/google')),
  mistral: lazyModule(() => import('@ai-sdk/mistral')),
  groq: lazyModule(() => import('@ai-sdk/groq')),
  ollama: lazyModule(() => import('ollama-ai-provider-v2')),
};
