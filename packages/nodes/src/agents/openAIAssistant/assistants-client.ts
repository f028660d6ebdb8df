import type { EngineServices } from '@flowloom/engine';
import type OpenAI from 'openai';
import { stringInput } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { modelEndpointFor } from '../../chat-models/shared-inputs.js';

/** The SDK client the Assistants API is reached with. */
export type AssistantsClient = OpenAI;

/** A file to upload with the client (bytes, the name OpenAI shows, its type). */
export async function uploadableFile(data: Uint8Array, name: string, mime: string) {
  const { toFile } = await import('openai');
  return toFile(data, name, { type: mime });
}

/** The credential kinds an OpenAI assistant may use: OpenAI's own API, or an Azure OpenAI resource. */
export const ASSISTANT_CREDENTIALS = ['openAIApi', 'azureOpenAIApi'] as const;
export type AssistantCredentialName = (typeof ASSISTANT_CREDENTIALS)[number];

export function isAssistantCredential(name: string): name is AssistantCredentialName {
  return (ASSISTANT_CREDENTIALS as readonly string[]).includes(name);
}

/**
 * Azure serves the Assistants API only in preview API versions. A credential that names one keeps
 * it; one made for chat models (a GA version such as 2024-10-21) gets this one for assistants.
 */
export const AZURE_ASSISTANTS_API_VERSION = '2025-04-01-preview';

/** How long one call to the Assistants API may take (a streamed run is one call per step). */
const CALL_TIMEOUT_MS = 120_000;

/** What the server and the node need of a stored credential. */
export interface AssistantCredential {
  credentialName: string;
  data: Record<string, unknown>;
}

type Services = Pick<EngineServices, 'providerBaseUrls' | 'addressCheck'>;

/**
 * The model transport sends string and byte bodies; file uploads come as `FormData`, so those are
 * written out as multipart bytes first (with the boundary in their content type).
 */
function withByteBodies(send: typeof fetch): typeof fetch {
  return async (input, init) => {
    const body = init?.body;
    if (body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)
      return send(input, init);
    const request = new Request('http://body.invalid/', {
      method: init?.method ?? 'POST',
      headers: init?.headers,
      body,
    });
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    return send(input, { ...init, headers, body: new Uint8Array(await request.arrayBuffer()) });
  };
}

/**
 * An OpenAI SDK client for the Assistants API on a stored credential: OpenAI (`openAIApi`) or an
 * Azure OpenAI resource (`azureOpenAIApi`). The key goes where every model call of that credential
 * goes (its Base URL, else the operator's default for the provider, else the provider's endpoint),
 * over the model transport, so a loopback or private address needs the operator's allowance.
 */
export async function assistantsClient(services: Services, credential: AssistantCredential): Promise<OpenAI> {
  const { default: OpenAIClient, AzureOpenAI } = await import('openai');
  const fetch = withByteBodies(modelFetch(services));
  const common = { fetch, timeout: CALL_TIMEOUT_MS, maxRetries: 1 };
  const data = credential.data;
  if (credential.credentialName === 'azureOpenAIApi') {
    const apiKey = stringInput(data.azureOpenAIApiKey);
    if (!apiKey) throw new Error('The Azure OpenAI credential has no API key');
    const instance = stringInput(data.azureOpenAIApiInstanceName);
    const baseURL =
      modelEndpointFor(services, {
        provider: 'azure',
        typed: undefined,
        credential: data,
        secretField: 'azureOpenAIApiKey',
      }) ?? (instance ? `https://${instance}.openai.azure.com/openai` : undefined);
    if (!baseURL) throw new Error('Set the instance name in the Azure OpenAI credential');
    const version = stringInput(data.azureOpenAIApiVersion);
    return new AzureOpenAI({
      ...common,
      apiKey,
      baseURL,
      apiVersion: version?.includes('preview') ? version : AZURE_ASSISTANTS_API_VERSION,
    });
  }
  if (credential.credentialName !== 'openAIApi')
    throw new Error(
      `A ${credential.credentialName} credential cannot reach OpenAI assistants: use an OpenAI or Azure OpenAI credential`,
    );
  const apiKey = stringInput(data.openAIApiKey);
  if (!apiKey) throw new Error('The OpenAI credential has no API key');
  const baseURL = modelEndpointFor(services, {
    provider: 'openai',
    typed: undefined,
    credential: data,
    secretField: 'openAIApiKey',
  });
  return new OpenAIClient({ ...common, apiKey, ...(baseURL && { baseURL }) });
}

/**
 * A readable reason from an SDK error: OpenAI's own message (`404 No assistant found…`), a refused
 * connection or a timeout, without the request's headers.
 */
export function assistantsErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { status?: unknown }).status;
  const cause = (error as { cause?: unknown }).cause;
  const base = error.message || error.name;
  if (typeof status === 'number' && !base.startsWith(String(status))) return `${status} ${base}`;
  if (base === 'Connection error.' && cause instanceof Error) return `Connection error: ${cause.message}`;
  return base;
}
