import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './formatRelativeTime';

const now = new Date('2025-06-15T12:00:00Z');

describe('formatRelativeTime', () => {
  it('describes past and future times in the largest fitting unit', () => {
    expect(formatRelativeTime('2025-06-12T12:00:00Z', now)).toBe('3 days ago');
    expect(formatRelativeTime('2025-06-15T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelativeTime('2024-06-15T12:00:00Z', now)).toBe('last year');
    expect(formatRelativeTime('2025-06-15T12:05:00Z', now)).toBe('in 5 minutes');
    expect(formatRelativeTime(now, now)).toBe('now');
  });

  it('returns an empty string for an unreadable date', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
