import type { ModelMessage } from 'ai';
import type { NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { isMemory, toModelMessages } from '../memory/memory.js';

/** The longest System Message a chat engine takes. */
export const MAX_SYSTEM_MESSAGE = 20_000;

/** The System Message input of the chat engines, with an example of one as its placeholder. */
export const systemMessageInput = (placeholder: string): NodeParam => ({
  label: 'System Message',
  name: 'systemMessagePrompt',
  type: 'string',
  rows: 4,
  optional: true,
  placeholder,
});

/** The node's System Message, if it has one, or an error when it is too long. */
export function systemMessageOf(ctx: NodeContext): string | undefined {
  const value = ctx.inputs.systemMessagePrompt;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (value.length > MAX_SYSTEM_MESSAGE)
    throw new Error(`System Message is longer than ${MAX_SYSTEM_MESSAGE.toLocaleString('en')} characters`);
  return value.trim();
}

/** The conversation so far, from the connected memory. */
export async function chatTurns(ctx: NodeContext): Promise<ModelMessage[]> {
  const memory = ctx.inputs.memory;
  if (!isMemory(memory)) throw new Error('Memory must be a connected memory node');
  return toModelMessages(await memory.load());
}
