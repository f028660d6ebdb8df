import type { EngineServices, NodeContext } from '@flowloom/engine';
import type { NodeParam, ParamOption } from '@flowloom/shared';
import { stringInput } from '../llm/chat-model.js';

/** Base classes every chat model offers, so it connects wherever a chat or language model is accepted. */
export const CHAT_MODEL_BASE_CLASSES = ['BaseChatModel', 'BaseLanguageModel', 'Runnable'];

export const imageUploadInputs: NodeParam[] = [
  {
    label: 'Allow Image Uploads',
    name: 'allowImageUploads',
    type: 'boolean',
    default: false,
    optional: true,
    description: 'Let chat users attach images to their questions (vision models).',
  },
  {
    label: 'Image Resolution',
    name: 'imageResolution',
    type: 'options',
    default: 'low',
    optional: false,
    additionalParams: true,
    options: [
      { label: 'Low', name: 'low' },
      { label: 'High', name: 'high' },
      { label: 'Auto', name: 'auto' },
    ],
  },
];

/** An optional number setting behind "Additional Parameters" (Max Tokens, Top P…). */
export const optionalNumber = (label: string, name: string, step = 0.1, description?: string): NodeParam => ({
  label,
  name,
  type: 'number',
  step,
  optional: true,
  additionalParams: true,
  ...(description && { description }),
});

export function staticModelOptions(models: string[]): ParamOption[] {
  return models.map((name) => ({ label: name, name }));
}

/** Flowise's Streaming toggle: off keeps the model from streaming even when the client asks. */
export const streamingInput: NodeParam = {
  label: 'Streaming',
  name: 'streaming',
  type: 'boolean',
  default: true,
  optional: true,
  additionalParams: true,
};

/** The public endpoint of each provider: where its keys go when nothing else is set. */
export const OFFICIAL_BASE_URLS: Partial<Record<string, string>> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  mistral: 'https://api.mistral.ai/v1',
  groq: 'https://api.groq.com/openai/v1',
  deepseek: 'https://api.deepseek.com/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  xai: 'https://api.x.ai/v1',
  together: 'https://api.together.xyz/v1',
  cerebras: 'https://api.cerebras.ai/v1',
  huggingface: 'https://router.huggingface.co/v1',
  fireworks: 'https://api.fireworks.ai/inference/v1',
  sambanova: 'https://api.sambanova.ai/v1',
  replicate: 'https://api.replicate.com/v1',
  huggingfaceInference: 'https://router.huggingface.co/hf-inference',
};

/** The optional field of a model credential naming the one endpoint its key may be sent to. */
export const CREDENTIAL_BASE_URL_FIELD = 'baseUrl';

const trimmed = (url: string | undefined) => url?.trim().replace(/\/+$/, '') || undefined;

export interface EndpointRequest {
  /** Provider key of `providerBaseUrls` and {@link OFFICIAL_BASE_URLS} (`openai`, …). */
  provider: string;
  /** The node's own Base URL input (typed by the flow's author), normalised by the caller if needed. */
  typed: string | undefined;
  /** The decrypted credential, if the node has one. */
  credential: Record<string, unknown>;
  /** The credential field holding the secret (an empty one sends nothing worth protecting). */
  secretField: string;
  /** Where the provider's SDK goes when no base URL is given (Azure: the credential's instance). */
  defaultBase?: string;
}

/**
 * The base URL a model node calls, under the rule that a credential's secret goes only where its
 * owner allowed (issue 10): the credential's own Base URL, else the operator's default for the
 * provider (`OPENAI_BASE_URL`, …), else the provider's public endpoint. A Base URL typed into the
 * flow is used as it is when the call carries no secret; with a secret it must name that same
 * endpoint, because anyone who may edit a flow could otherwise send a stored key to a server of
 * theirs. Returns undefined for "the SDK's own endpoint". Connections are checked by the model
 * transport's address check either way.
 */
export function modelEndpoint(ctx: NodeContext, request: EndpointRequest): string | undefined {
  return modelEndpointFor(ctx.run.services, request);
}

/** {@link modelEndpoint} outside a node run (the server's calls on a credential's behalf). */
export function modelEndpointFor(
  services: Pick<EngineServices, 'providerBaseUrls'>,
  request: EndpointRequest,
): string | undefined {
  const typed = trimmed(request.typed);
  const owned = trimmed(stringInput(request.credential[CREDENTIAL_BASE_URL_FIELD]));
  const operator = trimmed(services.providerBaseUrls[request.provider]);
  const allowed = owned ?? operator;
  if (!typed) return allowed;
  const hasSecret = stringInput(request.credential[request.secretField]) !== undefined;
  const destination = allowed ?? trimmed(request.defaultBase) ?? OFFICIAL_BASE_URLS[request.provider];
  if (!hasSecret || typed === destination) return typed;
  throw new Error(
    `the Base URL ${typed} of this node is not where its credential may be sent (${destination ?? "the provider's own endpoint"}). ` +
      'To use another server, enter it as the Base URL of the credential on the Credentials page: whoever manages the credential decides where its key goes.',
  );
}
