import type { LoadMethod } from '@flowloom/engine';
import type { LoadMethodNode, ParamOption } from '@flowloom/shared';
import { textInput } from '../agentflow/common/values.js';
import { rowsOf } from './common.js';

/**
 * The load methods of the sequential canvas, by the names Flowise's node definitions give their grid
 * columns (`loadStateKeys`, `getPreviousMessages`); Flowise's canvas computes them in the browser, ours
 * asks the server with the flow around the edited node (`previousNodes`, `currentNode`).
 */

/** Nodes whose latest message a later node can read (`$<nodeId>`, `{{ <nodeId> }}`). */
const MESSAGE_NODES = new Set([
  'seqAgent',
  'seqLLMNode',
  'seqToolNode',
  'seqCustomFunction',
  'seqExecuteFlow',
]);

/** The input holding each message node's name (its graph name). */
const NAME_INPUTS: Record<string, string> = {
  seqAgent: 'agentName',
  seqLLMNode: 'llmNodeName',
  seqToolNode: 'toolNodeName',
  seqCustomFunction: 'functionName',
  seqExecuteFlow: 'seqExecuteFlowName',
};

/** End of a quoted string or template starting at `start` (the index after its closing quote). */
function skipString(code: string, start: number): number {
  const quote = code[start];
  let i = start + 1;
  while (i < code.length && code[i] !== quote) i += code[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Index of the next character that is not blank or inside a comment. */
function skipBlank(code: string, start: number): number {
  let i = start;
  for (;;) {
    if (/\s/.test(code[i] ?? '')) i += 1;
    else if (code.startsWith('//', i)) i = code.indexOf('\n', i) < 0 ? code.length : code.indexOf('\n', i);
    else if (code.startsWith('/*', i))
      i = code.indexOf('*/', i) < 0 ? code.length : code.indexOf('*/', i) + 2;
    else return i;
  }
}

/** A key written at `start` (a name or a quoted string) and the index after it, if one is there. */
function keyAt(code: string, start: number): { key: string; end: number } | undefined {
  const quote = code[start];
  if (quote === '"' || quote === "'") {
    const end = skipString(code, start);
    const raw = code.slice(start + 1, end - 1);
    return { key: raw.replace(/\\(.)/g, '$1'), end };
  }
  const name = /^[A-Za-z_$][\w$]*/.exec(code.slice(start))?.[0];
  return name ? { key: name, end: start + name.length } : undefined;
}

/**
 * Top-level keys of the State node's code tab, an object literal of channels (`{ key: { value, default } }`,
 * optionally after `return`), read without running it. Flowise's canvas reads only code that is JSON.
 */
export function objectLiteralKeys(code: string): string[] {
  const text = code
    .trim()
    .replace(/^return\s+/, '')
    .replace(/;\s*$/, '');
  const start = skipBlank(text, 0);
  if (text[start] !== '{') return [];
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  let i = start;
  while (i < text.length) {
    if (expectKey) {
      i = skipBlank(text, i);
      const found = keyAt(text, i);
      const after = found && skipBlank(text, found.end);
      // `key:`, a method `key(…) {…}`, or the shorthand `key,` / `key }`.
      if (found && after !== undefined && [':', '(', ',', '}'].includes(text[after] ?? ''))
        keys.push(found.key);
      expectKey = false;
      if (found) i = found.end;
      continue;
    }
    const char = text[i]!;
    if (char === '"' || char === "'" || char === '`') i = skipString(text, i);
    else if (text.startsWith('//', i) || text.startsWith('/*', i)) i = skipBlank(text, i);
    else {
      if ('{[('.includes(char)) depth += 1;
      else if ('}])'.includes(char)) depth -= 1;
      if (depth === 0) break;
      if (depth === 1 && (char === '{' || char === ',')) expectKey = true;
      i += 1;
    }
  }
  return [...new Set(keys)];
}

/** The keys a State node declares: its table's Key column, or its code's keys (the tab it selected). */
export function stateKeys(state: LoadMethodNode): string[] {
  const { inputs } = state;
  const code = textInput(inputs.stateMemoryCode);
  if (inputs[`selectedStateTab_${state.id}`] === 'stateMemoryCode' && code.trim())
    return objectLiteralKeys(code);
  const keys = rowsOf(inputs.stateMemoryUI ?? inputs.stateMemory).map((row) =>
    textInput(row.key ?? row.Key).trim(),
  );
  return [...new Set(keys)].filter(Boolean);
}

/** The flow's State node: sent among `previousNodes` (the canvas sends it wherever it sits), or edited. */
function stateNode(nodes: readonly LoadMethodNode[], current?: LoadMethodNode): LoadMethodNode | undefined {
  return nodes.find((n) => n.name === 'seqState') ?? (current?.name === 'seqState' ? current : undefined);
}

/** The State node's keys, for the Key column of Update State and the Variable column of conditions. */
export const loadStateKeys: LoadMethod = (ctx) => {
  const state = stateNode(ctx.previousNodes, ctx.currentNode);
  const keys = state ? stateKeys(state) : [];
  return Promise.resolve(keys.map((key): ParamOption => ({ label: key, name: key })));
};

/**
 * The nodes before the edited one whose latest message it can read (Agent, LLM Node, Tool Node,
 * Custom Function, Execute Flow): the option's name is the node id, its label the node's name.
 */
export const getPreviousMessages: LoadMethod = (ctx) =>
  Promise.resolve(
    ctx.previousNodes
      .filter((node) => MESSAGE_NODES.has(node.name) && node.id !== ctx.currentNode?.id)
      .map((node): ParamOption => {
        const named = textInput(node.inputs[NAME_INPUTS[node.name]!]).trim();
        return {
          label: named || node.label,
          name: node.id,
          description: `Latest message of ${node.label} (${node.id})`,
        };
      }),
  );
