import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderRoutes } from '../../test/renderWithProviders';
import ChatbotPage from './ChatbotPage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const FLOW = '6a1f0c52-7d39-4c5b-9b4e-3f1d2a6c8e90';
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
const frame = (event: string, data: unknown) => `message:\ndata:${JSON.stringify({ event, data })}\n\n`;
const sse = (frames: string[]) =>
  new Response(frames.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });

const NO_UPLOADS = {
  isSpeechToTextEnabled: false,
  isImageUploadAllowed: false,
  isRAGFileUploadAllowed: false,
  imgUploadSizeAndTypes: [],
  fileUploadSizeAndTypes: [],
};

function serve({
  flow = {},
  settings = {},
  answer = () =>
    sse([
      frame('token', 'Fine, thanks.'),
      frame('metadata', { chatMessageId: 'm1' }),
      frame('end', '[DONE]'),
    ]),
}: {
  flow?: object | Response;
  settings?: object;
  answer?: () => Response;
}) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = urlOf(input);
    if (url.includes('/public-chatflows/'))
      return Promise.resolve(
        flow instanceof Response
          ? flow
          : json({
              id: FLOW,
              name: 'Support bot',
              type: 'CHATFLOW',
              isPublic: true,
              apikeyid: null,
              ...flow,
            }),
      );
    if (url.includes('/public-chatbotConfig/'))
      return Promise.resolve(json({ uploads: NO_UPLOADS, ...settings }));
    if (url.includes('/prediction/')) return Promise.resolve(answer());
    if (url.endsWith('/leads')) return Promise.resolve(json({ id: 'lead-1' }));
    return Promise.resolve(json({}));
  });
}

const open = () =>
  renderRoutes([{ path: '/chatbot/:id', element: <ChatbotPage /> }], { path: `/chatbot/${FLOW}` });

describe('public chatbot page', () => {
  it('is themed by the chatbot settings and asks a starter prompt as a visitor', async () => {
    const fetch = serve({
      settings: {
        title: 'Shop helper',
        welcomeMessage: 'Welcome to the shop!',
        titleBackgroundColor: '#112233',
        botMessage: { backgroundColor: '#fafafa', textColor: '#101010' },
        userMessage: { backgroundColor: '#00aa00', textColor: '#ffffff' },
        textInput: { placeholder: 'Ask the shop' },
        starterPrompts: { 0: { prompt: 'Where is my order?' }, 1: { prompt: '' } },
        chatFeedback: { status: true },
      },
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Shop helper' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to the shop!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question' })).toHaveAttribute('placeholder', 'Ask the shop');
    const starters = screen.getByRole('group', { name: 'Starter prompts' });
    expect(within(starters).getAllByRole('button')).toHaveLength(1);

    await userEvent.click(within(starters).getByRole('button', { name: 'Where is my order?' }));
    expect(await screen.findByText('Fine, thanks.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Starter prompts' })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('user-bubble')[0]).toHaveStyle({ backgroundColor: '#00aa00' });
    expect(screen.getAllByTestId('bot-bubble').at(-1)).toHaveStyle({ color: '#101010' });
    expect(await screen.findByRole('button', { name: 'Good answer' })).toBeInTheDocument();

    const call = fetch.mock.calls.find(([input]) => urlOf(input).includes('/prediction/'))!;
    expect(urlOf(call[0])).toContain(`/api/v1/prediction/${FLOW}`);
    expect(call[1]?.credentials).toBe('omit');
    expect((call[1]?.headers as Record<string, string>)['x-request-from']).toBeUndefined();
    const stored = JSON.parse(localStorage.getItem(`${FLOW}_EXTERNAL`)!);
    expect(jsonBodyOf(call[1])).toMatchObject({ question: 'Where is my order?', chatId: stored.chatId });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(`${FLOW}_EXTERNAL`)!).chatHistory).toEqual([
        expect.objectContaining({ type: 'userMessage', message: 'Where is my order?' }),
        expect.objectContaining({ type: 'apiMessage', message: 'Fine, thanks.', id: 'm1' }),
      ]),
    );
  });

  it('asks for contact details first, checks them, saves them under <id>_EXTERNAL and then lets the visitor chat', async () => {
    const fetch = serve({
      settings: {
        leads: {
          status: true,
          title: 'How can we reach you?',
          successMessage: 'Thanks, noted!',
          name: true,
          email: true,
        },
        starterPrompts: ['Hello?'],
      },
    });
    open();
    expect(await screen.findByText('How can we reach you?')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Question' })).toBeDisabled();
    expect(screen.queryByRole('group', { name: 'Starter prompts' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'A');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email Address' }), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Name is too short')).toBeInTheDocument();
    expect(screen.getByText('Please provide a valid email')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([input]) => urlOf(input).endsWith('/leads'))).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'da');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Email Address' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email Address' }), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks, noted!')).toBeInTheDocument();
    const stored = JSON.parse(localStorage.getItem(`${FLOW}_EXTERNAL`)!);
    expect(stored.lead).toEqual({ name: 'Ada', email: 'ada@example.com' });
    const lead = fetch.mock.calls.find(([input]) => urlOf(input).endsWith('/leads'))!;
    expect(jsonBodyOf(lead[1])).toEqual({
      chatflowid: FLOW,
      chatId: stored.chatId,
      name: 'Ada',
      email: 'ada@example.com',
    });

    expect(screen.getByRole('textbox', { name: 'Question' })).toBeEnabled();
    await userEvent.click(within(screen.getByRole('group', { name: 'Starter prompts' })).getByRole('button'));
    await screen.findByText('Fine, thanks.');
    const ask = fetch.mock.calls.find(([input]) => urlOf(input).includes('/prediction/'))!;
    expect(jsonBodyOf(ask[1])).toMatchObject({ question: 'Hello?', leadEmail: 'ada@example.com' });
  });

  it('shows follow-up prompts an answer carries, and the flow error message instead of the server one', async () => {
    let turn = 0;
    serve({
      settings: { followUpPrompts: { status: true }, errorMessage: 'Sorry, try later.' },
      answer: () =>
        ++turn === 1
          ? json({
              text: 'We ship worldwide.',
              chatMessageId: 'm1',
              followUpPrompts: JSON.stringify(['To Mars?']),
            })
          : json({ message: 'Error: predictionsServices.buildChatflow - boom' }, 500),
    });
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question' }), 'Shipping?{Enter}');
    expect(await screen.findByText('We ship worldwide.')).toBeInTheDocument();
    const followUps = await screen.findByRole('group', { name: 'Follow-up questions' });
    await userEvent.click(within(followUps).getByRole('button', { name: 'To Mars?' }));
    expect(await screen.findByText('Sorry, try later.')).toBeInTheDocument();
  });

  it('reads answers aloud as a visitor when the flow has a voice, and offers to record when it transcribes', async () => {
    const audio = { play: vi.fn(() => Promise.resolve()), pause: vi.fn(), onended: null };
    vi.stubGlobal(
      'Audio',
      vi.fn(function FakeAudio() {
        return audio;
      }),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:voice');
    const fetch = serve({
      settings: { isTTSEnabled: true, uploads: { ...NO_UPLOADS, isSpeechToTextEnabled: true } },
    });
    const answerFor = fetch.getMockImplementation()!;
    fetch.mockImplementation((input, init) =>
      urlOf(input).includes('/text-to-speech/generate')
        ? Promise.resolve(
            sse([
              frame('tts_data', { chatMessageId: 'm1', audioChunk: btoa('FAKE-MP3') }),
              frame('tts_end', {}),
            ]),
          )
        : answerFor(input, init),
    );
    open();
    expect(await screen.findByRole('button', { name: 'Record question' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Question' }), 'Shipping?{Enter}');
    expect(await screen.findByText('Fine, thanks.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read aloud' }));

    expect(await screen.findByRole('button', { name: 'Stop reading aloud' })).toBeInTheDocument();
    expect(audio.play).toHaveBeenCalledTimes(1);
    const speak = fetch.mock.calls.find(([input]) => urlOf(input).includes('/text-to-speech/generate'))!;
    expect(jsonBodyOf(speak[1])).toEqual({
      chatflowId: FLOW,
      chatId: JSON.parse(localStorage.getItem(`${FLOW}_EXTERNAL`)!).chatId,
      chatMessageId: 'm1',
      text: 'Fine, thanks.',
    });
    expect(speak[1]?.credentials).toBe('omit');
    expect(speak[1]?.headers).not.toHaveProperty('x-request-from');
    vi.unstubAllGlobals();
  });

  it('has no speaker and no microphone while the flow has neither voice nor speech to text', async () => {
    serve({ settings: { chatFeedback: { status: true } } });
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Question' }), 'Shipping?{Enter}');
    expect(await screen.findByRole('button', { name: 'Good answer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record question' })).not.toBeInTheDocument();
  });

  it('shows "Invalid Chatbot" for a private, missing or key-bound flow', async () => {
    serve({ flow: json({ statusCode: 401, message: 'Unauthorized' }, 401) });
    const first = open();
    expect(await screen.findByRole('heading', { name: 'Invalid Chatbot' })).toBeInTheDocument();
    expect(screen.getByText(/doesn't exist or requires API key authentication/)).toBeInTheDocument();
    first.unmount();
    vi.restoreAllMocks();
    serve({ flow: { apikeyid: 'key-1' } });
    open();
    expect(await screen.findByRole('heading', { name: 'Invalid Chatbot' })).toBeInTheDocument();
  });

  it('refuses a picture larger than the flow takes, with a message, and sends nothing', async () => {
    const fetch = serve({
      settings: {
        uploads: {
          ...NO_UPLOADS,
          isImageUploadAllowed: true,
          imgUploadSizeAndTypes: [{ fileTypes: ['image/png'], maxUploadSize: 1 }],
        },
      },
    });
    open();
    const picker = await screen.findByLabelText('Image files to attach');
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await userEvent.upload(picker, big);
    expect(await screen.findByText(/huge.png is larger than 1 MB/)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'huge.png' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([input]) => urlOf(input).includes('/prediction/'))).toBe(false);
  });

  it('asks to accept a disclaimer once before the visitor may chat', async () => {
    serve({
      settings: {
        disclaimer: { title: 'Before you chat', message: 'Answers may be wrong.', buttonText: 'I agree' },
      },
    });
    const first = open();
    expect(await screen.findByRole('dialog', { name: 'Before you chat' })).toBeInTheDocument();
    expect(screen.getByText('Answers may be wrong.')).toBeInTheDocument();
    // Behind the dialog (hidden from the accessibility tree while it is open).
    expect(screen.getByRole('textbox', { name: 'Question', hidden: true })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'I agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Question' })).toBeEnabled();
    first.unmount();
    open();
    expect(await screen.findByRole('textbox', { name: 'Question' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the kept thread again, unless the chatbot starts a new session on every visit', async () => {
    const kept = {
      chatId: 'chat-1',
      lead: { email: 'a@b.example' },
      chatHistory: [
        { type: 'userMessage', message: 'Earlier question' },
        { type: 'apiMessage', message: 'Earlier answer', id: 'm0' },
      ],
    };
    localStorage.setItem(`${FLOW}_EXTERNAL`, JSON.stringify(kept));
    serve({});
    const first = open();
    expect(await screen.findByText('Earlier answer')).toBeInTheDocument();
    first.unmount();
    vi.restoreAllMocks();
    serve({ settings: { generateNewSession: true } });
    open();
    expect(await screen.findByRole('textbox', { name: 'Question' })).toBeInTheDocument();
    expect(screen.queryByText('Earlier answer')).not.toBeInTheDocument();
    expect(localStorage.getItem(`${FLOW}_EXTERNAL`)).toBeNull();
  });
});
