import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Chatflow } from '@flowloom/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonBodyOf, urlOf } from '../../test/fetchCalls';
import { renderWithProviders } from '../../test/renderWithProviders';
import { initialCanvas } from '../canvas/canvasSlice';
import { ChatBubble } from './ChatBubble';
import { ChatPanel } from './ChatPanel';
import { ChatWindow } from './ChatWindow';
import { useChat } from './useChat';

// The canvas chat with what a flow's Configuration adds: follow-up prompts, answers read aloud and
// recorded questions (issue 13). The browser's audio output and microphone are fakes.

const FLOW = 'flow-speech';

const frame = (event: string, data: unknown) => `message:\ndata:${JSON.stringify({ event, data })}\n\n`;
const sse = (frames: string[]) =>
  new Response(frames.join(''), { status: 200, headers: { 'content-type': 'text/event-stream' } });
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

const answer = (text: string, metadata: Record<string, unknown> = {}) =>
  sse([
    frame('token', text),
    frame('metadata', { chatId: 'c', chatMessageId: 'm1', ...metadata }),
    frame('end', '[DONE]'),
  ]);

const voice = (...pieces: string[]) =>
  sse([
    frame('tts_start', { chatMessageId: 'm1', format: 'mp3' }),
    ...pieces.map((piece) => frame('tts_data', { chatMessageId: 'm1', audioChunk: btoa(piece) })),
    frame('tts_end', { chatMessageId: 'm1' }),
  ]);

/** The saved flow on the canvas, with some of its settings columns. */
function withFlow(columns: Partial<Pick<Chatflow, 'chatbotConfig' | 'textToSpeech' | 'speechToText'>>) {
  return {
    canvas: {
      ...initialCanvas,
      chatflow: {
        id: FLOW,
        chatbotConfig: null,
        apiConfig: null,
        speechToText: null,
        textToSpeech: null,
        followUpPrompts: null,
        ...columns,
      } as Chatflow,
    },
  };
}

const FOLLOW_UPS_ON = { chatbotConfig: JSON.stringify({ followUpPrompts: { status: true } }) };
const voiceOn = (autoPlay = false) => ({
  textToSpeech: JSON.stringify({ openai: { status: true, credentialId: 'cred', voice: 'alloy', autoPlay } }),
});
const SPEECH_TO_TEXT_ON = {
  speechToText: JSON.stringify({ openAIWhisper: { status: true, credentialId: 'c' } }),
};

/** Answers the chat's calls: predictions from `answers` in turn, the voice from `speak`. */
function serve({
  answers = [],
  speak = () => voice('FAKE-MP3'),
}: {
  answers?: (() => Response)[];
  speak?: () => Response;
}) {
  let asked = 0;
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = urlOf(input);
    if (url.includes('/internal-prediction/')) return Promise.resolve(answers[asked++]!());
    if (url.includes('/text-to-speech/generate')) return Promise.resolve(speak());
    return Promise.resolve(json([]));
  });
}

async function openChat(preloadedState: ReturnType<typeof withFlow>) {
  renderWithProviders(<ChatPanel chatflowId={FLOW} isDirty={false} onSave={() => Promise.resolve(null)} />, {
    preloadedState,
  });
  await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
  return screen.getByRole('dialog', { name: 'Chat' });
}

const ask = async (question: string) =>
  userEvent.type(screen.getByRole('textbox', { name: 'Question' }), `${question}{Enter}`);

const predictionBodies = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .filter(([input]) => urlOf(input).includes('/internal-prediction/'))
    .map(([, init]) => jsonBodyOf(init) as Record<string, unknown>);

/** The browser's audio output: records what it was given to play. */
class FakeAudio {
  static made: FakeAudio[] = [];
  onended: (() => void) | null = null;
  play = vi.fn(() => Promise.resolve());
  pause = vi.fn();
  constructor(readonly src: string) {
    FakeAudio.made.push(this);
  }
}

let played: Blob[];
let revoked: string[];
beforeEach(() => {
  FakeAudio.made = [];
  played = [];
  revoked = [];
  vi.stubGlobal('Audio', FakeAudio);
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    played.push(blob as Blob);
    return `blob:audio-${played.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => void revoked.push(url));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('follow-up prompts in the canvas chat', () => {
  it('offers the questions the last answer suggests; choosing one asks it, and a new turn clears them', async () => {
    let finishSecond: (() => void) | undefined;
    const fetch = serve({
      answers: [
        () =>
          answer('Looms weave cloth.', {
            followUpPrompts: JSON.stringify(['What is a shuttle?', 'Who made the first loom?']),
          }),
        () =>
          new Response(
            new ReadableStream<Uint8Array>({
              start(controller) {
                controller.enqueue(new TextEncoder().encode(frame('token', 'A shuttle carries the weft.')));
                finishSecond = () => {
                  controller.enqueue(new TextEncoder().encode(frame('end', '[DONE]')));
                  controller.close();
                };
              },
            }),
            { status: 200, headers: { 'content-type': 'text/event-stream' } },
          ),
      ],
    });
    const chat = await openChat(withFlow(FOLLOW_UPS_ON));
    await ask('Tell me about looms');

    const followUps = await within(chat).findByRole('group', { name: 'Follow-up questions' });
    expect(
      within(followUps)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['What is a shuttle?', 'Who made the first loom?']);
    await userEvent.click(within(followUps).getByRole('button', { name: 'What is a shuttle?' }));

    expect(await within(chat).findByText('A shuttle carries the weft.')).toBeInTheDocument();
    expect(within(chat).queryByRole('group', { name: 'Follow-up questions' })).not.toBeInTheDocument();
    expect(predictionBodies(fetch).map((body) => body.question)).toEqual([
      'Tell me about looms',
      'What is a shuttle?',
    ]);
    finishSecond!();
    await waitFor(() =>
      expect(within(chat).queryByRole('button', { name: 'Stop answer' })).not.toBeInTheDocument(),
    );
    // The second answer suggests nothing: nothing is offered.
    expect(within(chat).queryByRole('group', { name: 'Follow-up questions' })).not.toBeInTheDocument();
  });

  it('offers none while the flow has follow-up prompts off, even when an answer carries some', async () => {
    serve({ answers: [() => answer('Looms weave cloth.', { followUpPrompts: JSON.stringify(['More?']) })] });
    const chat = await openChat(withFlow({}));
    await ask('Tell me about looms');
    expect(await within(chat).findByText('Looms weave cloth.')).toBeInTheDocument();
    expect(within(chat).queryByRole('group', { name: 'Follow-up questions' })).not.toBeInTheDocument();
  });
});

describe('answers read aloud in the canvas chat', () => {
  it("reads an answer with the flow's voice and stops it with the same button", async () => {
    const fetch = serve({
      answers: [() => answer('Looms weave cloth.')],
      speak: () => voice('FAKE-MP3 ', 'of looms'),
    });
    const chat = await openChat(withFlow(voiceOn()));
    await ask('Tell me about looms');
    await userEvent.click(await within(chat).findByRole('button', { name: 'Read aloud' }));

    const stop = await within(chat).findByRole('button', { name: 'Stop reading aloud' });
    const call = fetch.mock.calls.find(([input]) => urlOf(input).includes('/text-to-speech/generate'))!;
    expect(urlOf(call[0])).toContain('/api/v1/text-to-speech/generate');
    expect(jsonBodyOf(call[1])).toEqual({
      chatflowId: FLOW,
      chatId: JSON.parse(localStorage.getItem(`${FLOW}_INTERNAL`)!).chatId,
      chatMessageId: 'm1',
      text: 'Looms weave cloth.',
    });
    expect(call[1]?.credentials).toBe('include');
    expect((call[1]?.headers as Record<string, string>)['x-request-from']).toBe('internal');
    expect(played).toHaveLength(1);
    expect(played[0]!.type).toBe('audio/mpeg');
    expect(await played[0]!.text()).toBe('FAKE-MP3 of looms');
    expect(FakeAudio.made[0]!.src).toBe('blob:audio-1');
    expect(FakeAudio.made[0]!.play).toHaveBeenCalledTimes(1);

    await userEvent.click(stop);
    expect(FakeAudio.made[0]!.pause).toHaveBeenCalled();
    expect(revoked).toEqual(['blob:audio-1']);
    expect(await within(chat).findByRole('button', { name: 'Read aloud' })).toBeInTheDocument();

    // Played to its end, the button is a speaker again.
    await userEvent.click(within(chat).getByRole('button', { name: 'Read aloud' }));
    await within(chat).findByRole('button', { name: 'Stop reading aloud' });
    FakeAudio.made[1]!.onended!();
    expect(await within(chat).findByRole('button', { name: 'Read aloud' })).toBeInTheDocument();

    // Closing the chat window silences it.
    await userEvent.click(within(chat).getByRole('button', { name: 'Read aloud' }));
    await within(chat).findByRole('button', { name: 'Stop reading aloud' });
    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    await waitFor(() => expect(FakeAudio.made[2]!.pause).toHaveBeenCalled());
  });

  it('tells readably why the voice refused, and the button is a speaker again', async () => {
    serve({
      answers: [() => answer('Looms weave cloth.')],
      speak: () => json({ message: 'No text to speech provider is on for this chatflow' }, 400),
    });
    const chat = await openChat(withFlow(voiceOn()));
    await ask('Tell me about looms');
    await userEvent.click(await within(chat).findByRole('button', { name: 'Read aloud' }));
    expect(
      await screen.findByText(
        'The answer could not be read aloud: No text to speech provider is on for this chatflow',
      ),
    ).toBeInTheDocument();
    expect(within(chat).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
    expect(FakeAudio.made).toHaveLength(0);
  });

  it('tells what the provider said when the voice fails mid-way', async () => {
    serve({
      answers: [() => answer('Looms weave cloth.')],
      speak: () =>
        sse([frame('tts_start', { format: 'mp3' }), frame('tts_error', { error: 'Invalid API key' })]),
    });
    const chat = await openChat(withFlow(voiceOn()));
    await ask('Tell me about looms');
    await userEvent.click(await within(chat).findByRole('button', { name: 'Read aloud' }));
    expect(
      await screen.findByText('The answer could not be read aloud: Invalid API key'),
    ).toBeInTheDocument();
    expect(within(chat).getByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('reads each new answer by itself when the voice says autoPlay, but not the ones from history', async () => {
    localStorage.setItem(`${FLOW}_INTERNAL`, JSON.stringify({ chatId: 'c1' }));
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = urlOf(input);
      if (url.includes('/chatmessage/'))
        return Promise.resolve(
          json([
            { id: 'u0', role: 'userMessage', content: 'Earlier question' },
            { id: 'a0', role: 'apiMessage', content: 'Earlier answer' },
          ]),
        );
      if (url.includes('/internal-prediction/')) return Promise.resolve(answer('Looms weave cloth.'));
      if (url.includes('/text-to-speech/generate')) return Promise.resolve(voice('FAKE-MP3'));
      return Promise.resolve(json({}));
    });
    const chat = await openChat(withFlow(voiceOn(true)));
    expect(await within(chat).findByText('Earlier answer')).toBeInTheDocument();
    await ask('Tell me about looms');

    expect(await within(chat).findByRole('button', { name: 'Stop reading aloud' })).toBeInTheDocument();
    const spoken = fetch.mock.calls.filter(([input]) => urlOf(input).includes('/text-to-speech/generate'));
    expect(spoken.map(([, init]) => (jsonBodyOf(init) as { text: string }).text)).toEqual([
      'Looms weave cloth.',
    ]);
  });

  it("gives a flow kind's own answer bubbles (an agentflow's) the speaker too", async () => {
    serve({ answers: [() => answer('Looms weave cloth.')] });
    function KindChat() {
      const chat = useChat(FLOW);
      return (
        <ChatWindow
          noun="agentflow"
          chatflowId={FLOW}
          isDirty={false}
          onSave={() => Promise.resolve(null)}
          chat={chat}
          onAsk={(question) => chat.send(FLOW, question)}
          renderMessage={(message) => <ChatBubble message={message} above={<span>Steps of the run</span>} />}
        />
      );
    }
    renderWithProviders(<KindChat />, { preloadedState: withFlow(voiceOn()) });
    await userEvent.click(screen.getByRole('button', { name: 'Open chat' }));
    await ask('Tell me about looms');
    expect(await screen.findByText('Steps of the run')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Read aloud' })).toBeInTheDocument();
  });

  it('has no speaker while the flow has no voice', async () => {
    serve({ answers: [() => answer('Looms weave cloth.')] });
    const chat = await openChat(withFlow({}));
    await ask('Tell me about looms');
    expect(await within(chat).findByRole('button', { name: 'Good answer' })).toBeInTheDocument();
    expect(within(chat).queryByRole('button', { name: 'Read aloud' })).not.toBeInTheDocument();
  });
});

/** The microphone: a stream whose track can be stopped, and a recorder that records `spoken`. */
function fakeMicrophone({
  refuse,
  spoken = 'What is a loom?',
}: { refuse?: DOMException; spoken?: string } = {}) {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(() =>
    refuse ? Promise.reject(refuse) : Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream),
  );
  class FakeRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
    state: RecordingState = 'inactive';
    readonly mimeType: string;
    constructor(_stream: MediaStream, options?: MediaRecorderOptions) {
      super();
      this.mimeType = options?.mimeType ?? '';
    }
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      const data = Object.assign(new Event('dataavailable'), {
        data: new Blob([spoken], { type: this.mimeType }),
      });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event('stop'));
    }
  }
  vi.stubGlobal('isSecureContext', true);
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { track, getUserMedia };
}

describe('recorded questions in the canvas chat', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('records a question with the time so far, sends it as audio and shows what the flow heard', async () => {
    const microphone = fakeMicrophone();
    const fetch = serve({ answers: [() => answer('A loom weaves cloth.', { question: 'What is a loom?' })] });
    const chat = await openChat(withFlow(SPEECH_TO_TEXT_ON));

    await userEvent.click(within(chat).getByRole('button', { name: 'Record question' }));
    const bar = await within(chat).findByRole('group', { name: 'Recording a question' });
    expect(within(bar).getByRole('timer')).toHaveTextContent('Recording 0:00');
    expect(microphone.getUserMedia).toHaveBeenCalledWith({ audio: true });
    // Three seconds later (the recording started before now, less than a second ago).
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3_000);
    await waitFor(() => expect(within(bar).getByRole('timer')).toHaveTextContent('Recording 0:03'));
    vi.mocked(Date.now).mockRestore();

    await userEvent.click(within(bar).getByRole('button', { name: 'Send recording' }));
    expect(await within(chat).findByText('A loom weaves cloth.')).toBeInTheDocument();
    expect(within(chat).queryByRole('group', { name: 'Recording a question' })).not.toBeInTheDocument();
    expect(microphone.track.stop).toHaveBeenCalled();

    const [body] = predictionBodies(fetch);
    expect(body!.question).toBe('');
    const uploads = body!.uploads as { type: string; name: string; mime: string; data: string }[];
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ type: 'audio', name: 'audio.webm', mime: 'audio/webm' });
    expect(uploads[0]!.data).toMatch(/^data:audio\/webm(;codecs=opus)?;base64,/);
    expect(atob(uploads[0]!.data.split(',')[1]!)).toBe('What is a loom?');
    // The question bubble plays the recording and shows the transcript.
    const question = within(chat).getByTestId('user-bubble');
    expect(within(question).getByLabelText('Recorded question')).toHaveAttribute('src', uploads[0]!.data);
    expect(question).toHaveTextContent('What is a loom?');
  });

  it('cancels a recording without sending anything and lets the microphone go', async () => {
    const microphone = fakeMicrophone();
    const fetch = serve({});
    const chat = await openChat(withFlow(SPEECH_TO_TEXT_ON));
    await userEvent.type(within(chat).getByRole('textbox', { name: 'Question' }), 'half typed');
    await userEvent.click(within(chat).getByRole('button', { name: 'Record question' }));
    const bar = await within(chat).findByRole('group', { name: 'Recording a question' });
    await userEvent.click(within(bar).getByRole('button', { name: 'Cancel recording' }));

    expect(within(chat).queryByRole('group', { name: 'Recording a question' })).not.toBeInTheDocument();
    expect(microphone.track.stop).toHaveBeenCalled();
    expect(within(chat).getByRole('textbox', { name: 'Question' })).toHaveValue('half typed');
    expect(predictionBodies(fetch)).toEqual([]);
  });

  it('says readably when the microphone is refused or missing', async () => {
    fakeMicrophone({ refuse: new DOMException('Permission denied', 'NotAllowedError') });
    serve({});
    const chat = await openChat(withFlow(SPEECH_TO_TEXT_ON));
    await userEvent.click(within(chat).getByRole('button', { name: 'Record question' }));
    expect(await within(chat).findByRole('alert')).toHaveTextContent(
      'Microphone access was denied. Allow this site to use the microphone to ask by voice.',
    );
    expect(within(chat).queryByRole('group', { name: 'Recording a question' })).not.toBeInTheDocument();

    fakeMicrophone({ refuse: new DOMException('Requested device not found', 'NotFoundError') });
    await userEvent.click(within(chat).getByRole('button', { name: 'Record question' }));
    await waitFor(() =>
      expect(within(chat).getByRole('alert')).toHaveTextContent(
        'No microphone was found. Connect one to ask by voice.',
      ),
    );
  });

  it('says so when the browser cannot record at all', async () => {
    vi.stubGlobal('isSecureContext', true);
    serve({});
    const chat = await openChat(withFlow(SPEECH_TO_TEXT_ON));
    await userEvent.click(within(chat).getByRole('button', { name: 'Record question' }));
    expect(await within(chat).findByRole('alert')).toHaveTextContent('This browser cannot record audio.');
  });

  it('has no microphone while the flow does not transcribe speech', async () => {
    serve({});
    const chat = await openChat(withFlow(FOLLOW_UPS_ON));
    expect(within(chat).getByRole('textbox', { name: 'Question' })).toBeInTheDocument();
    expect(within(chat).queryByRole('button', { name: 'Record question' })).not.toBeInTheDocument();
  });
});
