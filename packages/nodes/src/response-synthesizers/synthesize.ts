import { loadTokenizer, tokenizer } from '../utilities/tokenizer.js';
import type { RunContext } from '@flowloom/engine';
import type { ChatModelHandle } from '../llm/chat-model.js';
import { generate } from '../llm/generate.js';

/**
 * How the LlamaIndex engines turn text chunks (retrieved documents, or sub-question answers) and a
 * question into one answer, with the model the engine uses:
 * - `simple`: one call with every chunk in the prompt;
 * - `refine`: an answer from the first chunk, then one call per further chunk to improve it;
 * - `compactRefine`: the chunks packed into as few prompts as the model's context window holds, then
 *   refined over those;
 * - `treeSummarize`: the packed chunks answered group by group, then the answers packed and answered
 *   again, until one answer is left.
 * Only the last call streams its tokens to the client.
 */
export type SynthesisMode = 'simple' | 'refine' | 'compactRefine' | 'treeSummarize';

/** What a response synthesizer node builds, for the engines to use. */
export interface ResponseSynthesizerHandle {
  kind: 'responseSynthesizer';
  mode: SynthesisMode;
  /** A first answer from chunks: `{context}` and `{query}`. */
  textQAPrompt: string;
  /** A better answer from more chunks: `{query}`, `{existingAnswer}` and `{context}`. */
  refinePrompt: string;
}

export function isResponseSynthesizer(value: unknown): value is ResponseSynthesizerHandle {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'responseSynthesizer'
  );
}

export const DEFAULT_TEXT_QA_PROMPT = `Answer the question from the passages below. Rely on them rather than on what you knew before, and say so if they do not hold the answer.

Passages:
{context}

Question: {query}
Answer:`;

export const DEFAULT_REFINE_PROMPT = `Question: {query}
Answer so far: {existingAnswer}

More passages that may help:
{context}

If these passages add to or correct the answer so far, give the improved answer; otherwise give the answer so far unchanged. Reply with the answer only.
Answer:`;

export const DEFAULT_TREE_SUMMARIZE_PROMPT = `Passages from several sources:
{context}

Using these passages rather than what you knew before, answer the question.
Question: {query}
Answer:`;

/** The synthesizer an engine uses when none is connected: compact and refine, as LlamaIndex does. */
export const DEFAULT_SYNTHESIZER: ResponseSynthesizerHandle = {
  kind: 'responseSynthesizer',
  mode: 'compactRefine',
  textQAPrompt: DEFAULT_TEXT_QA_PROMPT,
  refinePrompt: DEFAULT_REFINE_PROMPT,
};

/** The connected synthesizer, the default when none is, or a readable error. */
export function synthesizerOf(value: unknown): ResponseSynthesizerHandle {
  if (value === undefined || value === null || value === '') return DEFAULT_SYNTHESIZER;
  if (!isResponseSynthesizer(value))
    throw new Error('Response Synthesizer must be a connected response synthesizer');
  return value;
}

/** The prompt with its `{context}`, `{query}` and `{existingAnswer}` filled in, taken literally. */
export function fillPrompt(
  template: string,
  values: Partial<Record<'context' | 'query' | 'existingAnswer', string>>,
): string {
  return template.replace(
    /\{(context|query|existingAnswer)\}/g,
    (match, name: keyof typeof values) => values[name] ?? match,
  );
}

/** Tokens the model's context window holds, by model name (LlamaIndex's 3,900-ish for one unknown). */
export function contextWindowOf(modelName: string): number {
  const name = modelName.toLowerCase();
  if (/^(gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-1106|gpt-4-0125|gpt-5|o\d)/.test(name)) return 128_000;
  if (/^gpt-4-32k/.test(name)) return 32_768;
  if (/^gpt-4/.test(name)) return 8_192;
  if (/^gpt-3\.5|^gpt-35/.test(name)) return 16_384;
  if (/claude/.test(name)) return 200_000;
  if (/mistral|mixtral|codestral/.test(name)) return 32_000;
  if (/llama-?3|gemma|qwen/.test(name)) return 8_192;
  return 4_096;
}

/** Tokens kept free for the answer when the model sets no maximum (LlamaIndex's default). */
const ANSWER_RESERVE = 256;
/** The smallest room for passages a prompt must leave; less means the prompt itself is too long. */
const MIN_ROOM = 64;
/** Levels of summaries Tree Summarize may build before giving up. */
const MAX_TREE_LEVELS = 8;

const tokenCount = (text: string) => tokenizer().encode(text, { disallowedSpecial: new Set() }).length;

/** `text` cut into pieces of at most `room` tokens each. */
function splitToFit(text: string, room: number): string[] {
  const { encode, decode } = tokenizer();
  const tokens = encode(text, { disallowedSpecial: new Set() });
  if (tokens.length <= room) return [text];
  const pieces: string[] = [];
  for (let start = 0; start < tokens.length; start += room)
    pieces.push(decode(tokens.slice(start, start + room)));
  return pieces;
}

const SEPARATOR = '\n\n';

/** The chunks joined, in order, into as few texts of at most `room` tokens as they fit in. */
export function packChunks(chunks: readonly string[], room: number): string[] {
  const packs: string[] = [];
  let current: string[] = [];
  let used = 0;
  const separatorTokens = tokenCount(SEPARATOR);
  for (const piece of chunks.flatMap((chunk) => splitToFit(chunk, room))) {
    const size = tokenCount(piece);
    if (current.length > 0 && used + separatorTokens + size > room) {
      packs.push(current.join(SEPARATOR));
      current = [];
      used = 0;
    }
    used += (current.length > 0 ? separatorTokens : 0) + size;
    current.push(piece);
  }
  if (current.length > 0) packs.push(current.join(SEPARATOR));
  return packs;
}

export interface SynthesisRequest {
  model: ChatModelHandle;
  run: Pick<RunContext, 'emit' | 'signal' | 'streaming'>;
  query: string;
  chunks: readonly string[];
  /** Stream the final answer's tokens (when the run and the model stream). */
  stream: boolean;
}

/** One answer from the chunks, by the synthesizer's strategy (see {@link SynthesisMode}). */
export async function synthesize(
  synthesizer: ResponseSynthesizerHandle,
  request: SynthesisRequest,
): Promise<string> {
  const { model, query } = request;
  await loadTokenizer();
  const window = contextWindowOf(model.modelName);
  const reserve = model.settings.maxOutputTokens ?? ANSWER_RESERVE;
  /** Room for passages in `template` with everything but the passages filled in. */
  const roomIn = (template: string, existingAnswer?: string) => {
    const room = window - reserve - tokenCount(fillPrompt(template, { context: '', query, existingAnswer }));
    if (room < MIN_ROOM)
      throw new Error(
        `the prompt leaves no room for passages in the context window of ${model.label} (${model.modelName}, ${window} tokens)`,
      );
    return room;
  };
  const ask = (prompt: string, last: boolean) =>
    generate(model, {
      messages: [{ role: 'user', content: prompt }],
      stream: last && request.stream,
      run: { ...request.run, images: undefined },
    });
  const answer = (template: string, context: string, last: boolean) =>
    ask(fillPrompt(template, { context, query }), last);

  /** Answers from the first text, then improves the answer with each further one. */
  const refine = async (texts: readonly string[]) => {
    const first = splitToFit(texts[0] ?? '', roomIn(synthesizer.textQAPrompt));
    const queue = [...first.slice(1), ...texts.slice(1)];
    let current = await answer(synthesizer.textQAPrompt, first[0] ?? '', queue.length === 0);
    while (queue.length > 0) {
      const pieces = splitToFit(queue.shift()!, roomIn(synthesizer.refinePrompt, current));
      queue.unshift(...pieces.slice(1));
      const prompt = fillPrompt(synthesizer.refinePrompt, {
        context: pieces[0]!,
        query,
        existingAnswer: current,
      });
      current = await ask(prompt, queue.length === 0);
    }
    return current;
  };

  switch (synthesizer.mode) {
    case 'simple':
      return answer(synthesizer.textQAPrompt, request.chunks.join(SEPARATOR), true);
    case 'refine':
      return refine(request.chunks);
    case 'compactRefine': {
      const room = Math.min(roomIn(synthesizer.textQAPrompt), roomIn(synthesizer.refinePrompt));
      return refine(packChunks(request.chunks, room));
    }
    case 'treeSummarize': {
      const room = roomIn(synthesizer.textQAPrompt);
      let texts: readonly string[] = request.chunks;
      for (let level = 0; level < MAX_TREE_LEVELS; level++) {
        const packs = packChunks(texts, room);
        if (packs.length <= 1) return answer(synthesizer.textQAPrompt, packs[0] ?? '', true);
        const summaries: string[] = [];
        for (const pack of packs) summaries.push(await answer(synthesizer.textQAPrompt, pack, false));
        texts = summaries;
      }
      throw new Error(
        `the summaries still did not fit one prompt after ${MAX_TREE_LEVELS} levels; use fewer or shorter passages`,
      );
    }
  }
}
