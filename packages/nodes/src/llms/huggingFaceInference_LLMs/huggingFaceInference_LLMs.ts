import type { NodeContext, NodeType } from '@flowloom/engine';
import { booleanInput, numberInput, stringInput, type ChatModelHandle } from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { providerJson } from '../../llm/provider-json.js';
import { textCompletionModel, type CompletionRequest } from '../../llm/text-completion-model.js';
import { CREDENTIAL_BASE_URL_FIELD, OFFICIAL_BASE_URLS } from '../../chat-models/shared-inputs.js';
import { badgeIcon } from '../../utilities/icons.js';

/** How long one generation may take; tests shorten it (each test file has its own module instance). */
export const HF_TIMING = { timeoutMs: 120_000 };

const MAX_URL = 2_000;
const MODEL_PATTERN = /^[\w.-]{1,100}(\/[\w.-]{1,100})?$/;

const originOf = (url: string) => new URL(url).origin;

function httpUrl(who: string, label: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${who}: the ${label} is not a URL (e.g. https://xyz.endpoints.huggingface.cloud)`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${who}: the ${label} must start with https:// or http://`);
  return url.href.replace(/\/+$/, '');
}

/**
 * Where a generation goes and whether the key may go with it. Without an Endpoint: the serverless
 * API of the model (the operator's `HUGGINGFACE_INFERENCE_BASE_URL`, else Hugging Face's). A key
 * goes only to the server its credential names (its Base URL's origin), else to the operator's or
 * Hugging Face's: an Endpoint typed into the flow elsewhere is refused while the call carries a key,
 * so editing a flow cannot send a stored key to a server of one's choosing.
 */
export function inferenceTarget(
  ctx: NodeContext,
  who: string,
  credential: Record<string, unknown>,
): { url: string; apiKey: string | undefined } {
  const typed = stringInput(ctx.inputs.endpoint);
  if (typed && typed.length > MAX_URL)
    throw new Error(`${who}: the Endpoint is longer than ${MAX_URL} characters`);
  const apiKey = stringInput(credential.huggingFaceApiKey);
  const operator = ctx.run.services.providerBaseUrls.huggingfaceInference?.trim().replace(/\/+$/, '');
  const serverless = operator || OFFICIAL_BASE_URLS.huggingfaceInference!;
  let url: string;
  if (typed) url = httpUrl(who, 'Endpoint', typed);
  else {
    const model = stringInput(ctx.inputs.model);
    if (!model) throw new Error(`${who}: enter a Model (e.g. gpt2) or the Endpoint of your own server`);
    if (!MODEL_PATTERN.test(model)) throw new Error(`${who}: the Model must read name or owner/name`);
    url = `${serverless}/models/${model}`;
  }
  if (!apiKey) {
    if (!typed) throw new Error(`${who}: connect a HuggingFace API credential with its API key`);
    return { url, apiKey };
  }
  const owned = stringInput(credential[CREDENTIAL_BASE_URL_FIELD]);
  const allowed = owned ? originOf(httpUrl(who, 'Base URL of the credential', owned)) : originOf(serverless);
  if (originOf(url) !== allowed)
    throw new Error(
      `${who}: the Endpoint ${url} is not where its credential may be sent (${allowed}). ` +
        'To use that server, enter it as the Base URL of the credential on the Credentials page: whoever manages the credential decides where its key goes.',
    );
  return { url, apiKey };
}

/** The text of a text-generation answer: `[{generated_text}]` (serverless API) or `{generated_text}` (TGI). */
function generatedText(who: string, answer: unknown): string {
  const first = Array.isArray(answer) ? (answer[0] as unknown) : answer;
  const text = (first as { generated_text?: unknown } | undefined)?.generated_text;
  if (typeof text !== 'string')
    throw new Error(
      `${who}: the answer holds no generated_text (${JSON.stringify(answer)?.slice(0, 80) ?? 'empty'})`,
    );
  return text;
}

/** Text generation by a model on Hugging Face's inference API or your own inference endpoint. */
export const huggingFaceInference_LLMs: NodeType = {
  icon: badgeIcon('HF', '#ff9d00'),
  definition: {
    label: 'HuggingFace Inference',
    name: 'huggingFaceInference_LLMs',
    version: 2,
    type: 'HuggingFaceInference',
    category: 'LLMs',
    baseClasses: ['HuggingFaceInference', 'LLM', 'BaseLLM', 'BaseLanguageModel'],
    badge: 'DEPRECATING',
    description: 'Text generation by a Hugging Face model, on its inference API or your own endpoint',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['huggingFaceApi'],
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model',
        name: 'model',
        type: 'string',
        placeholder: 'gpt2',
        description: 'The model on Hugging Face; leave empty when you give an Endpoint',
        optional: true,
      },
      {
        label: 'Endpoint',
        name: 'endpoint',
        type: 'string',
        placeholder: 'https://xyz.eu-west-1.aws.endpoints.huggingface.cloud/gpt2',
        description: 'Your own inference endpoint (its address must also be the Base URL of the credential)',
        optional: true,
      },
      ...(
        [
          ['Temperature', 'temperature'],
          ['Max Tokens', 'maxTokens'],
          ['Top Probability', 'topP'],
          ['Top K', 'hfTopK'],
          ['Frequency Penalty', 'frequencyPenalty'],
        ] as const
      ).map(([label, name]) => ({
        label,
        name,
        type: 'number',
        step: name === 'maxTokens' ? 1 : 0.1,
        optional: true,
        additionalParams: true,
        description: `${label} (not every model takes it: see the model's parameters)`,
      })),
    ],
  },
  async init(ctx): Promise<ChatModelHandle> {
    const who = ctx.node.label || 'HuggingFace Inference';
    const { url, apiKey } = inferenceTarget(ctx, who, await ctx.credential());
    const maxTokens = numberInput(ctx.inputs.maxTokens);
    const topK = numberInput(ctx.inputs.hfTopK);
    const parameters = {
      return_full_text: false,
      temperature: numberInput(ctx.inputs.temperature),
      max_new_tokens: maxTokens === undefined ? undefined : Math.floor(maxTokens),
      top_p: numberInput(ctx.inputs.topP),
      top_k: topK === undefined ? undefined : Math.floor(topK),
      repetition_penalty: numberInput(ctx.inputs.frequencyPenalty),
    };
    const fetchFn = modelFetch(ctx.run.services);
    const complete = async ({ prompt, signal, stopSequences }: CompletionRequest) => {
      const deadline = AbortSignal.timeout(HF_TIMING.timeoutMs);
      const answer = await providerJson(fetchFn, who, {
        url,
        method: 'POST',
        headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
        body: {
          inputs: prompt,
          parameters: { ...parameters, ...(stopSequences && { stop: stopSequences }) },
        },
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      }).catch((error: unknown) => {
        if (deadline.aborted && !signal?.aborted)
          throw new Error(`${who}: no answer within ${HF_TIMING.timeoutMs / 1000} s`, { cause: error });
        throw error;
      });
      return generatedText(who, answer);
    };
    const model = stringInput(ctx.inputs.model) ?? url;
    return {
      kind: 'chatModel',
      label: who,
      provider: 'Hugging Face',
      modelName: model,
      model: textCompletionModel({ provider: 'huggingface.inference', modelId: model, label: who, complete }),
      settings: {},
      streaming: booleanInput(ctx.inputs.streaming, true),
      allowImageUploads: false,
    };
  },
};
