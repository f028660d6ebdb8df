import type { NodeType } from '@flowloom/engine';
import {
  booleanInput,
  compactSettings,
  numberInput,
  stringInput,
  type ChatModelHandle,
} from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { modelFetch } from '../../llm/lean-fetch.js';
import { CHAT_MODEL_BASE_CLASSES, imageUploadInputs, streamingInput } from '../shared-inputs.js';
import { OLLAMA_DEFAULT_URL, ollamaClient, withBodyFields } from '../provider-clients.js';

const number = (label: string, name: string, step: number, description: string) => ({
  label,
  name,
  type: 'number',
  step,
  description,
  optional: true,
  additionalParams: true,
});

/** Ollama options the AI SDK provider does not forward, by input name. */
const UNLISTED_OPTIONS: Record<string, string> = {
  mirostat: 'mirostat',
  mirostatEta: 'mirostat_eta',
  mirostatTau: 'mirostat_tau',
  numGpu: 'num_gpu',
  numThread: 'num_thread',
  tfsZ: 'tfs_z',
};

function unlistedOptions(inputs: Record<string, unknown>): Record<string, number> {
  const options: Record<string, number> = {};
  for (const [input, option] of Object.entries(UNLISTED_OPTIONS)) {
    const value = numberInput(inputs[input]);
    if (value !== undefined) options[option] = value;
  }
  return options;
}

/** Chat with a model served by Ollama (`POST /api/chat`); no credential needed. */
export const chatOllama: NodeType = {
  icon: badgeIcon('Ol', '#1f1f1f'),
  definition: {
    label: 'ChatOllama',
    name: 'chatOllama',
    version: 5,
    type: 'ChatOllama',
    category: 'Chat Models',
    baseClasses: ['ChatOllama', ...CHAT_MODEL_BASE_CLASSES],
    description: 'Chat completion using open-source LLM on Ollama',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['ollamaApi'],
      optional: true,
      description: 'Only needed when Ollama sits behind a proxy that wants a bearer token',
    },
    inputs: [
      { label: 'Cache', name: 'cache', type: 'BaseCache', optional: true },
      { label: 'Base URL', name: 'baseUrl', type: 'string', default: OLLAMA_DEFAULT_URL },
      { label: 'Model Name', name: 'modelName', type: 'string', placeholder: 'llama3.2' },
      { label: 'Temperature', name: 'temperature', type: 'number', step: 0.1, default: 0.9, optional: true },
      {
        ...imageUploadInputs[0]!,
        description: 'Allow image uploads for multimodal models, e.g. llama3.2-vision',
      },
      streamingInput,
      {
        label: 'Keep Alive',
        name: 'keepAlive',
        type: 'string',
        description: 'How long the model stays loaded, as a duration such as "10m" or "24h"',
        default: '5m',
        optional: true,
        additionalParams: true,
      },
      number('Top P', 'topP', 0.1, 'Works together with Top K; higher gives more diverse text (default 0.9)'),
      number('Top K', 'topK', 1, 'Lower values give more conservative answers (default 40)'),
      number('Context Window Size', 'numCtx', 1, 'Tokens of context the model sees (default 2048)'),
      number('Repeat Last N', 'repeatLastN', 1, 'How far back to look to prevent repetition (default 64)'),
      number('Repeat Penalty', 'repeatPenalty', 0.1, 'How strongly to penalise repetition (default 1.1)'),
      {
        label: 'Stop Sequence',
        name: 'stop',
        type: 'string',
        rows: 4,
        placeholder: 'AI assistant:',
        description: 'Stop sequences, separated by commas',
        optional: true,
        additionalParams: true,
      },
    ],
  },
  async init(ctx): Promise<ChatModelHandle> {
    const { inputs } = ctx;
    const credential = await ctx.credential();
    const modelName = stringInput(inputs.modelName);
    if (!modelName) throw new Error('Model Name is required, e.g. llama3.2');
    const keepAlive = stringInput(inputs.keepAlive);
    // Settings the provider has no field for go into each request body: the keep-alive, and the
    // sampling options its schema drops (those of the LlamaIndex node: Mirostat, GPU and threads…).
    const extra = unlistedOptions(inputs);
    const fields = {
      ...(keepAlive && { keep_alive: keepAlive }),
      ...(Object.keys(extra).length > 0 && { options: extra }),
    };
    const provider = await ollamaClient(ctx, credential, {
      ...(Object.keys(fields).length > 0 && {
        fetch: withBodyFields(modelFetch(ctx.run.services), fields),
      }),
    });
    const stop = stringInput(inputs.stop)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Ollama reads sampling options from `options`; the provider only forwards what is set there.
    const options: Record<string, number | string[]> = {};
    const put = (key: string, value: number | string[] | undefined) => {
      if (value !== undefined) options[key] = value;
    };
    put('temperature', numberInput(inputs.temperature));
    put('top_p', numberInput(inputs.topP));
    put('top_k', numberInput(inputs.topK));
    put('num_ctx', numberInput(inputs.numCtx));
    put('repeat_last_n', numberInput(inputs.repeatLastN));
    put('repeat_penalty', numberInput(inputs.repeatPenalty));
    if (stop?.length) put('stop', stop);
    return {
      kind: 'chatModel',
      label: ctx.node.label,
      provider: 'Ollama',
      modelName,
      model: provider.chat(modelName),
      settings: compactSettings({ temperature: numberInput(inputs.temperature) }),
      providerOptions: { ollama: { options } },
      streaming: booleanInput(inputs.streaming, true),
      allowImageUploads: booleanInput(inputs.allowImageUploads, false),
    };
  },
};
