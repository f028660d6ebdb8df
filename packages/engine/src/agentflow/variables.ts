import type { ChatTurn } from '@flowloom/shared';
import type { ExecutedEntry, IterationContext, RuntimeMessage } from './types.js';

/** What `{{ … }}` can read in a v2 run (AGENTFLOW_V2.md §2.4). */
export interface AgentflowScope {
  question: string;
  fileAttachment: string;
  pastHistory: ChatTurn[];
  runtimeHistory: RuntimeMessage[];
  loopCount: number;
  now: () => Date;
  form: Record<string, unknown>;
  webhook: Record<string, unknown>;
  iteration: IterationContext | undefined;
  vars: Record<string, string>;
  flow: Record<string, unknown>;
  state: Record<string, unknown>;
  executionData: readonly ExecutedEntry[];
}

const TOKEN = /\{\{\s*([\s\S]+?)\s*\}\}/g;

function stringify(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

export function readPath(value: unknown, path: string[]): unknown {
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

function historyText(scope: AgentflowScope): string {
  const past = scope.pastHistory.map(
    (t) => `${t.role === 'userMessage' ? 'Human' : 'Assistant'}: ${t.content}`,
  );
  const runtime = scope.runtimeHistory
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => `${m.role === 'user' ? 'Human' : 'Assistant'}: ${m.content}`);
  return [...past, ...runtime].join('\n');
}

/** The latest trace entry of a node (loops add several). */
function latest(scope: AgentflowScope, nodeId: string): ExecutedEntry | undefined {
  for (let i = scope.executionData.length - 1; i >= 0; i--) {
    if (scope.executionData[i]!.nodeId === nodeId) return scope.executionData[i];
  }
  return undefined;
}

/** One reference's value, or `undefined` to leave it as written. */
function lookup(expression: string, scope: AgentflowScope): unknown {
  const cleaned = expression.replace(/\\/g, '');
  const [head = '', ...rest] = cleaned.split('.');
  switch (head) {
    case 'question':
      return scope.question;
    case 'chat_history':
      return historyText(scope);
    case 'file_attachment':
      return scope.fileAttachment;
    case 'runtime_messages_length':
      return Math.max(0, scope.runtimeHistory.length - 1);
    case 'loop_count':
      return scope.loopCount;
    case 'current_date_time':
      return scope.now().toISOString();
    case '$form':
      return rest.length ? readPath(scope.form, rest) : scope.form;
    case '$webhook':
      return readPath(scope.webhook, rest);
    case '$iteration': {
      if (!scope.iteration) return undefined;
      const value = scope.iteration.value;
      if (rest.length === 0 || typeof value === 'string') return value;
      return readPath(value, rest);
    }
    case '$vars':
      return scope.vars[rest.join('.')];
    case '$flow':
      return readPath({ ...scope.flow, state: scope.state }, rest);
    default: {
      const entry = latest(scope, head);
      if (!entry) return undefined;
      const output = entry.data.output ?? {};
      if (rest[0] === 'output') return rest.length === 1 ? output : readPath(output, rest.slice(1));
      if (rest.length > 0) return undefined;
      return output.content ?? readPath(output, ['http', 'data']);
    }
  }
}

/**
 * Replaces every `{{ … }}` it can resolve; unknown references stay as written, `{{ output… }}` is
 * left for state updates, and objects are JSON text.
 */
export function resolveText(text: string, scope: AgentflowScope): string {
  const source = startsWithBlockHtml(text) ? htmlToMarkdown(text) : text;
  return source.replace(TOKEN, (match, expression: string) => {
    if (/^output(\.|$)/.test(expression)) return match;
    const value = lookup(expression, scope);
    return value === undefined ? match : stringify(value);
  });
}

/** Resolves strings anywhere inside a value (array params resolve every nested string). */
export function resolveDeep(value: unknown, scope: AgentflowScope): unknown {
  if (typeof value === 'string') return resolveText(value, scope);
  if (Array.isArray(value)) return value.map((item) => resolveDeep(item, scope));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveDeep(v, scope)]));
  }
  return value;
}

const BLOCK = /^\s*<(p|div|h[1-6]|ul|ol|blockquote|pre|table)[\s>]/i;

export function startsWithBlockHtml(text: string): boolean {
  return BLOCK.test(text);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Rich-text fields are saved as HTML with mention spans; the run works on Markdown (headings,
 * emphasis, code, lists, quotes, line breaks). Unknown tags are dropped, their text kept.
 */
export function htmlToMarkdown(html: string): string {
  let md = html
    .replace(/<span[^>]*class="variable"[^>]*>([\s\S]*?)<\/span>/gi, '$1')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(
      /<pre[^>]*>\s*<code[^>]*>([\s\S]*?)<\/code>\s*<\/pre>/gi,
      (_m, code: string) => `\n\`\`\`\n${code}\n\`\`\`\n`,
    )
    .replace(
      /<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/gi,
      (_m, level: string, text: string) => `${'#'.repeat(Number(level))} ${text}\n\n`,
    )
    .replace(/<(strong|b)>([\s\S]*?)<\/\1>/gi, '**$2**')
    .replace(/<(em|i)>([\s\S]*?)<\/\1>/gi, '*$2*')
    .replace(/<code>([\s\S]*?)<\/code>/gi, '`$1`')
    .replace(/<li[^>]*>([\s\S]*?)<\/li>/gi, '- $1\n')
    .replace(/<blockquote[^>]*>([\s\S]*?)<\/blockquote>/gi, (_m, text: string) => `> ${text.trim()}\n\n`)
    .replace(/<\/(p|div|ul|ol|table|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  md = decodeEntities(md);
  return md.replace(/\n{3,}/g, '\n\n').trim();
}

/**
 * "Update Flow State" (AGENTFLOW_V2.md §0.4): `{key, value}` rows merged over the state after a node
 * ran. `{{ output }}` alone is the node's output as it is; `{{ output.a.b }}` a path in it (kept as
 * written when missing); inside longer text the output is substituted as text.
 */
export function applyStateUpdates(
  state: Record<string, unknown>,
  updates: unknown,
  output: unknown,
): Record<string, unknown> {
  if (!Array.isArray(updates)) return state;
  const next = { ...state };
  for (const row of updates as { key?: unknown; value?: unknown }[]) {
    if (typeof row?.key !== 'string' || row.key === '') continue;
    const value = typeof row.value === 'string' ? row.value : stringify(row.value);
    if (/^\s*\{\{\s*output\s*\}\}\s*$/.test(value)) {
      next[row.key] = output;
      continue;
    }
    next[row.key] = value.replace(
      /\{\{\s*output(?:\.([\w.]+))?\s*\}\}/g,
      (match, path: string | undefined) => {
        if (!path) return stringify(output);
        const found = readPath(output, path.split('.'));
        return found === undefined ? match : stringify(found);
      },
    );
  }
  return next;
}
