import type { CodeSandbox } from '../node-type.js';
import type { SeqMessage, SeqState, SeqUpdate, StateChannels } from './types.js';

/** The State node's code as an expression (a trailing `;` and a leading `return` are allowed). */
function codeExpression(code: string): string {
  return code
    .trim()
    .replace(/^return\s+/, '')
    .replace(/;\s*$/, '');
}

/** Initial values of the flow's channels; the code tab's `default()` functions run in the sandbox. */
export async function initialState(
  channels: StateChannels | undefined,
  sandbox: CodeSandbox,
  signal: AbortSignal,
): Promise<SeqState> {
  const state: SeqState = { messages: [] };
  if (!channels) return state;
  for (const [key, rule] of Object.entries(channels.rules)) {
    if (rule.kind === 'replace') state[key] = rule.initial;
    else if (rule.kind === 'append') state[key] = [...rule.initial];
  }
  if (channels.code) {
    const defaults = await sandbox.run(
      `const channels = (${codeExpression(channels.code)});
      if (!channels || typeof channels !== 'object' || Array.isArray(channels)) throw new Error('State must be an object');
      const out = {};
      for (const [key, spec] of Object.entries(channels)) {
        const d = spec && typeof spec === 'object' ? spec.default : undefined;
        out[key] = typeof d === 'function' ? d() : d === undefined ? null : d;
      }
      return out;`,
      {},
      { signal },
    );
    Object.assign(state, defaults as Record<string, unknown>);
    state.messages = [];
  }
  return state;
}

/**
 * The state after `updates` (in order): messages are appended, each channel follows its rule, keys no
 * channel declares are ignored (LangGraph refuses them; a node's extra keys are not state).
 */
export async function applyUpdates(
  state: SeqState,
  updates: readonly SeqUpdate[],
  channels: StateChannels | undefined,
  sandbox: CodeSandbox,
  signal: AbortSignal,
): Promise<SeqState> {
  let messages: SeqMessage[] = state.messages;
  const next: SeqState = { ...state };
  for (const update of updates) {
    for (const [key, value] of Object.entries(update)) {
      if (key === 'messages') {
        if (Array.isArray(value) && value.length > 0) messages = [...messages, ...(value as SeqMessage[])];
        continue;
      }
      const rule = channels?.rules[key];
      if (rule?.kind === 'replace') {
        if (value !== null && value !== undefined) next[key] = value;
      } else if (rule?.kind === 'append') {
        const old = Array.isArray(next[key]) ? (next[key] as unknown[]) : [];
        next[key] = [...old, ...(Array.isArray(value) ? (value as unknown[]) : [value])];
      } else if (channels?.code && key in next) {
        next[key] = await sandbox.run(
          `const channels = (${codeExpression(channels.code)});
          const reducer = channels[$key] && channels[$key].value;
          return typeof reducer === 'function' ? reducer($old, $new) : $new;`,
          { $key: key, $old: next[key] ?? null, $new: value ?? null },
          { signal },
        );
      }
    }
  }
  next.messages = messages;
  return next;
}

/** The state without its messages (what agentReasoning and tools see as `state`). */
export function stateWithoutMessages(state: SeqState | SeqUpdate): Record<string, unknown> {
  const { messages: _messages, ...rest } = state;
  return rest;
}
