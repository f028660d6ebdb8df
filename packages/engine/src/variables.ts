import type { ChatTurn } from '@flowloom/shared';

/** What `{{…}}` references can read while a chatflow's inputs are resolved (FLOWISE_API.md §2.4). */
export interface VariableScope {
  /** Values built so far, by node id (`{{nodeId.data.instance}}`). */
  instances: ReadonlyMap<string, unknown>;
  question: string;
  history: ChatTurn[];
  fileAttachment: string;
  vars: Record<string, string>;
  flow: Record<string, unknown>;
}

const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE_REFERENCE = /^\{\{\s*([^{}]+?)\s*\}\}$/;

/** History as `Human: …` / `Assistant: …` lines (the `{{chat_history}}` text). */
export function renderHistory(history: ChatTurn[]): string {
  return history
    .map((turn) => `${turn.role === 'userMessage' ? 'Human' : 'Assistant'}: ${turn.content}`)
    .join('\n');
}

function readPath(value: unknown, path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current === 'string') {
      try {
        current = JSON.parse(current) as unknown;
      } catch {
        return undefined;
      }
    }
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The value of one reference, or `undefined` when it names nothing known (it is then left as written). */
function lookup(expression: string, scope: VariableScope, acceptVariable: boolean): unknown {
  const parts = expression.split('.');
  const head = parts[0] ?? '';
  if (head === '$vars') return scope.vars[parts.slice(1).join('.')];
  if (head === '$flow') return readPath(scope.flow, parts.slice(1));
  if (parts[1] === 'data' && parts[2] === 'instance' && scope.instances.has(head)) {
    return readPath(scope.instances.get(head), parts.slice(3));
  }
  if (!acceptVariable) return undefined;
  switch (expression) {
    case 'question':
      return scope.question;
    case 'chat_history':
      return renderHistory(scope.history);
    case 'file_attachment':
      return scope.fileAttachment;
    default:
      return undefined;
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A chain's output object reads as its text.
  if (typeof value === 'object' && 'text' in value && typeof value.text === 'string') return value.text;
  return JSON.stringify(value);
}

/**
 * Resolves one input value. A string that is exactly one node reference becomes that node's value
 * (a model, a tool…); references inside longer text are substituted as text. `{{question}}`,
 * `{{chat_history}}` and `{{file_attachment}}` only resolve in params that accept variables.
 */
export function resolveValue(value: unknown, scope: VariableScope, acceptVariable: boolean): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE_REFERENCE.exec(value);
    if (whole) {
      const found = lookup(whole[1]!, scope, acceptVariable);
      if (found !== undefined) return found;
      return value;
    }
    if (!value.includes('{{')) return value;
    return value.replace(REFERENCE, (match, expression: string) => {
      const found = lookup(expression, scope, acceptVariable);
      return found === undefined ? match : asText(found);
    });
  }
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, scope, acceptVariable));
  return value;
}

/** Resolves inside a JSON document: each string leaf on its own, so substituted text needs no escaping. */
function resolveJson(value: unknown, scope: VariableScope, acceptVariable: boolean): unknown {
  if (typeof value === 'string') return resolveValue(value, scope, acceptVariable);
  if (Array.isArray(value)) return value.map((item) => resolveJson(item, scope, acceptVariable));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveJson(v, scope, acceptVariable)]),
    );
  }
  return value;
}

export interface InputTraits {
  acceptVariable: boolean;
  /** A `json` param: JSON text is parsed and comes back as the resolved object. */
  json: boolean;
}

export function resolveInputs(
  inputs: Record<string, unknown>,
  scope: VariableScope,
  traits: (name: string) => InputTraits,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(inputs)) {
    const { acceptVariable, json } = traits(name);
    if (json && typeof value === 'string' && value.trim().startsWith('{')) {
      try {
        out[name] = resolveJson(JSON.parse(value) as unknown, scope, acceptVariable);
        continue;
      } catch {
        // Not valid JSON: resolved as plain text below, and the node reports the problem.
      }
    }
    out[name] =
      json && value && typeof value === 'object'
        ? resolveJson(value, scope, acceptVariable)
        : resolveValue(value, scope, acceptVariable);
  }
  return out;
}
