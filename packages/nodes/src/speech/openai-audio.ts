import { quietRun, type EngineServices, type NodeContext } from '@flowloom/engine';
import { stringInput } from '../llm/chat-model.js';
import { modelFetch } from '../llm/lean-fetch.js';
import { modelEndpoint } from '../chat-models/shared-inputs.js';

/**
 * Speech through OpenAI-compatible audio endpoints (`/audio/speech`, `/audio/transcriptions`): the
 * providers of the Configuration dialog's Speech to Text and Text to Speech sections that speak
 * that wire. Keys go only where their credential allows ({@link modelEndpoint}).
 */
interface AudioProvider {
  credentialName: string;
  secretField: string;
  /** `modelEndpoint`'s provider key (operator default and official endpoint). */
  endpoint: string;
  defaultModel: string;
}

export const TEXT_TO_SPEECH_PROVIDERS: Readonly<Record<string, AudioProvider>> = {
  openai: {
    credentialName: 'openAIApi',
    secretField: 'openAIApiKey',
    endpoint: 'openai',
    defaultModel: 'gpt-4o-mini-tts',
  },
};

export const SPEECH_TO_TEXT_PROVIDERS: Readonly<Record<string, AudioProvider>> = {
  openAIWhisper: {
    credentialName: 'openAIApi',
    secretField: 'openAIApiKey',
    endpoint: 'openai',
    defaultModel: 'whisper-1',
  },
  localAISTT: {
    credentialName: 'localAIApi',
    secretField: 'localAIApiKey',
    endpoint: 'localai',
    defaultModel: 'whisper-1',
  },
  groqWhisper: {
    credentialName: 'groqApi',
    secretField: 'groqApiKey',
    endpoint: 'groq',
    defaultModel: 'whisper-large-v3',
  },
};

/** The voices of OpenAI's speech models (the list is fixed; the API has no voice listing). */
export const OPENAI_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
].map((id) => ({ id, name: id[0]!.toUpperCase() + id.slice(1) }));

/** Base URL and key of a provider's call, the credential checked to be of the provider's type. */
async function endpointOf(
  services: EngineServices,
  provider: AudioProvider,
  credentialId: string | undefined,
  typedBaseUrl?: string,
): Promise<{ baseUrl: string; apiKey: string }> {
  if (!credentialId) throw new Error('Select a credential');
  const credential = await services.credentials.get(credentialId);
  if (credential.credentialName !== provider.credentialName)
    throw new Error(`This provider needs a ${provider.credentialName} credential`);
  const ctx = { run: quietRun(services) } as NodeContext;
  const baseUrl =
    modelEndpoint(ctx, {
      provider: provider.endpoint,
      typed: typedBaseUrl,
      credential: credential.data,
      secretField: provider.secretField,
    }) ?? (provider.endpoint === 'openai' ? 'https://api.openai.com/v1' : undefined);
  if (!baseUrl) throw new Error('Set the Base URL of the credential: this provider has no public endpoint');
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    apiKey: stringInput(credential.data[provider.secretField]) ?? '',
  };
}

async function failure(response: Response): Promise<Error> {
  const text = (await response.text().catch(() => '')).slice(0, 500);
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string };
    message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? text);
  } catch {
    // not JSON: the text itself
  }
  return new Error(`The speech provider answered ${response.status}${message ? `: ${message}` : ''}`);
}

/** Speaks `text`: the provider's response, its body the audio (mp3) as it arrives. */
export async function synthesizeSpeech(
  services: EngineServices,
  request: {
    provider: string;
    credentialId?: string;
    voice?: string;
    model?: string;
    text: string;
    signal?: AbortSignal;
  },
): Promise<Response> {
  const provider = TEXT_TO_SPEECH_PROVIDERS[request.provider];
  if (!provider) throw new Error(`Text to speech provider "${request.provider}" is not supported`);
  const { baseUrl, apiKey } = await endpointOf(services, provider, request.credentialId);
  const response = await modelFetch(services)(`${baseUrl}/audio/speech`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: JSON.stringify({
      model: request.model || provider.defaultModel,
      voice: request.voice || 'alloy',
      input: request.text,
      response_format: 'mp3',
    }),
    ...(request.signal && { signal: request.signal }),
  });
  if (!response.ok) throw await failure(response);
  return response;
}

/** The text of an audio file, from the configured speech-to-text provider. */
export async function transcribeAudio(
  services: EngineServices,
  request: {
    provider: string;
    config: Record<string, unknown>;
    audio: Uint8Array;
    fileName: string;
    mime: string;
    signal?: AbortSignal;
  },
): Promise<string> {
  const provider = SPEECH_TO_TEXT_PROVIDERS[request.provider];
  if (!provider) throw new Error(`Speech to text provider "${request.provider}" is not supported`);
  const { config } = request;
  const { baseUrl, apiKey } = await endpointOf(
    services,
    provider,
    stringInput(config.credentialId),
    stringInput(config.baseUrl),
  );
  const form = new FormData();
  form.append('file', new Blob([request.audio], { type: request.mime }), request.fileName);
  form.append('model', stringInput(config.model) ?? provider.defaultModel);
  for (const field of ['language', 'prompt', 'temperature'] as const) {
    const value = config[field];
    const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
    if (text !== '') form.append(field, text);
  }
  // The model fetch sends bytes: the form is encoded here, with its boundary in the content type.
  const encoded = new Response(form);
  const response = await modelFetch(services)(`${baseUrl}/audio/transcriptions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
    },
    body: new Uint8Array(await encoded.arrayBuffer()),
    ...(request.signal && { signal: request.signal }),
  });
  if (!response.ok) throw await failure(response);
  const body = (await response.json()) as { text?: unknown };
  return typeof body.text === 'string' ? body.text : '';
}
