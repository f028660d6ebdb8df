import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredChat, ensureChatId, newChatId, readChatData, writeChatData } from './chatStorage';

afterEach(() => localStorage.clear());

describe('chat storage', () => {
  it('keeps chat data under `<flowId>_INTERNAL`', () => {
    writeChatData('flow-1', { chatId: 'c1', lead: { email: 'ada@example.com' } });
    expect(JSON.parse(localStorage.getItem('flow-1_INTERNAL')!)).toEqual({
      chatId: 'c1',
      lead: { email: 'ada@example.com' },
    });
    expect(readChatData('flow-1')).toEqual({ chatId: 'c1', lead: { email: 'ada@example.com' } });
  });

  it('creates a chat id once and reuses it', () => {
    const first = ensureChatId('flow-2');
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(ensureChatId('flow-2')).toBe(first);
    expect(ensureChatId('flow-3')).not.toBe(first);
  });

  it('clearing forgets the chat but keeps the lead', () => {
    writeChatData('flow-4', { chatId: 'c4', lead: { name: 'Ada' } });
    clearStoredChat('flow-4');
    expect(readChatData('flow-4')).toEqual({ lead: { name: 'Ada' } });
    writeChatData('flow-5', { chatId: 'c5' });
    clearStoredChat('flow-5');
    expect(readChatData('flow-5')).toEqual({});
  });

  it('reads tampered entries as empty', () => {
    localStorage.setItem('flow-6_INTERNAL', '{not json');
    expect(readChatData('flow-6')).toEqual({});
    localStorage.setItem('flow-6_INTERNAL', JSON.stringify({ chatId: 42 }));
    expect(readChatData('flow-6')).toEqual({});
  });

  it('makes UUID v4 chat ids', () => {
    expect(newChatId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
