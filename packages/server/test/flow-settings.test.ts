import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spokenAudio, startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import { customFunctionFlow } from './agentflow-fixtures.js';
import { parseSse, createConversationFlow } from './flowise-templates.js';
import { openAiCredential, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * The Configuration dialog's server side (SHARING.md §2): settings checked on save, post-processing
 * in the sandbox, follow-up prompts, speech to text on recorded questions, text to speech routes.
 */
describe('flow settings', () => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let flowId: string;
  let credentialId: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, FLOWLOOM_SANDBOX_TIMEOUT_MS: '400' },
    });
    owner = await ownerSession(server.app);
    credentialId = await openAiCredential(owner);
    flowId = await createConversationFlow(owner, credentialId);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  const configure = async (fields: Record<string, unknown>) => {
    const response = await owner.request('PUT', `/api/v1/chatflows/${flowId}`, fields);
    expect(response.statusCode, response.body).toBe(200);
  };
  const predict = (payload: object, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${flowId}`, payload, headers });
  const messages = async () =>
    (await owner.request('GET', `/api/v1/chatmessage/${flowId}?order=ASC`)).json() as {
      role: string;
      content: string;
      followUpPrompts: unknown;
    }[];

  describe('saving settings', () => {
    it.each([
      [
        { apiConfig: JSON.stringify({ rateLimit: { status: true, limitMax: '5' } }) },
        'apiConfig.rateLimit: Need to fill all rate limit input fields',
      ],
      [{ chatbotConfig: JSON.stringify({ leads: { status: 'on' } }) }, 'chatbotConfig.leads.status'],
      [{ chatbotConfig: '[1,2]' }, 'chatbotConfig must be a JSON object'],
      [{ textToSpeech: { elevenlabs: { status: true, credentialId } } }, 'is not supported here'],
      [{ speechToText: JSON.stringify({ x: 'y'.repeat(20_000) }) }, 'speechToText must be at most'],
      [
        { chatbotConfig: JSON.stringify({ postProcessing: { enabled: true, customFunction: '' } }) },
        'needs a function when enabled',
      ],
    ])('refuses a bad setting with a clear 400 (%#)', async (body, message) => {
      const response = await owner.request('PUT', `/api/v1/chatflows/${flowId}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
    });
  });

  describe('post-processing', () => {
    afterAll(() => configure({ chatbotConfig: null }));
    const withFunction = (source: string) =>
      configure({
        chatbotConfig: JSON.stringify({
          postProcessing: { enabled: true, customFunction: JSON.stringify(source) },
        }),
      });

    it("replaces the answer with the function's result, with Flowise's $flow variables", async () => {
      await withFunction(
        'return [$flow.rawOutput.toUpperCase(), $flow.input, $input, $flow.chatflowId, $flow.chatId, typeof $flow.chatHistory].join(" | ");',
      );
      const response = await predict({ question: 'hi there', chatId: 'pp-1', streaming: true });
      // Post-processed flows answer in one piece, even when streaming is asked for.
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().text).toBe(
        `HELLO FROM THE TEST LLM. YOU SAID: HI THERE | hi there | hi there | ${flowId} | pp-1 | object`,
      );
      expect((await messages()).at(-1)!.content).toBe(response.json().text);
      expect(
        (await server.app.inject({ method: 'GET', url: `/api/v1/chatflows-streaming/${flowId}` })).json(),
      ).toEqual({ isStreaming: false });
    });

    it('writes an object as a fenced JSON block', async () => {
      await withFunction('return { words: $flow.rawOutput.split(" ").length };');
      expect((await predict({ question: 'one' })).json().text).toBe('```json\n{\n  "words": 8\n}\n```');
    });

    it('keeps the answer when the function throws or loops forever', async () => {
      await withFunction('throw new Error("boom")');
      const thrown = await predict({ question: 'still here' });
      expect(thrown.statusCode).toBe(200);
      expect(thrown.json().text).toBe('Hello from the test LLM. You said: still here');

      await withFunction('while (true) {}');
      const started = Date.now();
      const looped = await predict({ question: 'loop' });
      expect(looped.statusCode).toBe(200);
      expect(looped.json().text).toBe('Hello from the test LLM. You said: loop');
      expect(Date.now() - started).toBeLessThan(4000);
      expect(server.logs.some((line) => line.includes('post-processing failed'))).toBe(true);
    });

    it('cannot reach the server: no require, process or host globals', async () => {
      await withFunction('return typeof process + "," + typeof globalThis.Buffer;');
      expect((await predict({ question: 'x' })).json().text).toBe('undefined,undefined');
    });
  });

  describe('follow-up prompts', () => {
    afterAll(() => configure({ followUpPrompts: null, chatbotConfig: null }));
    beforeAll(() =>
      configure({
        chatbotConfig: JSON.stringify({ followUpPrompts: { status: true } }),
        followUpPrompts: JSON.stringify({
          status: true,
          selectedProvider: 'chatOpenAI',
          chatOpenAI: {
            credentialId,
            modelName: 'gpt-4o-mini',
            prompt: 'Next questions after: {history}',
            temperature: 0.9,
          },
        }),
      }),
    );

    it('asks the chosen model after the answer and returns them as Flowise does', async () => {
      llm.script(
        { text: 'Paris is the capital.' },
        { text: '{"questions":["Why Paris?","How big is it?"]}' },
      );
      const response = await predict({ question: 'capital of France?' });
      const questions = ['Why Paris?', 'How big is it?'];
      expect(response.json().text).toBe('Paris is the capital.');
      expect(response.json().followUpPrompts).toBe(JSON.stringify(JSON.stringify(questions)));
      expect(llm.requests).toHaveLength(2);
      expect(JSON.stringify(llm.requests[1]!.body)).toContain('Next questions after: Paris is the capital.');
      expect(llm.requests[1]!.headers.authorization).toBe('Bearer sk-test');
      // Stored as the JSON text of the list; the message API hands it back parsed.
      expect((await messages()).at(-1)!.followUpPrompts).toEqual(questions);
    });

    it('sends them once encoded in the stream metadata', async () => {
      llm.script({ text: 'Streamed answer.' }, { text: '{"questions":["More?"]}' });
      const response = await predict({ question: 'stream it', streaming: true });
      const metadata = parseSse(response.body).find((e) => e.event === 'metadata')!.data as Record<
        string,
        unknown
      >;
      expect(metadata.followUpPrompts).toBe(JSON.stringify(['More?']));
    });

    it('still answers when the model fails or says something else', async () => {
      llm.script({ text: 'Answer.' }, { error: { status: 500, message: 'down' } });
      const failed = await predict({ question: 'q' });
      expect(failed.statusCode).toBe(200);
      expect(failed.json()).not.toHaveProperty('followUpPrompts');
      llm.script({ text: 'Answer.' }, { text: 'not json at all' });
      expect((await predict({ question: 'q' })).json()).not.toHaveProperty('followUpPrompts');
    });
  });

  describe('speech to text', () => {
    afterAll(() => configure({ speechToText: null }));
    const recording = (text: string) => ({
      type: 'audio',
      name: 'recording.webm',
      mime: 'audio/webm',
      data: `data:audio/webm;codecs=opus;base64,${b64(text)}`,
    });

    it('replaces the question with the transcript of the recorded audio', async () => {
      await configure({
        speechToText: JSON.stringify({ openAIWhisper: { status: true, credentialId, language: 'en' } }),
      });
      const response = await predict({ question: '', uploads: [recording('what time is it')] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        question: 'what time is it',
        text: 'Hello from the test LLM. You said: what time is it',
      });
      const transcription = llm.requests.find((r) => r.path === '/v1/audio/transcriptions')!;
      expect(transcription.headers.authorization).toBe('Bearer sk-test');
    });

    it('refuses audio that is not a base64 data URL', async () => {
      const response = await predict({
        question: '',
        uploads: [{ type: 'audio', name: 'a.webm', mime: 'audio/webm', data: 'https://example.com/a.webm' }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('must be sent as a base64 data URL');
    });

    it("sends a key only to its credential's endpoint", async () => {
      const localAi = (
        await owner.request('POST', '/api/v1/credentials', {
          name: 'Local',
          credentialName: 'localAIApi',
          plainDataObj: { localAIApiKey: 'local-key', baseUrl: llm.openAiBaseUrl },
        })
      ).json().id as string;
      await configure({
        speechToText: JSON.stringify({
          localAISTT: { status: true, credentialId: localAi, baseUrl: 'http://elsewhere.example/v1' },
        }),
      });
      const refused = await predict({ question: '', uploads: [recording('secret plans')] });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().message).toContain('is not where its credential may be sent');
      expect(llm.requests).toHaveLength(0);

      await configure({
        speechToText: JSON.stringify({ localAISTT: { status: true, credentialId: localAi } }),
      });
      const heard = await predict({ question: '', uploads: [recording('via local')] });
      expect(heard.json().question).toBe('via local');
      expect(llm.requests[0]!.headers.authorization).toBe('Bearer local-key');
    });

    it('leaves audio alone when speech to text is off', async () => {
      await configure({ speechToText: JSON.stringify({ none: { status: true } }) });
      const response = await predict({ question: 'typed', uploads: [recording('spoken')] });
      expect(response.json().question).toBe('typed');
      expect(llm.requests.some((r) => r.path.endsWith('/audio/transcriptions'))).toBe(false);
    });
  });

  describe('text to speech', () => {
    const generate = (payload: object, headers: Record<string, string> = {}) =>
      server.app.inject({ method: 'POST', url: '/api/v1/text-to-speech/generate', payload, headers });
    beforeAll(() =>
      configure({ textToSpeech: JSON.stringify({ openai: { status: true, credentialId, voice: 'nova' } }) }),
    );
    afterAll(() => configure({ textToSpeech: null, isPublic: false }));

    it("speaks with a public flow's voice for anyone, as server-sent events", async () => {
      const refused = await generate({ chatflowId: flowId, chatId: 'c', chatMessageId: 'm', text: 'Hello' });
      expect(refused.statusCode).toBe(401);
      await configure({ isPublic: true });
      const response = await generate({ chatflowId: flowId, chatId: 'c', chatMessageId: 'm', text: 'Hello' });
      expect(response.headers['content-type']).toContain('text/event-stream');
      const events = parseSse(response.body) as { event: string; data: Record<string, string> }[];
      expect(events.map((e) => e.event)).toEqual(['tts_start', 'tts_data', 'tts_end']);
      expect(events[0]!.data).toEqual({ chatMessageId: 'm', format: 'mp3' });
      expect(Buffer.from(events[1]!.data.audioChunk!, 'base64')).toEqual(spokenAudio('nova', 'Hello'));
      expect(llm.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    });

    it('lets a flow configurer try a voice with a credential of the workspace', async () => {
      const response = await owner.request('POST', '/api/v1/text-to-speech/generate', {
        provider: 'openai',
        credentialId,
        voice: 'echo',
        text: 'Test voice',
      });
      const events = parseSse(response.body) as { event: string; data: Record<string, string> }[];
      expect(Buffer.from(events[1]!.data.audioChunk!, 'base64')).toEqual(spokenAudio('echo', 'Test voice'));
    });

    it('refuses bad input and callers without access', async () => {
      expect((await generate({ provider: 'openai', credentialId, text: 'x' })).statusCode).toBe(401);
      const noText = await generate({ chatflowId: flowId });
      expect(noText.statusCode).toBe(400);
      expect(noText.json().message).toContain('text not provided');
      const long = await generate({ chatflowId: flowId, text: 'x'.repeat(5000) });
      expect(long.statusCode).toBe(400);
      const unsupported = await owner.request('POST', '/api/v1/text-to-speech/generate', {
        provider: 'elevenlabs',
        credentialId,
        text: 'x',
      });
      expect(unsupported.statusCode).toBe(400);
      expect(unsupported.json().message).toContain('not supported');
      const missing = await owner.request('POST', '/api/v1/text-to-speech/generate', {
        provider: 'openai',
        credentialId: '00000000-0000-4000-8000-000000000000',
        text: 'x',
      });
      const events = parseSse(missing.body);
      expect(events).toEqual([
        { event: 'tts_error', data: { error: expect.stringContaining('not found') as string } },
      ]);
    });

    it('lists voices to flow configurers only', async () => {
      const voices = await owner.request('GET', '/api/v1/text-to-speech/voices?provider=openai');
      expect(voices.json()).toContainEqual({ id: 'alloy', name: 'Alloy' });
      expect(
        (await owner.request('GET', '/api/v1/text-to-speech/voices?provider=elevenlabs')).statusCode,
      ).toBe(400);
      expect(
        (await server.app.inject({ method: 'GET', url: '/api/v1/text-to-speech/voices?provider=openai' }))
          .statusCode,
      ).toBe(401);
      const key = (
        await owner.request('POST', '/api/v1/apikey', { keyName: 'Viewer', permissions: ['chatflows:view'] })
      ).json() as { apiKey: string } | { apiKey: string }[];
      const secret = Array.isArray(key) ? key.find((k) => k.apiKey)!.apiKey : key.apiKey;
      const forbidden = await server.app.inject({
        method: 'GET',
        url: '/api/v1/text-to-speech/voices?provider=openai',
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(forbidden.statusCode).toBe(403);
    });
  });

  describe('agentflows', () => {
    it('post-process the final answer and add follow-up prompts after it', async () => {
      const created = await owner.request('POST', '/api/v1/chatflows', {
        name: 'Agent',
        type: 'AGENTFLOW',
        flowData: customFunctionFlow('return "agent says " + $input;'),
        chatbotConfig: JSON.stringify({
          postProcessing: { enabled: true, customFunction: JSON.stringify('return `[${$flow.rawOutput}]`;') },
        }),
        followUpPrompts: JSON.stringify({
          status: true,
          selectedProvider: 'chatOpenAI',
          chatOpenAI: { credentialId, modelName: 'gpt-4o-mini' },
        }),
      });
      const agentId = created.json().id as string;
      llm.script({ text: '{"questions":["And then?"]}' });
      const response = await server.app.inject({
        method: 'POST',
        url: `/api/v1/prediction/${agentId}`,
        payload: { question: 'hello' },
      });
      expect(response.json()).toMatchObject({
        text: '[agent says hello]',
        followUpPrompts: JSON.stringify(JSON.stringify(['And then?'])),
      });
      expect(JSON.stringify(llm.requests[0]!.body)).toContain('[agent says hello]');
    });
  });
});
