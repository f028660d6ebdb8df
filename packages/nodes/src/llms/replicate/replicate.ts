import type { NodeContext, NodeType } from '@flowloom/engine';
import {
  booleanInput,
  numberInput,
  objectInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { providerJson } from '../../llm/provider-json.js';
import { textCompletionModel } from '../../llm/text-completion-model.js';
import { modelEndpoint, OFFICIAL_BASE_URLS } from '../../chat-models/shared-inputs.js';
import { badgeIcon } from '../../utilities/icons.js';

/**
 * How a prediction is followed. The defaults are a running server's; tests shorten them (each test
 * file has its own module instance).
 */
export const REPLICATE_TIMING = {
  /** Between two looks at a prediction that is still running. */
  pollMs: 1_000,
  /** A prediction still running after this is canceled and the run fails. */
  timeoutMs: 300_000,
  /** How long the create request may wait for the prediction to finish (Replicate's `Prefer: wait`, 1–60). */
  preferWaitSeconds: 30,
};

/** `owner/name` or `owner/name:version` (a version is 64 hex digits). */
const MODEL_PATTERN = /^([\w.-]{1,100})\/([\w.-]{1,100})(?::([0-9a-f]{64}))?$/;
const MAX_ADDITIONAL_INPUTS = 20_000;

interface Prediction {
  id?: unknown;
  status?: unknown;
  output?: unknown;
  error?: unknown;
}

const FINISHED = new Set(['succeeded', 'failed', 'canceled']);

/** The answer text of a prediction's output: text as it is, a list (tokens, image URLs) joined. */
export function outputText(output: unknown): string {
  if (output === null || output === undefined) return '';
  if (typeof output === 'string') return output;
  if (Array.isArray(output))
    return output.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('');
  return JSON.stringify(output);
}

/** Model prompt keys learnt from version schemas, kept for the server's life (bounded). */
const promptKeys = new Map<string, string>();

interface ReplicateClient {
  who: string;
  base: string;
  fetch: typeof fetch;
  headers: Record<string, string>;
}

const call = (client: ReplicateClient, path: string, signal: AbortSignal, body?: unknown) =>
  providerJson(client.fetch, client.who, {
    url: `${client.base}${path}`,
    method: body === undefined ? 'GET' : 'POST',
    headers: client.headers,
    body,
    signal,
  });

/**
 * The input that takes the prompt: the first input of the version's schema (by `x-order`), as
 * Replicate lists a model's main input first; `prompt` when the schema says nothing.
 */
async function promptKey(client: ReplicateClient, model: string, signal: AbortSignal): Promise<string> {
  const [, owner, name, version] = MODEL_PATTERN.exec(model)!;
  if (!version) return 'prompt';
  const known = promptKeys.get(model);
  if (known) return known;
  const answer = (await call(client, `/models/${owner}/${name}/versions/${version}`, signal)) as {
    openapi_schema?: { components?: { schemas?: { Input?: { properties?: Record<string, unknown> } } } };
  };
  const properties = answer?.openapi_schema?.components?.schemas?.Input?.properties ?? {};
  const order = (value: unknown) => Number((value as { 'x-order'?: unknown })?.['x-order'] ?? 0) || 0;
  const first = Object.entries(properties).sort(([, a], [, b]) => order(a) - order(b))[0]?.[0] ?? 'prompt';
  if (promptKeys.size >= 500) promptKeys.clear();
  promptKeys.set(model, first);
  return first;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener('abort', stop);
      resolve();
    }
    function stop() {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    }
    signal.addEventListener('abort', stop, { once: true });
  });

/** Creates a prediction and follows it until it finishes, fails, is canceled or runs out of time. */
async function predict(
  client: ReplicateClient,
  model: string,
  prompt: string,
  input: Record<string, unknown>,
  runSignal: AbortSignal | undefined,
): Promise<string> {
  const limit = REPLICATE_TIMING.timeoutMs;
  const deadline = AbortSignal.timeout(limit);
  const signal = runSignal ? AbortSignal.any([runSignal, deadline]) : deadline;
  const [, owner, name, version] = MODEL_PATTERN.exec(model)!;
  let id: string | undefined;
  try {
    const body = { [await promptKey(client, model, signal)]: prompt, ...input };
    // `Prefer: wait` holds the request until a quick prediction is done, saving the polls.
    const created = (await providerJson(client.fetch, client.who, {
      url: `${client.base}${version ? '/predictions' : `/models/${owner}/${name}/predictions`}`,
      method: 'POST',
      headers: { ...client.headers, prefer: `wait=${REPLICATE_TIMING.preferWaitSeconds}` },
      body: version ? { version, input: body } : { input: body },
      signal,
    })) as Prediction;
    if (typeof created?.id !== 'string' || !/^[\w-]{1,100}$/.test(created.id))
      throw new Error(`${client.who}: the service answered without a prediction id`);
    id = created.id;
    let prediction = created;
    while (typeof prediction.status !== 'string' || !FINISHED.has(prediction.status)) {
      await wait(REPLICATE_TIMING.pollMs, signal);
      prediction = (await call(client, `/predictions/${id}`, signal)) ?? {};
      if (typeof prediction.status !== 'string')
        throw new Error(`${client.who}: the service answered a prediction without a status`);
    }
    if (prediction.status === 'failed')
      throw new Error(
        `${client.who}: the prediction failed: ${outputText(prediction.error).slice(0, 300) || 'no reason given'}`,
      );
    if (prediction.status === 'canceled') throw new Error(`${client.who}: the prediction was canceled`);
    return outputText(prediction.output);
  } catch (error) {
    if (!signal.aborted) throw error;
    // Stop paying for a prediction nobody waits for any more.
    if (id)
      await call(client, `/predictions/${id}/cancel`, AbortSignal.timeout(5_000), {}).catch(() => undefined);
    if (runSignal?.aborted) throw error;
    throw new Error(
      `${client.who}: the prediction did not finish within ${limit / 1000} s and was canceled`,
      {
        cause: error,
      },
    );
  }
}

/** The model's inputs from the node: Flowise's names for the common ones, then Additional Inputs. */
function modelInputs(ctx: NodeContext, who: string): Record<string, unknown> {
  const values = ctx.inputs;
  const input: Record<string, unknown> = {};
  const maxTokens = numberInput(values.maxTokens);
  if (maxTokens !== undefined) input.max_length = Math.floor(maxTokens);
  const temperature = numberInput(values.temperature);
  if (temperature !== undefined) input.temperature = temperature;
  const topP = numberInput(values.topP);
  if (topP !== undefined) input.top_p = topP;
  const repetitionPenalty = numberInput(values.repetitionPenalty);
  if (repetitionPenalty !== undefined) input.repetition_penalty = repetitionPenalty;
  const raw = values.additionalInputs;
  if (typeof raw === 'string' && raw.length > MAX_ADDITIONAL_INPUTS)
    throw new Error(`${who}: Additional Inputs may hold at most ${MAX_ADDITIONAL_INPUTS} characters`);
  const refused = new Error(`${who}: Additional Inputs must be a JSON object, e.g. {"max_new_tokens": 200}`);
  let additional: Record<string, unknown> | undefined;
  try {
    additional = objectInput(raw);
  } catch {
    throw refused;
  }
  if (!additional && stringInput(raw) !== undefined) throw refused;
  return { ...input, ...additional };
}

/** Open models run on Replicate, answering a prompt with text (or, for image models, image URLs). */
export const replicate: NodeType = {
  icon: badgeIcon('R', '#262626'),
  definition: {
    label: 'Replicate',
    name: 'replicate',
    version: 2,
    type: 'Replicate',
    category: 'LLMs',
    baseClasses: ['Replicate', 'BaseChatModel', 'LLM', 'BaseLLM', 'BaseLanguageModel', 'Runnable'],
    description:
      'Runs an open model hosted on Replicate: the prompt goes in, the model’s output comes back as text',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['replicateApi'],
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      {
        label: 'Model',
        name: 'model',
        type: 'string',
        placeholder: 'owner/model:version',
        description: 'The model as owner/name, with :version (64 hex digits) to pin one version',
        optional: true,
      },
      {
        label: 'Temperature',
        name: 'temperature',
        type: 'number',
        step: 0.1,
        default: 0.7,
        optional: true,
        description: 'How random the output is: 0 always picks the likeliest words, above 1 gets erratic',
      },
      {
        label: 'Max Tokens',
        name: 'maxTokens',
        type: 'number',
        step: 1,
        optional: true,
        additionalParams: true,
        description: 'Longest output, in tokens (sent as max_length)',
      },
      {
        label: 'Top Probability',
        name: 'topP',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
        description: 'Sample only from the likeliest words that together reach this probability',
      },
      {
        label: 'Repetition Penalty',
        name: 'repetitionPenalty',
        type: 'number',
        step: 0.1,
        optional: true,
        additionalParams: true,
        description: 'Above 1 discourages repeating words, below 1 encourages it (0.01 to 5)',
      },
      {
        label: 'Additional Inputs',
        name: 'additionalInputs',
        type: 'json',
        optional: true,
        additionalParams: true,
        description: 'Other inputs the model takes, as a JSON object (see the model’s API page on Replicate)',
      },
    ],
  },
  async init(ctx): Promise<ChatModelHandle> {
    const who = ctx.node.label || 'Replicate';
    const model = stringInput(ctx.inputs.model);
    if (!model) throw new Error(`${who}: enter the Model, e.g. owner/name:version`);
    if (!MODEL_PATTERN.test(model))
      throw new Error(`${who}: the Model must read owner/name or owner/name:version (64 hex digits)`);
    const credential = await ctx.credential();
    const apiKey = stringInput(credential.replicateApiKey);
    if (!apiKey) throw new Error(`${who}: connect a Replicate API credential with its API key`);
    const input = modelInputs(ctx, who);
    const base =
      modelEndpoint(ctx, {
        provider: 'replicate',
        typed: undefined,
        credential,
        secretField: 'replicateApiKey',
      }) ?? OFFICIAL_BASE_URLS.replicate!;
    const client: ReplicateClient = {
      who,
      base,
      fetch: modelFetch(ctx.run.services),
      headers: { authorization: `Bearer ${apiKey}` },
    };
    return {
      kind: 'chatModel',
      label: who,
      provider: 'Replicate',
      modelName: model,
      model: textCompletionModel({
        provider: 'replicate',
        modelId: model,
        label: who,
        complete: ({ prompt, signal }) => predict(client, model, prompt, input, signal),
      }),
      settings: {},
      streaming: booleanInput(ctx.inputs.streaming, true),
      allowImageUploads: false,
    };
  },
};
