import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { geminiError } from './gemini.js';
import {
  dimensionsOf,
  embeddingJson,
  replyFromCues,
  sleep,
  tokens,
  withoutCues,
  type ScriptedReply,
} from './replies.js';
import { sendJson, sendJsonText } from './wire.js';

/** The embeddings wire formats the server answers. */
export type EmbeddingWire = 'openai' | 'ollama' | 'ollamaLegacy' | 'gemini' | 'geminiSingle' | 'cohere';

/** One embeddings request, whatever its wire format. */
interface EmbeddingCall {
  wire: EmbeddingWire;
  model: string;
  /** As sent, cues included. */
  texts: string[];
  /** Vector length asked for each text (the default when the request names none). */
  dimensions: number[];
  /** Cohere: `embedding_types` was given, so vectors are grouped by type (`{ float: [...] }`). */
  byType: boolean;
}

/**
 * Which embeddings format a POST of `body` to `path` speaks, if any. Any prefix is accepted where providers
 * differ only in it: OpenAI's `/v1`, Azure's `/openai/deployments/<name>`, Mistral, LocalAI, proxies.
 */
export function embeddingWire(path: string, body: unknown): EmbeddingWire | undefined {
  if (path.endsWith('/api/embed')) return 'ollama';
  // Ollama's older route; an OpenAI-compatible server mounted at `/api` sends `input` instead.
  if (path.endsWith('/api/embeddings') && (body as { prompt?: unknown } | null)?.prompt !== undefined)
    return 'ollamaLegacy';
  if (path.endsWith('/embeddings')) return 'openai';
  if (path.endsWith(':batchEmbedContents')) return 'gemini';
  if (path.endsWith(':embedContent')) return 'geminiSingle';
  if (path.endsWith('/embed')) return 'cohere'; // Cohere v2 (`/v2/embed`) and v1
  return undefined;
}

/** OpenAI's `input`: one text or a list (token arrays arrive as their JSON text). */
function inputList(value: unknown): string[] {
  const list: unknown[] = Array.isArray(value) ? value : [value ?? ''];
  return list.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
}

interface GeminiEmbedRequest {
  content?: { parts?: { text?: string }[] };
  outputDimensionality?: number;
}

const geminiText = (request: GeminiEmbedRequest) =>
  (request.content?.parts ?? []).map((part) => part.text ?? '').join('');

/** Cohere v2 takes `texts`, or `inputs` of content parts. */
function cohereTexts(body: { texts?: unknown; inputs?: { content?: { text?: string }[] }[] }): string[] {
  if (Array.isArray(body.texts)) return body.texts.map(String);
  return (body.inputs ?? []).map((input) => (input.content ?? []).map((part) => part.text ?? '').join(''));
}

function readCall(wire: EmbeddingWire, path: string, raw: unknown): EmbeddingCall {
  const body = (raw ?? {}) as Record<string, unknown>;
  const model = typeof body.model === 'string' ? body.model : 'test-embedding';
  const each = (texts: string[], dimensions: unknown) => texts.map(() => dimensionsOf(dimensions));
  switch (wire) {
    case 'openai':
    case 'ollama': {
      const texts = inputList(body.input);
      return { wire, model, texts, dimensions: each(texts, body.dimensions), byType: false };
    }
    case 'ollamaLegacy': {
      const texts = [typeof body.prompt === 'string' ? body.prompt : ''];
      return { wire, model, texts, dimensions: each(texts, undefined), byType: false };
    }
    case 'gemini':
    case 'geminiSingle': {
      const requests =
        wire === 'gemini' ? ((body.requests ?? []) as GeminiEmbedRequest[]) : [body as GeminiEmbedRequest];
      return {
        wire,
        model: /\/models\/([^/:]+):/.exec(path)?.[1] ?? model,
        texts: requests.map(geminiText),
        dimensions: requests.map((request) => dimensionsOf(request.outputDimensionality)),
        byType: false,
      };
    }
    case 'cohere': {
      const texts = cohereTexts(body);
      return {
        wire,
        model,
        texts,
        dimensions: each(texts, body.output_dimension),
        byType: Array.isArray(body.embedding_types),
      };
    }
  }
}

/** Errors of the OpenAI family, readable by both the OpenAI and the Mistral clients (one path). */
function openAiFamilyError(response: ServerResponse, error: { status: number; message: string }) {
  const type = error.status === 429 ? 'rate_limit_error' : 'invalid_request_error';
  sendJson(response, error.status, {
    object: 'error',
    message: error.message,
    type,
    param: null,
    code: null,
    error: { message: error.message, type, param: null, code: null },
  });
}

function sendError(response: ServerResponse, wire: EmbeddingWire, reply: ScriptedReply) {
  const error = reply.error!;
  if (reply.retryAfterMs !== undefined) response.setHeader('retry-after-ms', String(reply.retryAfterMs));
  if (wire === 'gemini' || wire === 'geminiSingle') return geminiError(response, error);
  if (wire === 'cohere') return sendJson(response, error.status, { message: error.message });
  return openAiFamilyError(response, error);
}

/** The answer's JSON, written by hand around cached vector texts (see {@link embeddingJson}). */
function answerJson(call: EmbeddingCall): string {
  const vectors = call.texts.map((text, i) => embeddingJson(withoutCues(text), call.dimensions[i]));
  const used = tokens(call.texts.join(' '));
  const model = JSON.stringify(call.model);
  switch (call.wire) {
    case 'openai': {
      const data = vectors.map((v, index) => `{"object":"embedding","index":${index},"embedding":${v}}`);
      return `{"object":"list","model":${model},"data":[${data.join(',')}],"usage":{"prompt_tokens":${used},"total_tokens":${used}}}`;
    }
    case 'ollama':
      return `{"model":${model},"embeddings":[${vectors.join(',')}],"total_duration":1,"load_duration":0,"prompt_eval_count":${used}}`;
    case 'ollamaLegacy':
      return `{"embedding":${vectors[0]}}`;
    case 'gemini':
      return `{"embeddings":[${vectors.map((v) => `{"values":${v}}`).join(',')}]}`;
    case 'geminiSingle':
      return `{"embedding":{"values":${vectors[0]}}}`;
    case 'cohere': {
      const embeddings = call.byType ? `{"float":[${vectors.join(',')}]}` : `[${vectors.join(',')}]`;
      const type = call.byType ? 'embeddings_by_type' : 'embeddings_floats';
      return `{"id":"${randomUUID()}","texts":${JSON.stringify(call.texts)},"embeddings":${embeddings},"meta":{"api_version":{"version":"2"},"billed_units":{"input_tokens":${used}}},"response_type":"${type}"}`;
    }
  }
}

/**
 * Answers an embeddings request: a queued embeddings reply first, else `[[error:…]]`,
 * `[[delay:…]]` and `[[retryAfter:…]]` cues in any of its texts (cues are not embedded), else one
 * {@link embeddingJson} vector per text in the wire's shape.
 */
export async function answerEmbeddings(
  wire: EmbeddingWire,
  path: string,
  body: unknown,
  queued: ScriptedReply | undefined,
  response: ServerResponse,
) {
  const call = readCall(wire, path, body);
  const cued = call.texts.some((text) => text.includes('[['))
    ? replyFromCues(call.texts.join('\n'))
    : undefined;
  const reply = queued ?? cued;
  if (reply?.delayMs) await sleep(reply.delayMs);
  if (reply?.error) return sendError(response, wire, reply);
  sendJsonText(response, 200, answerJson(call));
}
