import { describe, expect, it } from 'vitest';
import { chatStorageKey, clearChatData, parseChatStorage } from './chat-storage.js';

describe('chatStorageKey', () => {
  it('appends _INTERNAL to the flow id', () => {
    expect(chatStorageKey('3f2a-flow')).toBe('3f2a-flow_INTERNAL');
    expect(chatStorageKey('3f2a-flow', 'EXTERNAL')).toBe('3f2a-flow_EXTERNAL');
  });
});

describe('clearChatData', () => {
  it('keeps only the lead when there is one', () => {
    const lead = { name: 'Ada', email: 'ada@example.com' };
    expect(clearChatData({ chatId: 'c1', lead })).toEqual({ lead });
  });

  it('leaves nothing when there is no lead', () => {
    expect(clearChatData({ chatId: 'c1' })).toEqual({});
    expect(clearChatData({ chatId: 'c1', lead: null })).toEqual({});
    expect(clearChatData({})).toEqual({});
    expect(clearChatData(null)).toEqual({});
    expect(clearChatData(undefined)).toEqual({});
  });

  it('returns a new object without touching the stored one', () => {
    const data = { chatId: 'c1', lead: { email: 'a@b.c' } };
    const cleared = clearChatData(data);
    expect(cleared).not.toBe(data);
    expect(data.chatId).toBe('c1');
  });

  it('drops every other key stored beside chatId and lead', () => {
    const data = { chatId: 'c1', lead: 'x', extra: 1 } as { chatId: string; lead: string };
    expect(Object.keys(clearChatData(data))).toEqual(['lead']);
  });
});

describe('parseChatStorage', () => {
  it('reads the chat id and lead of stored JSON', () => {
    expect(parseChatStorage('{"chatId":"c1","lead":{"email":"a@b.c"}}')).toEqual({
      chatId: 'c1',
      lead: { email: 'a@b.c' },
    });
  });

  it('reads missing, invalid or non-object text as empty data', () => {
    for (const text of [null, undefined, '', '{', '"text"', '[1]', 'null', '3']) {
      expect(parseChatStorage(text)).toEqual({});
    }
  });

  it('drops a chat id that is not a string and a null lead', () => {
    expect(parseChatStorage('{"chatId":42,"lead":null}')).toEqual({});
  });
});
