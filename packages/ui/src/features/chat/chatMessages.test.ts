import { describe, expect, it } from 'vitest';
import {
  applyJsonAnswer,
  applyStreamEvent,
  fromHistoryRow,
  readableError,
  type ChatMessage,
} from './chatMessages';

const empty: ChatMessage = { key: 'a', role: 'apiMessage', content: '', status: 'streaming' };

describe('chat messages', () => {
  it('builds an answer from stream events', () => {
    const events = [
      { event: 'start', data: 'Hel' },
      { event: 'token', data: 'Hel' },
      { event: 'token', data: 'lo' },
      { event: 'sourceDocuments', data: [{ pageContent: 'doc', metadata: { source: 'a.txt' } }] },
      { event: 'usedTools', data: [{ tool: 'calculator', toolInput: { input: '2+2' }, toolOutput: '4' }] },
      { event: 'metadata', data: { chatId: 'c1', chatMessageId: 'm1' } },
      { event: 'end', data: '[DONE]' },
    ];
    const answer = events.reduce(applyStreamEvent, empty);
    expect(answer).toMatchObject({ content: 'Hello', messageId: 'm1', status: 'done' });
    expect(answer.sourceDocuments).toHaveLength(1);
    expect(answer.usedTools?.[0]?.tool).toBe('calculator');
  });

  it('shows errors readably and keeps them through the end event', () => {
    const failed = [
      { event: 'error', data: 'Error: predictionsServices.buildChatflow - Incorrect API key' },
      { event: 'end', data: '[DONE]' },
    ].reduce(applyStreamEvent, empty);
    expect(failed).toMatchObject({ status: 'error', error: 'Incorrect API key' });
    expect(readableError('')).toMatch(/went wrong/);
  });

  it('marks aborted answers as stopped', () => {
    const stopped = [
      { event: 'token', data: 'Par' },
      { event: 'abort', data: '[DONE]' },
      { event: 'end', data: '[DONE]' },
    ].reduce(applyStreamEvent, empty);
    expect(stopped).toMatchObject({ content: 'Par', status: 'stopped' });
  });

  it('reads history rows and JSON answers', () => {
    expect(
      fromHistoryRow({ id: 'm2', role: 'apiMessage', content: 'Hi', sourceDocuments: [], usedTools: null }),
    ).toEqual({
      key: 'm2',
      role: 'apiMessage',
      content: 'Hi',
      messageId: 'm2',
      sourceDocuments: undefined,
      usedTools: undefined,
      status: 'done',
    });
    expect(applyJsonAnswer(empty, { text: 'Done', chatMessageId: 'm3' })).toMatchObject({
      content: 'Done',
      messageId: 'm3',
      status: 'done',
    });
  });
});
