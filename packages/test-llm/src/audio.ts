import type { ServerResponse } from 'node:http';
import { formOf, sendJson } from './wire.js';

/**
 * OpenAI's audio endpoints, answered deterministically: speech is the bytes of a short text naming
 * the voice and the input (tests compare it), and the transcript of an audio file is its bytes read
 * as UTF-8 text (so a test "records" a question by sending its text as the audio).
 */
export type AudioWire = 'speech' | 'transcriptions';

export function audioWire(path: string): AudioWire | undefined {
  if (path.endsWith('/audio/speech')) return 'speech';
  if (path.endsWith('/audio/transcriptions')) return 'transcriptions';
  return undefined;
}

/** The audio the scripted server speaks for one request (exported for tests). */
export function spokenAudio(voice: string, input: string): Buffer {
  return Buffer.from(`FAKE-MP3 voice=${voice} text=${input}`, 'utf8');
}

export function answerSpeech(body: unknown, response: ServerResponse) {
  const { input, voice } = (body ?? {}) as { input?: unknown; voice?: unknown };
  if (typeof input !== 'string' || input === '')
    return sendJson(response, 400, { error: { message: 'input is required' } });
  const audio = spokenAudio(typeof voice === 'string' ? voice : 'alloy', input);
  response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': audio.length });
  response.end(audio);
}

export async function answerTranscription(raw: Buffer, contentType: string, response: ServerResponse) {
  const form = await formOf(raw, contentType);
  if (!form) return sendJson(response, 400, { error: { message: 'expected a multipart/form-data body' } });
  const file = form.get('file');
  if (!(file instanceof Blob)) return sendJson(response, 400, { error: { message: 'file is required' } });
  if (!form.get('model')) return sendJson(response, 400, { error: { message: 'model is required' } });
  const text = Buffer.from(await file.arrayBuffer())
    .toString('utf8')
    .trim();
  sendJson(response, 200, { text });
}
