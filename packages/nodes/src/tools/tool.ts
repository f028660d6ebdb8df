import type { JSONSchema7 } from 'ai';
import type { z } from 'zod';
import type { SourceDocument } from '@flowloom/shared';

/** What a tool gets when the agent calls it. */
export interface ToolInvokeContext {
  /** Aborted when the run is cancelled. */
  signal: AbortSignal;
  /** The model's id for this call, when it gave one. */
  toolCallId?: string;
}

/**
 * What a tool node builds and an agent calls: a name and description the model reads, the schema of
 * the arguments object, and `invoke`, which answers with text for the model.
 */
export interface ToolHandle {
  kind: 'tool';
  /** Function name offered to the model (letters, digits, `_`, `-`). */
  name: string;
  description: string;
  /** JSON schema of the arguments object, or a zod object schema. */
  inputSchema: JSONSchema7 | z.ZodType;
  /** Answer the user with this tool's output instead of asking the model again (Flowise Return Direct). */
  returnDirect?: boolean;
  /** Throws with a readable message when the call fails; the agent shows the message to the model. */
  invoke(args: Record<string, unknown>, ctx: ToolInvokeContext): Promise<string>;
}

export function isTool(value: unknown): value is ToolHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'tool';
}

/** The tools connected to a list input (a toolkit node may hand over several at once). */
export function toolList(value: unknown): ToolHandle[] {
  const list: unknown[] = Array.isArray(value) ? value.flat() : value ? [value] : [];
  return list.filter(isTool);
}

/** The one string argument most Flowise tools take (`input`), or a readable error. */
export function stringArgument(args: Record<string, unknown>, name = 'input'): string {
  const value = args[name];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  throw new Error(`The tool needs a text argument "${name}"`);
}

/** Runs `fn` so that a synchronous throw becomes a rejected promise, as callers of `invoke` expect. */
export function asPromise<T>(fn: () => T | PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(fn()));
}

/** Flowise's separator between a tool's answer and the source documents it found (JSON after it). */
export const SOURCE_DOCUMENTS_MARKER = '\n\n----FLOWISE_SOURCE_DOCUMENTS----\n\n';

/**
 * A tool output as the model should read it, and the source documents a retriever tool appended
 * after the marker (agents show them as the answer's sources, never to the model).
 */
export function splitToolOutput(output: string): { content: string; sourceDocuments?: SourceDocument[] } {
  const at = output.indexOf(SOURCE_DOCUMENTS_MARKER);
  if (at < 0) return { content: output };
  const content = output.slice(0, at);
  try {
    const parsed = JSON.parse(output.slice(at + SOURCE_DOCUMENTS_MARKER.length)) as unknown;
    if (Array.isArray(parsed)) return { content, sourceDocuments: parsed as SourceDocument[] };
  } catch {
    // Not our marker's JSON: the model reads the text as it came.
  }
  return { content: output };
}
