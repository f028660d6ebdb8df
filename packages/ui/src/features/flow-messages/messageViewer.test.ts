import { describe, expect, it } from 'vitest';
import {
  dayBoundary,
  longDate,
  longDateTime,
  positivePercent,
  sessionEntries,
  sourceLabel,
  type ViewerRow,
} from './messageViewer';

const row = (overrides: Partial<ViewerRow>): ViewerRow => ({
  id: 'x',
  role: 'userMessage',
  content: '',
  chatflowid: 'f',
  chatId: 'c',
  chatType: 'INTERNAL',
  memoryType: null,
  sessionId: 'c',
  createdDate: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('message viewer helpers', () => {
  it('groups a page by chat, memory and session, newest first, with the first texts', () => {
    const entries = sessionEntries([
      row({
        id: '4',
        role: 'apiMessage',
        content: 'late answer',
        chatId: 'b',
        sessionId: 'b',
        createdDate: '2026-01-03T00:00:01.000Z',
      }),
      row({
        id: '3',
        role: 'userMessage',
        content: 'late question',
        chatId: 'b',
        sessionId: 'b',
        createdDate: '2026-01-03T00:00:00.000Z',
      }),
      row({ id: '2', role: 'apiMessage', content: 'answer', createdDate: '2026-01-01T00:00:01.000Z' }),
      row({ id: '1', role: 'userMessage', content: 'question' }),
      row({
        id: '0',
        role: 'userMessage',
        content: 'only',
        chatId: 'b',
        sessionId: 'other',
        memoryType: 'Redis',
      }),
    ]);
    expect(entries.map((e) => [e.key, e.userContent, e.apiContent])).toEqual([
      ['b_null_b', 'User: late question', 'Bot: late answer'],
      ['c_null_c', 'User: question', 'Bot: answer'],
      ['b_Redis_other', 'User: only', ''],
    ]);
  });

  it('names sources, rates positive feedback and formats dates like the Flowise viewer', () => {
    expect(
      ['INTERNAL', 'EXTERNAL', 'MCP', 'SCHEDULED', 'WEBHOOK', 'EVALUATION', null].map(sourceLabel),
    ).toEqual(['UI', 'API/Embed', 'MCP', 'Scheduled', 'Webhook', 'Evaluation', 'API/Embed']);
    expect(positivePercent({ positiveFeedback: 1, totalFeedback: 3 })).toBe('33.33%');
    expect(positivePercent({ positiveFeedback: 0, totalFeedback: 0 })).toBe('0.00%');
    expect(longDateTime(new Date(2026, 2, 1, 15, 4, 5))).toBe('March 1st 2026, 3:04:05 pm');
    expect(longDateTime(new Date(2026, 10, 12, 0, 0, 9))).toBe('November 12th 2026, 12:00:09 am');
    expect(longDate(new Date(2026, 4, 22))).toBe('May 22nd, 2026');
    expect(longDateTime('nonsense')).toBe('');
    expect(dayBoundary('2026-03-01', true)).toEqual(new Date(2026, 2, 1, 23, 59, 59, 999));
    expect(dayBoundary('2026-03-01', false)).toEqual(new Date(2026, 2, 1));
    expect(dayBoundary('', false)).toBeNull();
  });
});
