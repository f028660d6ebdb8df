import { describe, expect, it } from 'vitest';
import { dueToday, formatBytes, formatCount, formatMoney, periodToMillis, truncate } from './format.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [512, '512 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [1024 ** 2, '1 MB'],
    [1024 ** 3 * 2.25, '2.25 GB'],
    [1024 ** 4, '1 TB'],
  ])('shows %d bytes as %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('rounds to two decimals and trims trailing zeros', () => {
    expect(formatBytes(1024 * 1.1)).toBe('1.1 KB');
    expect(formatBytes(1024 * 1.005)).toBe('1 KB');
    expect(formatBytes(1024 * 1.256)).toBe('1.26 KB');
  });

  it('moves to the next unit when rounding reaches 1024 of the current one', () => {
    expect(formatBytes(1024 ** 2 - 1)).toBe('1 MB');
    expect(formatBytes(1024 - 0.001)).toBe('1 KB');
  });

  it('stays in TB beyond a terabyte instead of running out of units', () => {
    expect(formatBytes(1024 ** 5)).toBe('1024 TB');
  });

  it('keeps fractions of a byte in Bytes', () => {
    expect(formatBytes(0.5)).toBe('0.5 Bytes');
  });

  it('keeps the sign of a negative size', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KB');
  });

  it('shows a non-finite size as zero bytes', () => {
    expect(formatBytes(Number.NaN)).toBe('0 Bytes');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('0 Bytes');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1234, '1.2k'],
    [1250, '1.3k'],
    [15_000, '15k'],
    [2_500_000, '2.5M'],
    [1e9, '1G'],
    [3.4e12, '3.4T'],
    [1e15, '1P'],
    [5e18, '5E'],
  ])('abbreviates %d as %s', (n, text) => {
    expect(formatCount(n)).toBe(text);
  });

  it('moves to the next suffix when rounding reaches 1000 of the current one', () => {
    expect(formatCount(999_950)).toBe('1M');
    expect(formatCount(999.96)).toBe('1k');
  });

  it('stays at E beyond the largest suffix', () => {
    expect(formatCount(2e21)).toBe('2000E');
  });

  it('keeps one decimal for small fractional counts', () => {
    expect(formatCount(1.5)).toBe('1.5');
    expect(formatCount(0.04)).toBe('0');
  });

  it('keeps the sign of a negative count', () => {
    expect(formatCount(-1234)).toBe('-1.2k');
  });

  it('shows a non-finite count as zero', () => {
    expect(formatCount(Number.NaN)).toBe('0');
  });
});

describe('truncate', () => {
  it('returns text no longer than the limit unchanged', () => {
    expect(truncate('hello', 5)).toBe('hello');
    expect(truncate('hi', 10)).toBe('hi');
    expect(truncate('', 0)).toBe('');
  });

  it('cuts longer text at the limit and appends three dots', () => {
    expect(truncate('hello world', 5)).toBe('hello...');
  });

  it('reduces text to just the dots when the limit is zero or negative', () => {
    expect(truncate('abc', 0)).toBe('...');
    expect(truncate('abc', -3)).toBe('...');
  });

  it('never leaves half of a surrogate pair at the cut', () => {
    expect(truncate('ab😀cd', 3)).toBe('ab...');
    expect(truncate('ab😀cd', 4)).toBe('ab😀...');
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [5, '5.00'],
    [12.3, '12.30'],
    [19.999, '20.00'],
    [1.005, '1.01'],
    [1234.5, '1234.50'],
    [-7.5, '-7.50'],
  ])('shows %d as %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it('does not show a minus sign on an amount that rounds to zero', () => {
    expect(formatMoney(-0.001)).toBe('0.00');
  });

  it('shows a non-finite amount as zero', () => {
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });
});

describe('dueToday', () => {
  it('adds the credit balance to the proration amount', () => {
    expect(dueToday(30, -10)).toBe(20);
    expect(dueToday(30, 0)).toBe(30);
  });

  it('never asks for less than zero when the credit exceeds the proration', () => {
    expect(dueToday(10, -25)).toBe(0);
    expect(dueToday(-5, 0)).toBe(0);
  });
});

describe('periodToMillis', () => {
  it('turns period seconds into milliseconds', () => {
    expect(periodToMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(periodToMillis(0)).toBe(0);
  });
});
