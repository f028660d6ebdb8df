import type { NodeParam } from '@flowloom/shared';
import { tableInputs } from '../connections/sql-connections.js';

/** Flowise's default table of the SQL record managers. */
export const RECORDS_TABLE = 'upsertion_records';

/** Keys per statement: far below either server's parameter limit. */
export const RECORD_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = RECORD_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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
  return tableInputs(options, RECORDS_TABLE);
}
