import type { NodeContext } from '@flowloom/engine';
import { stringInput } from '../llm/chat-model.js';
import { modelFetch } from '../llm/lean-fetch.js';
import { providers } from '../llm/provider-modules.js';
import { modelEndpoint } from './shared-inputs.js';

/**
 * The AI SDK provider of each service that has both a chat model and an embeddings node, set up
 * once for both: the key from the credential, the base URL under {@link modelEndpoint}'s rule, the
 * calls through the run's model fetch. Each node then picks its model (`chat`, `textEmbeddingModel`).
 */

type Credential = Record<string, unknown>;

export interface ClientOptions {
  /** The model fetch, when the node wraps it (a timeout, extra body fields). */
  fetch?: typeof fetch | undefined;
  /** Headers sent with every request (a node's Base Options). */
  headers?: Record<string, string> | undefined;
}

const sendOf = (ctx: NodeContext, options: ClientOptions) => options.fetch ?? modelFetch(ctx.run.services);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A model fetch that adds `fields` to each JSON request body (settings a provider does not send). A
 * field that is an object is merged into the body's object of that name (Ollama's `options`).
 */
export function withBodyFields(send: typeof fetch, fields: Record<string, unknown>): typeof fetch {
  return (input, init) => {
    if (typeof init?.body !== 'string') return send(input, init);
    const body = JSON.parse(init.body) as Record<string, unknown>;
    for (const [name, value] of Object.entries(fields))
      body[name] = isObject(value) && isObject(body[name]) ? { ...body[name], ...value } : value;
    return send(input, { ...init, body: JSON.stringify(body) });
  };
}

/** OpenAI, or any OpenAI-compatible server through the node's Base Path (`basepath`). */
export async function openAIClient(
  ctx: NodeContext,
  credential: Credential,
  options: ClientOptions & { basepath: unknown },
) {
  const { createOpenAI } = await providers.openai();
  return createOpenAI({
    apiKey: stringInput(credential.openAIApiKey) ?? '',
    baseURL: modelEndpoint(ctx, {
      provider: 'openai',
      typed: stringInput(options.basepath),
      credential,
      secretField: 'openAIApiKey',
    }),
    ...(options.headers && { headers: options.headers }),
    fetch: sendOf(ctx, options),
  });
}

const AZURE_API_VERSION = '2024-10-21';

/**
 * An Azure OpenAI resource: instance and API version from the `azureOpenAIApi` credential, or the
 * node's Base Path (`basepath`, replacing `https://<instance>.openai.azure.com/openai`). Models are
 * addressed by deployment name.
 */
export async function azureClient(
  ctx: NodeContext,
  credential: Credential,
  options: ClientOptions & { basepath: unknown },
) {
  const resourceName = stringInput(credential.azureOpenAIApiInstanceName);
  const baseURL = modelEndpoint(ctx, {
    provider: 'azure',
    typed: stringInput(options.basepath)
      ?.replace(/\/+$/, '')
      .replace(/\/deployments$/, ''),
    credential,
    secretField: 'azureOpenAIApiKey',
    defaultBase: resourceName && `https://${resourceName}.openai.azure.com/openai`,
  });
  if (!baseURL && !resourceName)
    throw new Error('Set the instance name in the Azure OpenAI credential (or the Base Path of the node)');
  const { createAzure } = await providers.azure();
  return createAzure({
    fetch: sendOf(ctx, options),
    apiKey: stringInput(credential.azureOpenAIApiKey) ?? '',
    ...(baseURL ? { baseURL } : { resourceName }),
    apiVersion: stringInput(credential.azureOpenAIApiVersion) ?? AZURE_API_VERSION,
    useDeploymentBasedUrls: true,
    ...(options.headers && { headers: options.headers }),
  });
}

/** Google Gemini through the Generative Language API; `baseUrl` is the node's Base URL, if it has one. */
export async function googleClient(ctx: NodeContext, credential: Credential, baseUrl?: unknown) {
  const { createGoogleGenerativeAI } = await providers.google();
  return createGoogleGenerativeAI({
    fetch: modelFetch(ctx.run.services),
    apiKey: stringInput(credential.googleGenerativeAPIKey) ?? '',
    baseURL: modelEndpoint(ctx, {
      provider: 'google',
      typed: stringInput(baseUrl),
      credential,
      secretField: 'googleGenerativeAPIKey',
    }),
  });
}

/**
 * Flowise's Override Endpoint is a server root (`https://api.mistral.ai`) to which the client adds
 * `/v1`; the AI SDK wants the `/v1` prefix itself.
 */
function mistralBaseUrl(value: unknown): string | undefined {
  const endpoint = stringInput(value)?.replace(/\/+$/, '');
  if (!endpoint) return undefined;
  return /\/v1$/.test(endpoint) ? endpoint : `${endpoint}/v1`;
}

/** Mistral AI; `overrideEndpoint` is the node's Override Endpoint input. */
export async function mistralClient(ctx: NodeContext, credential: Credential, overrideEndpoint: unknown) {
  const { createMistral } = await providers.mistral();
  return createMistral({
    fetch: modelFetch(ctx.run.services),
    apiKey: stringInput(credential.mistralAIAPIKey) ?? '',
    baseURL: modelEndpoint(ctx, {
      provider: 'mistral',
      typed: mistralBaseUrl(overrideEndpoint),
      credential,
      secretField: 'mistralAIAPIKey',
    }),
  });
}

/** What Flowise puts in the Base URL field of a new Ollama node. */
export const OLLAMA_DEFAULT_URL = 'http://localhost:11434';

/**
 * The Ollama server to call. Every saved node carries Flowise's stock `http://localhost:11434`, so an
 * operator default (`OLLAMA_BASE_URL`, e.g. a Docker host) replaces that stock value, while any URL the
 * builder typed in wins (unless the node sends an API key: see {@link modelEndpoint}).
 */
function ollamaBaseUrl(ctx: NodeContext, credential: Credential): string {
  const typed = stringInput(ctx.inputs.baseUrl)?.replace(/\/+$/, '');
  const operator = ctx.run.services.providerBaseUrls.ollama;
  const chosen = modelEndpoint(ctx, {
    provider: 'ollama',
    typed: typed === OLLAMA_DEFAULT_URL && operator ? undefined : typed,
    credential,
    secretField: 'ollamaApiKey',
    defaultBase: OLLAMA_DEFAULT_URL,
  });
  return chosen ?? OLLAMA_DEFAULT_URL;
}

/**
 * An Ollama server at the node's Base URL (`baseUrl`); the `ollamaApi` credential's key, when there
 * is one, goes as a bearer token (for a server behind an authenticating proxy).
 */
export async function ollamaClient(
  ctx: NodeContext,
  credential: Credential,
  options: Pick<ClientOptions, 'fetch'> = {},
) {
  const apiKey = stringInput(credential.ollamaApiKey);
  const { createOllama } = await providers.ollama();
  return createOllama({
    baseURL: `${ollamaBaseUrl(ctx, credential)}/api`,
    ...(apiKey && { headers: { Authorization: `Bearer ${apiKey}` } }),
    fetch: sendOf(ctx, options),
  });
}
