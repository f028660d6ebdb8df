/** What the scripted server answers to one model call, independent of the wire protocol. */
export interface ScriptedReply {
  /** Answer text (streamed word by word when the client asks for a stream). */
  text?: string;
  /** Tool calls instead of (or with) text. `arguments` may be an object or raw JSON text. */
  toolCalls?: { name: string; arguments: Record<string, unknown> | string; id?: string }[];
  /** Reasoning text sent before the answer (providers that support it). */
  reasoning?: string;
  /** Answer with this HTTP error instead. */
  error?: { status: number; message: string };
  /** Wait before the first byte. */
  delayMs?: number;
  /** Wait between streamed chunks. */
  chunkDelayMs?: number;
  /**
   * With `error`: sent as the `retry-after-ms` header, which AI SDK clients wait instead of their own
   * back-off (seconds by default), so a test of retries stays fast.
   */
  retryAfterMs?: number;
}

/** A protocol-neutral view of a chat request. */
export interface NeutralRequest {
  model: string;
  messages: { role: 'system' | 'user' | 'assistant' | 'tool'; content: string }[];
  tools: { name: string; parameters: unknown }[];
  stream: boolean;
}

const CUE = /\[\[(\w+)(?::([^\]]*))?\]\]/g;

/** Reads `[[name:value]]` cues from a user message into a reply (see README). */
export function replyFromCues(message: string): ScriptedReply | undefined {
  let reply: ScriptedReply | undefined;
  for (const match of message.matchAll(CUE)) {
    const name = match[1];
    const value = (match[2] ?? '').trim();
    reply ??= {};
    switch (name) {
      case 'error': {
        const [status, ...rest] = value.split(' ');
        reply.error = { status: Number(status) || 500, message: rest.join(' ') || 'Scripted error' };
        break;
      }
      case 'delay':
        reply.delayMs = Number(value) || 0;
        break;
      case 'chunkDelay':
        reply.chunkDelayMs = Number(value) || 0;
        break;
      case 'retryAfter':
        reply.retryAfterMs = Number(value) || 0;
        break;
      case 'reply':
        reply.text = value;
        break;
      case 'tool': {
        const space = value.indexOf(' ');
        const toolName = space < 0 ? value : value.slice(0, space);
        const args = space < 0 ? '{}' : value.slice(space + 1);
        (reply.toolCalls ??= []).push({ name: toolName, arguments: args });
        break;
      }
      default:
        break;
    }
  }
  return reply;
}

/** The text without its cues (what an embeddings request embeds). */
export function withoutCues(text: string): string {
  return text.includes('[[') ? text.replace(CUE, '') : text;
}

/** The default answer: deterministic, so tests can assert on it. */
export function decideReply(request: NeutralRequest, queued: ScriptedReply | undefined): ScriptedReply {
  if (queued) return queued;
  const last = request.messages.at(-1);
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  if (last?.role === 'tool') return { text: `The tool said ${last.content}` };
  const cued = lastUser ? replyFromCues(lastUser.content) : undefined;
  if (cued && (cued.text !== undefined || cued.toolCalls || cued.error)) return cued;
  const said = (lastUser?.content ?? '').replace(CUE, '').trim();
  return { ...cued, text: `Hello from the test LLM. You said: ${said}` };
}

/** Splits text into stream chunks: one word with its following spaces each. */
export function chunks(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

export function argumentsText(args: Record<string, unknown> | string): string {
  return typeof args === 'string' ? args : JSON.stringify(args);
}

export function argumentsObject(args: Record<string, unknown> | string): Record<string, unknown> {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Rough token count for usage figures: one token per four characters. */
export function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

const WORD = /[\p{L}\p{N}]+/gu;
const DEFAULT_DIMENSIONS = 16;

/** A usable vector length: a positive whole number, else the default. */
export function dimensionsOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 65_536
    ? value
    : DEFAULT_DIMENSIONS;
}

/** The non-zero entries of a text's embedding, as `[index, value]` pairs. */
function entries(text: string, dimensions: number): [number, number][] {
  const counts = new Map<number, number>();
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    let hash = 2166136261;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 16777619);
    const index = Math.abs(hash) % dimensions;
    counts.set(index, (counts.get(index) ?? 0) + 1);
  }
  // Only the few words' buckets count towards the norm: no pass over (or spread of) the whole vector.
  const norm = Math.hypot(...counts.values()) || 1;
  return [...counts].map(([index, count]) => [index, count / norm]);
}

/**
 * Deterministic bag-of-words embedding: texts sharing words get similar vectors, so retrieval tests
 * behave sensibly without a real model. Unit length (all zeros for a text without words).
 */
export function embed(text: string, dimensions = DEFAULT_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const [index, value] of entries(text, dimensions)) vector[index] = value;
  return vector;
}

const vectorTexts = new Map<string, string>();
const CACHED_VECTORS = 4096;
/** `0,0,…,0` per length: entry i starts at character 2i. */
const zeroTexts = new Map<number, string>();

/**
 * {@link embed} as JSON text, the same as `JSON.stringify(embed(text, dimensions))`. It is cut from a
 * text of zeros with the few non-zero entries put in (a 1536-number array is mostly the cost of
 * writing it out), and remembered per text and length: benchmarks embed the same texts again.
 */
export function embeddingJson(text: string, dimensions = DEFAULT_DIMENSIONS): string {
  const key = `${dimensions}:${text}`;
  const known = vectorTexts.get(key);
  if (known !== undefined) return known;
  let zeros = zeroTexts.get(dimensions);
  if (zeros === undefined) {
    zeros = new Array<string>(dimensions).fill('0').join(',');
    zeroTexts.set(dimensions, zeros);
  }
  let json = '[';
  let from = 0;
  for (const [index, value] of entries(text, dimensions).sort((a, b) => a[0] - b[0])) {
    json += `${zeros.slice(from, 2 * index)}${value}`;
    from = 2 * index + 1;
  }
  json += `${zeros.slice(from)}]`;
  if (vectorTexts.size >= CACHED_VECTORS) vectorTexts.delete(vectorTexts.keys().next().value!);
  vectorTexts.set(key, json);
  return json;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
