import { screen, waitFor, within } from '@testing-library/react';
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

  it('shows the chosen feedback thumb again after a reload', async () => {
    localStorage.setItem('flow-4_INTERNAL', JSON.stringify({ chatId: 'c4' }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json([
        { id: 'u1', role: 'userMessage', content: 'Q' },
        { id: 'a1', role: 'apiMessage', content: 'A', feedback: { rating: 'THUMBS_DOWN' } },
      ]),
    );
    renderWithProviders(
      <ChatPanel chatflowId="flow-4" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findByLabelText('Rated bad')).toBeInTheDocument();
    expect(urlOf(fetch.mock.calls[0]![0])).toContain('feedback=true');
  });

  it('keeps a failed question and its error across a reload, in time order', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('internal-prediction')
          ? json({ message: 'The model provider is unreachable' }, 500)
          : json([]),
      ),
    );
    const first = renderWithProviders(
      <ChatPanel chatflowId="flow-5" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Will this fail?{Enter}');
    expect(await screen.findByText('The model provider is unreachable')).toBeInTheDocument();
    first.unmount();

    const chatId = JSON.parse(localStorage.getItem('flow-5_INTERNAL')!).chatId as string;
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json([
        { id: 'u0', role: 'userMessage', content: 'Older question', createdDate: '2000-01-01T00:00:00.000Z' },
        { id: 'a0', role: 'apiMessage', content: 'Older answer', createdDate: '2000-01-01T00:00:01.000Z' },
      ]),
    );
    renderWithProviders(
      <ChatPanel chatflowId="flow-5" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    expect(await screen.findByText('The model provider is unreachable')).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(log.textContent!.indexOf('Older answer')).toBeLessThan(
      log.textContent!.indexOf('Will this fail?'),
    );
    expect(localStorage.getItem('flow-5_INTERNAL_FAILED')).toContain(chatId);

    // Clearing the chat forgets them too.
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}));
    await userEvent.click(screen.getByRole('button', { name: 'Clear chat' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(localStorage.getItem('flow-5_INTERNAL_FAILED')).toBeNull());
  });

  it('gives the question back when the server refuses the run before it starts', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        urlOf(input).includes('internal-prediction')
          ? json({ message: "'Model' is required" }, 400)
          : json([]),
      ),
    );
    renderWithProviders(
      <ChatPanel chatflowId="flow-6" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    const box = screen.getByRole('textbox', { name: 'Question' });
    await userEvent.type(box, 'Keep me{Enter}');
    expect(await screen.findByText("'Model' is required")).toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue('Keep me'));
  });

  it('attaches images (button or paste) when the flow takes them and sends them as uploads', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/chatflows-uploads/flow-7'))
        return Promise.resolve(
          json({
            isImageUploadAllowed: true,
            imgUploadSizeAndTypes: [{ fileTypes: ['image/png', 'image/jpeg'], maxUploadSize: 1 }],
            isSpeechToTextEnabled: false,
            isRAGFileUploadAllowed: false,
            fileUploadSizeAndTypes: [],
          }),
        );
      if (url.includes('internal-prediction'))
        return Promise.resolve(sse([frame('token', 'A dot.'), frame('end', '[DONE]')]));
      return Promise.resolve(json([]));
    });
    renderWithProviders(
      <ChatPanel chatflowId="flow-7" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByRole('button', { name: 'Attach images' });

    const input = screen.getByLabelText('Image files to attach');
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'dot.png', { type: 'image/png' });
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    const huge = new File([new Uint8Array(2 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(input, [png, gif, huge], { applyAccept: false });
    expect(await screen.findByRole('img', { name: 'dot.png' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'anim.gif cannot be attached: this flow takes PNG, JPEG images',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('huge.png is larger than 1 MB');

    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'What is this?{Enter}');
    expect(await screen.findByText('A dot.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([request]) => urlOf(request).includes('internal-prediction'))!;
    const body = jsonBodyOf(call[1]) as {
      uploads: { type: string; name: string; mime: string; data: string }[];
    };
    expect(body.uploads).toEqual([
      { type: 'file', name: 'dot.png', mime: 'image/png', data: 'data:image/png;base64,iVBORw==' },
    ]);
    // The question shows its picture; the composer is empty again.
    expect(within(screen.getByRole('log')).getByRole('img', { name: 'dot.png' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });
});

describe('chat panel, files to search (RAG uploads)', () => {
  const RAG_CONFIG = {
    isImageUploadAllowed: false,
    imgUploadSizeAndTypes: [],
    isSpeechToTextEnabled: false,
    isRAGFileUploadAllowed: true,
    fileUploadSizeAndTypes: [{ fileTypes: ['.txt', '.md'], maxUploadSize: 1 }],
  };

  async function attach(files: File[]) {
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await screen.findByRole('button', { name: 'Attach files' });
    await userEvent.upload(screen.getByLabelText('Files to attach'), files, { applyAccept: false });
  }

  it('loads the files into the vector store for this chat, then asks naming them', async () => {
    const order: string[] = [];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/chatflows-uploads/flow-8')) return Promise.resolve(json(RAG_CONFIG));
      if (url.includes('/vector/internal-upsert/flow-8')) {
        order.push('upsert');
        return Promise.resolve(json({ numAdded: 1, addedDocs: [] }));
      }
      if (url.includes('internal-prediction')) {
        order.push('prediction');
        return Promise.resolve(sse([frame('token', 'It says hello.'), frame('end', '[DONE]')]));
      }
      return Promise.resolve(json([]));
    });
    renderWithProviders(
      <ChatPanel chatflowId="flow-8" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    const notes = new File(['hello from the notes'], 'notes.txt', { type: 'text/plain' });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' });
    const huge = new File([new Uint8Array(2 * 1024 * 1024)], 'huge.md', { type: 'text/markdown' });
    await attach([notes, exe, huge]);
    const attached = screen.getByRole('list', { name: 'Attached files' });
    expect(within(attached).getByRole('listitem', { name: 'notes.txt' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'tool.exe cannot be attached: this flow takes .txt, .md files',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('huge.md is larger than 1 MB');

    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'What do my notes say?{Enter}');
    expect(await screen.findByText('It says hello.')).toBeInTheDocument();
    expect(order).toEqual(['upsert', 'prediction']);

    const chatId = JSON.parse(localStorage.getItem('flow-8_INTERNAL')!).chatId as string;
    const upsert = fetch.mock.calls.find(([request]) => urlOf(request).includes('internal-upsert'))!;
    const form = upsert[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.getAll('files') as File[]).map((file) => file.name)).toEqual(['notes.txt']);
    expect(form.get('chatId')).toBe(chatId);
    expect((upsert[1]?.headers as Record<string, string>)['x-request-from']).toBe('internal');

    const ask = fetch.mock.calls.find(([request]) => urlOf(request).includes('internal-prediction'))!;
    expect(jsonBodyOf(ask[1])).toMatchObject({
      question: 'What do my notes say?',
      chatId,
      uploads: [{ type: 'file:rag', name: 'notes.txt', mime: 'text/plain', data: '' }],
    });
    // The question shows what it carried; the composer is empty again.
    expect(within(screen.getByRole('log')).getByText('notes.txt')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('does not ask when the files cannot be loaded, and says why', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/chatflows-uploads/flow-9')) return Promise.resolve(json(RAG_CONFIG));
      if (url.includes('/vector/internal-upsert/flow-9'))
        return Promise.resolve(
          json({ statusCode: 400, message: 'OpenAI Embeddings: Incorrect API key provided' }, 400),
        );
      return Promise.resolve(json([]));
    });
    renderWithProviders(
      <ChatPanel chatflowId="flow-9" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await attach([new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    const box = screen.getByRole('textbox', { name: 'Question' });
    await userEvent.type(box, 'Summarise my notes{Enter}');

    expect(
      await screen.findByText(
        'notes.txt could not be added to the vector store, so the question was not sent: OpenAI Embeddings: Incorrect API key provided',
      ),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([request]) => urlOf(request).includes('internal-prediction'))).toBe(false);
    // The question and the file wait for another try.
    await waitFor(() => expect(box).toHaveValue('Summarise my notes'));
    expect(
      within(screen.getByRole('list', { name: 'Attached files' })).getByRole('listitem', {
        name: 'notes.txt',
      }),
    ).toBeInTheDocument();
  });

  it('shows the upload in progress before the answer starts', async () => {
    let finish: (response: Response) => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/chatflows-uploads/flow-10')) return Promise.resolve(json(RAG_CONFIG));
      if (url.includes('/vector/internal-upsert/flow-10'))
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      if (url.includes('internal-prediction'))
        return Promise.resolve(sse([frame('token', 'Done.'), frame('end', '[DONE]')]));
      return Promise.resolve(json([]));
    });
    renderWithProviders(
      <ChatPanel chatflowId="flow-10" isDirty={false} onSave={() => Promise.resolve(null)} />,
    );
    await attach([
      new File(['a'], 'a.txt', { type: 'text/plain' }),
      new File(['b'], 'b.md', { type: 'text/markdown' }),
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Compare them{Enter}');
    expect(await screen.findByText('Adding a.txt and b.md to the vector store…')).toBeInTheDocument();
    // No question goes out before the files are in.
    expect(vi.mocked(fetch).mock.calls.some(([request]) => urlOf(request).includes('prediction'))).toBe(
      false,
    );
    finish(json({ numAdded: 2, addedDocs: [] }));
    expect(await screen.findByText('Done.')).toBeInTheDocument();
    expect(screen.queryByText(/to the vector store…/)).toBeNull();
  });
});
