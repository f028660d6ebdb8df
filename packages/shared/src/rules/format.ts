/** Display formats of SPEC §9 (sizes, counts, text, money) and the billing sums of SPEC §5. */

const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const COUNT_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/**
 * A byte size in Bytes, KB, MB, GB or TB (steps of 1024), rounded to two decimals with trailing
 * zeros trimmed: `0 → '0 Bytes'`, `1024 → '1 KB'`, `1536 → '1.5 KB'`, `1234567 → '1.18 MB'`.
 * Trimming matches what Flowise users see. A value that rounds up to 1024 of a unit moves to the
 * next unit (`1048575 → '1 MB'`, not `'1024 KB'`); anything past TB stays in TB. Negative sizes
 * keep their sign; a non-finite size shows as `'0 Bytes'`.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes === 0) return '0 Bytes';
  const sign = bytes < 0 ? '-' : '';
  const [value, unit] = scale(Math.abs(bytes), 1024, BYTE_UNITS.length - 1, 2);
  return `${sign}${value} ${BYTE_UNITS[unit]}`;
}

/**
 * A count abbreviated with k, M, G, T, P or E (steps of 1000) and one decimal, trailing `.0`
 * trimmed: `999 → '999'`, `1000 → '1k'`, `1234 → '1.2k'`, `2500000 → '2.5M'`. Like
 * {@link formatBytes}, a value that rounds up to 1000 moves to the next suffix (`999950 → '1M'`).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n === 0) return '0';
  const sign = n < 0 ? '-' : '';
  const [value, suffix] = scale(Math.abs(n), 1000, COUNT_SUFFIXES.length - 1, 1);
  return `${sign}${value}${COUNT_SUFFIXES[suffix]}`;
}

/**
 * Divides `value` by `step` until it drops below one step (at most `maxUnit` times) and rounds it.
 * Returns the rounded number (as a plain number, so trailing zeros disappear) and the unit index.
 */
function scale(value: number, step: number, maxUnit: number, decimals: number): [number, number] {
  let unit = value < 1 ? 0 : Math.min(Math.floor(Math.log(value) / Math.log(step)), maxUnit);
  let rounded = Number((value / step ** unit).toFixed(decimals));
  // Rounding (or floating-point error in the logarithm) can leave e.g. 1024 KB; carry it over.
  while (rounded >= step && unit < maxUnit) {
    unit += 1;
    rounded = Number((value / step ** unit).toFixed(decimals));
  }
  return [rounded, unit];
}

/**
 * Cuts `text` to its first `max` characters and appends `'...'` when it is longer than `max`;
 * shorter text is returned unchanged. A cut that would split a surrogate pair (an emoji, say)
 * happens before the pair instead, so the result never ends in half a character.
 */
export function truncate(text: string, max: number): string {
  const limit = Math.max(0, Math.floor(max));
  if (text.length <= limit) return text;
  let end = limit;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}...`;
}

/**
 * An amount with exactly two decimals (SPEC §9), no currency symbol: `5 → '5.00'`,
 * `1.005 → '1.01'`. Rounds half away from zero on the decimal value people expect, which plain
 * `toFixed` gets wrong for amounts such as 1.005. A non-finite amount shows as `'0.00'`.
 */
export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '0.00';
  const cents = Math.round((Math.abs(amount) + Number.EPSILON) * 100);
  const sign = amount < 0 && cents !== 0 ? '-' : '';
  return `${sign}${(cents / 100).toFixed(2)}`;
}

/** Amount due today on a plan change (SPEC §5): `max(0, prorationAmount + creditBalance)`. */
export function dueToday(prorationAmount: number, creditBalance: number): number {
  return Math.max(0, prorationAmount + creditBalance);
}

/** Billing period timestamps arrive in seconds; dates in the browser want milliseconds (SPEC §9). */
export function periodToMillis(seconds: number): number {
  return seconds * 1000;
}
