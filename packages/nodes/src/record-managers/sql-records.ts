import type { NodeParam } from '@flowloom/shared';
import { stringInput } from '../llm/chat-model.js';

/** Flowise's default table of the SQL record managers. */
export const RECORDS_TABLE = 'upsertion_records';

/** Keys per statement: far below either server's parameter limit. */
export const RECORD_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = RECORD_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The Table Name input as Flowise cleans it: lower case, spaces as underscores, `[a-z0-9_]` only. */
export function recordsTableName(service: string, value: unknown): string {
  const name = (stringInput(value) ?? RECORDS_TABLE).toLowerCase().replace(/\s+/g, '_');
  if (!/^[a-z0-9_]{1,63}$/.test(name))
    throw new Error(
      `${service}: Table Name "${name}" may only hold letters, digits and underscores (at most 63)`,
    );
  return name;
}

let lastSeconds = 0;

/**
 * A database clock reading made strictly increasing in this process, so the records of one upsert
 * are always newer than those of the one before, even within the clock's resolution.
 */
export function increasingSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) throw new Error(`the database answered no usable time (${seconds})`);
  lastSeconds = Math.max(seconds, lastSeconds + 0.001);
  return lastSeconds;
}

/** Additional Connection Configuration and Table Name (Flowise names). */
export function recordTableInputs(options: readonly string[]): NodeParam[] {
  return [
    {
      label: 'Additional Connection Configuration',
      name: 'additionalConfig',
      type: 'json',
      description: `Connection options: ${options.join(', ')}`,
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Table Name',
      name: 'tableName',
      type: 'string',
      placeholder: RECORDS_TABLE,
      additionalParams: true,
      optional: true,
    },
  ];
}
