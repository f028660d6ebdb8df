import { describe, expect, it } from 'vitest';
import { nodeContext } from '../../testing/node-context.js';
import type { ToolHandle } from '../tool.js';
import { currentDateTime } from './currentDateTime.js';

describe('CurrentDateTime', () => {
  it('answers the day, date and time of the run clock', async () => {
    let now = new Date('2026-03-14T15:09:26.535Z');
    const ctx = nodeContext(currentDateTime, { services: { now: () => now } });
    const tool = currentDateTime.init!(ctx) as ToolHandle;
    expect(tool.name).toBe('current_date_time');
    const signal = new AbortController().signal;
    expect(JSON.parse(await tool.invoke({}, { signal }))).toEqual({
      date: '2026-03-14',
      time: '15:09:26',
      day: 'Saturday',
      timezone: 'UTC',
      timezoneOffset: '+00:00',
      iso8601: '2026-03-14T15:09:26.535Z',
      unix_timestamp: 1773500966,
    });
    now = new Date('2026-03-15T00:00:00Z');
    expect(JSON.parse(await tool.invoke({}, { signal })).day).toBe('Sunday');
  });
});
