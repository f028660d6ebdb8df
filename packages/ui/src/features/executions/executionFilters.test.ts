import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, executionsQuery } from './executionFilters';

describe('executionsQuery', () => {
  it('sends only the page and limit when no filter is set', () => {
    expect(executionsQuery(EMPTY_FILTERS, 1, 12)).toEqual({ page: 1, limit: 12 });
  });

  it('sends the state, trimmed name and session', () => {
    expect(
      executionsQuery(
        { ...EMPTY_FILTERS, state: 'STOPPED', agentflowName: '  Support ', sessionId: ' s-1 ' },
        3,
        24,
      ),
    ).toEqual({ page: 3, limit: 24, state: 'STOPPED', agentflowName: 'Support', sessionId: 's-1' });
  });

  it('turns the dates into ISO instants covering whole local days', () => {
    const query = executionsQuery(
      { ...EMPTY_FILTERS, startDate: '2025-03-01', endDate: '2025-03-02' },
      1,
      12,
    );
    expect(query.startDate).toBe(new Date(2025, 2, 1).toISOString());
    expect(query.endDate).toBe(new Date(2025, 2, 2, 23, 59, 59, 999).toISOString());
  });

  it('ignores unreadable dates', () => {
    expect(executionsQuery({ ...EMPTY_FILTERS, startDate: 'soon', endDate: '2025-13' }, 1, 12)).toEqual({
      page: 1,
      limit: 12,
    });
  });
});
