import type { NodeContext } from '@flowloom/engine';
import { objectInput } from '../llm/chat-model.js';

/** Longest code one function input may hold (characters). */
export const MAX_FUNCTION_CODE_CHARS = 100_000;
/** Largest Input Variables a function may be given, as JSON text (characters). */
export const MAX_FUNCTION_VARIABLES_CHARS = 1_000_000;

/** The code of a function input, checked: required and within {@link MAX_FUNCTION_CODE_CHARS}. */
export function functionCode(value: unknown, label: string): string {
  const code = typeof value === 'string' ? value : '';
  if (!code.trim()) throw new Error(`${label} is required`);
  if (code.length > MAX_FUNCTION_CODE_CHARS)
    throw new Error(
      `${label} holds ${code.length.toLocaleString('en')} characters; at most ${MAX_FUNCTION_CODE_CHARS.toLocaleString('en')} are allowed`,
    );
  return code;
}

/** A value given as text that holds a JSON object is handed to the code as that object (Flowise). */
function parsedObject(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text.startsWith('{') || !text.endsWith('}')) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/**
 * The globals of builder code run in the sandbox (Custom JS Function, IfElse Function): `$flow`
 * (input, chatId, sessionId…), `$vars`, and one `$<name>` per entry of the node's Input Variables.
 */
export function functionGlobals(ctx: NodeContext): Record<string, unknown> {
  let variables: Record<string, unknown> | undefined;
  try {
    variables = objectInput(ctx.inputs.functionInputVariables);
  } catch {
    throw new Error('Input Variables must be a JSON object');
  }
  if (variables && JSON.stringify(variables).length > MAX_FUNCTION_VARIABLES_CHARS)
    throw new Error(
      `Input Variables hold more than ${MAX_FUNCTION_VARIABLES_CHARS.toLocaleString('en')} characters of JSON`,
    );
  const globals: Record<string, unknown> = {
    $flow: {
      chatflowId: ctx.run.flowId,
      sessionId: ctx.run.sessionId,
      chatId: ctx.run.chatId,
      input: ctx.run.question,
      chatHistory: ctx.run.history,
    },
    $vars: ctx.run.vars,
  };
  for (const [name, value] of Object.entries(variables ?? {})) {
    if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`"${name}" is not a valid variable name`);
    globals[`$${name}`] = parsedObject(value);
  }
  return globals;
}
