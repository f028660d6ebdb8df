import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ChatPanel } from './ChatPanel';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const frame = (event: string, data: unknown) => `message:\ndata:${JSON.stringify({ event, data })}\n\n`;

function sse(frames: string[]): Response {
  const bytes = new TextEncoder().encode(frames.join(''));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 7) controller.enqueue(bytes.slice(i, i + 7));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

describe('chat panel', () => {
  it('streams an answer as Markdown and remembers the chat id per flow', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/internal-prediction/flow-1')) {
        return Promise.resolve(
          sse([
            frame('start', 'Hi'),
            frame('token', 'Hi **there**'),
            frame('token', ', friend.'),
            frame('metadata', { chatId: 'x', chatMessageId: 'm1' }),
            frame('end', '[DONE]'),
          ]),
        );
      }
      return Promise.resolve(json([]));
    });
    renderWithProviders(
      <ChatPanel chatflowId="flow-1" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Hello{Enter}');

    expect(await screen.findByText('there')).toContainHTML('<strong>there</strong>');
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Good answer' })).toBeInTheDocument();

    const stored = JSON.parse(localStorage.getItem('flow-1_INTERNAL')!);
    const call = fetch.mock.calls.find(([input]) => urlOf(input).includes('internal-prediction'))!;
    expect(jsonBodyOf(call[1])).toEqual({ question: 'Hello', chatId: stored.chatId, streaming: true });
    expect(call[1]?.credentials).toBe('include');
    expect((call[1]?.headers as Record<string, string>)['x-request-from']).toBe('internal');
  });

  it('shows stream errors in the thread, readably', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('internal-prediction')
          ? sse([
              frame('error', 'Error: predictionsServices.buildChatflow - Model not found'),
              frame('end', '[DONE]'),
            ])
          : json([]),
      ),
    );
    renderWithProviders(
      <ChatPanel chatflowId="flow-2" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Hi{Enter}');
    expect(await screen.findByText('Model not found')).toBeInTheDocument();
  });

  it('reloads the stored chat from the server when opened', async () => {
    localStorage.setItem('flow-3_INTERNAL', JSON.stringify({ chatId: 'c3' }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json([
        { id: 'u1', role: 'userMessage', content: 'Earlier question' },
        { id: 'a1', role: 'apiMessage', content: 'Earlier answer' },
      ]),
    );
    renderWithProviders(
      <ChatPanel chatflowId="flow-3" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findByText('Earlier answer')).toBeInTheDocument();
    const url = urlOf(fetch.mock.calls[0]![0]);
    expect(url).toContain('/api/v1/chatmessage/flow-3?');
    expect(url).toContain('chatId=c3');
    expect(url).toContain('chatType=INTERNAL');
  });

  it('saves an unsaved flow before sending the question', async () => {
    const onSave = vi.fn().mockResolvedValue({ id: 'new-flow' });
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('internal-prediction')
          ? sse([frame('token', 'ok'), frame('end', '[DONE]')])
          : json([]),
      ),
    );
    renderWithProviders(<ChatPanel chatflowId={undefined} isDirty onSave={onSave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(screen.getByText('Save this chatflow to chat with it.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Go{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('ok')).toBeInTheDocument();
    expect(localStorage.getItem('new-flow_INTERNAL')).toContain('chatId');
  });
});
