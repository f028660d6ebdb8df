import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spokenAudio } from './audio.js';
import { startTestLlmServer, type TestLlmServer } from './server.js';

let llm: TestLlmServer;
beforeAll(async () => {
  llm = await startTestLlmServer();
});
afterAll(async () => llm.close());

describe('audio endpoints', () => {
  it('speaks a deterministic mp3 naming the voice and the text', async () => {
    const response = await fetch(`${llm.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'nova', input: 'Hello there' }),
    });
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(spokenAudio('nova', 'Hello there'));
  });

  it('refuses speech without input', async () => {
    const response = await fetch(`${llm.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ voice: 'nova' }),
    });
    expect(response.status).toBe(400);
  });

  it('transcribes an upload as the text of its bytes', async () => {
    const form = new FormData();
    form.append('file', new Blob(['what is the weather'], { type: 'audio/webm' }), 'voice.webm');
    form.append('model', 'whisper-1');
    const response = await fetch(`${llm.url}/v1/audio/transcriptions`, { method: 'POST', body: form });
    expect(await response.json()).toEqual({ text: 'what is the weather' });
    expect(llm.requests.at(-1)?.body).toMatchObject({ multipartBytes: expect.any(Number) as number });
  });

  it('refuses a transcription without a file', async () => {
    const form = new FormData();
    form.append('model', 'whisper-1');
    const response = await fetch(`${llm.url}/v1/audio/transcriptions`, { method: 'POST', body: form });
    expect(response.status).toBe(400);
  });
});
