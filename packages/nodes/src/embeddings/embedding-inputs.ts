import type { NodeParam } from '@flowloom/shared';
import { numberInput, objectInput } from '../llm/chat-model.js';

export function batchSizeInput(fallback?: number | string): NodeParam {
  return {
    label: 'Batch Size',
    name: 'batchSize',
    type: 'number',
    step: 1,
    ...(fallback !== undefined && { default: fallback }),
    optional: true,
    additionalParams: true,
    description: 'Texts sent per request',
  };
}

export function stripNewLinesInput(fallback?: boolean): NodeParam {
  return {
    label: 'Strip New Lines',
    name: 'stripNewLines',
    type: 'boolean',
    ...(fallback !== undefined && { default: fallback }),
    optional: true,
    additionalParams: true,
    description: 'Replace line breaks with spaces before embedding',
  };
}

export const timeoutInput: NodeParam = {
  label: 'Timeout',
  name: 'timeout',
  type: 'number',
  optional: true,
  additionalParams: true,
  description: 'Milliseconds to wait for each request before giving up',
};

export const baseOptionsInput: NodeParam = {
  label: 'Base Options',
  name: 'baseOptions',
  type: 'json',
  optional: true,
  additionalParams: true,
  description: 'Headers sent with every request, e.g. {"X-Team": "a"}',
};

/** A Batch Size input as a whole number of at least 1, else `fallback`. */
export function batchSizeOf(value: unknown, fallback: number): number {
  const size = numberInput(value);
  return size === undefined ? fallback : Math.max(1, Math.floor(size));
}

function parsedObject(value: unknown): Record<string, unknown> | undefined {
  try {
    return objectInput(value);
  } catch {
    return undefined;
  }
}

/**
 * The headers of a Base Options input. Flowise hands the whole object to its client as default
 * headers; an object under `headers` is accepted too (what this node's earlier version read).
 */
export function baseOptionsHeaders(value: unknown): Record<string, string> | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const options = parsedObject(value);
  if (!options) throw new Error('Base Options must be a JSON object of headers, e.g. {"X-Team": "a"}');
  const nested = options.headers;
  const source =
    nested && typeof nested === 'object' && !Array.isArray(nested)
      ? (nested as Record<string, unknown>)
      : options;
  const headers: Record<string, string> = {};
  for (const [name, header] of Object.entries(source)) {
    if (typeof header === 'string' || typeof header === 'number') headers[name] = String(header);
  }
  return Object.keys(headers).length > 0 ? headers : undefined;
}
