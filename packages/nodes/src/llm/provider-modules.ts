import type * as Anthropic from '@ai-sdk/anthropic';
import type * as Azure from '@ai-sdk/azure';
import type * as Cohere from '@ai-sdk/cohere';
import type * as Google from '@ai-sdk/google';
import type * as Groq from '@ai-sdk/groq';
import type * as Mistral from '@ai-sdk/mistral';
import type * as OpenAI from '@ai-sdk/openai';
import type * as OpenAICompatible from '@ai-sdk/openai-compatible';
import type * as Ollama from 'ollama-ai-provider-v2';
import { cachedLoad } from '../utilities/cached-load.js';

/**
 * The AI SDK provider packages, loaded on first use rather than at start-up: together they are
 * about a fifth of the server bundle, and a server that never calls, say, Gemini should not parse
 * it before it can answer its first request. Later runs pay one resolved `await`.
 */
type Loader<Module> = () => Promise<Module>;
const lazyModule = <Module>(load: () => Promise<Module>): Loader<Module> => cachedLoad(load).get;

export const providers: {
  openai: Loader<typeof OpenAI>;
  azure: Loader<typeof Azure>;
  anthropic: Loader<typeof Anthropic>;
  google: Loader<typeof Google>;
  mistral: Loader<typeof Mistral>;
  groq: Loader<typeof Groq>;
  ollama: Loader<typeof Ollama>;
  cohere: Loader<typeof Cohere>;
  openaiCompatible: Loader<typeof OpenAICompatible>;
} = {
  openai: lazyModule(() => import('@ai-sdk/openai')),
  azure: lazyModule(() => import('@ai-sdk/azure')),
  anthropic: lazyModule(() => import('@ai-sdk/anthropic')),
  google: lazyModule(() => import('@ai-sdk/google')),
  mistral: lazyModule(() => import('@ai-sdk/mistral')),
  groq: lazyModule(() => import('@ai-sdk/groq')),
  ollama: lazyModule(() => import('ollama-ai-provider-v2')),
  cohere: lazyModule(() => import('@ai-sdk/cohere')),
  openaiCompatible: lazyModule(() => import('@ai-sdk/openai-compatible')),
};
