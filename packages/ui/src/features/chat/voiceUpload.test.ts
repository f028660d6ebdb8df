import { PREDICTION_LIMITS } from '@flowloom/shared';
import { describe, expect, it } from 'vitest';
import { voiceUpload } from './voiceUpload';

describe('a recorded question as an upload', () => {
  it('is an audio upload with a data URL the server transcribes, named after its type', async () => {
    const recording = new Blob(['spoken words'], { type: 'audio/webm;codecs=opus' });
    const upload = await voiceUpload(recording);
    expect(upload).toMatchObject({ type: 'audio', name: 'audio.webm', mime: 'audio/webm' });
    expect(upload.data).toMatch(/^data:audio\/webm(;codecs=opus)?;base64,/);
    expect(atob(upload.data.split(',')[1]!)).toBe('spoken words');
  });

  it('says it is audio even when the recorder named no type', async () => {
    const upload = await voiceUpload(new Blob(['x']));
    expect(upload.mime).toBe('audio/webm');
    expect(upload.data).toMatch(/^data:audio\/webm;base64,/);
  });

  it('keeps the type of an ogg or mp4 recording', async () => {
    expect((await voiceUpload(new Blob(['x'], { type: 'audio/ogg;codecs=opus' }))).name).toBe('audio.ogg');
    expect((await voiceUpload(new Blob(['x'], { type: 'audio/mp4' }))).name).toBe('audio.mp4');
  });

  it('refuses an empty recording and one larger than a question may carry', async () => {
    await expect(voiceUpload(new Blob([], { type: 'audio/webm' }))).rejects.toThrow(
      'Nothing was recorded: check that the microphone is on.',
    );
    const tooLong = new Blob([new Uint8Array(Math.ceil(PREDICTION_LIMITS.uploadDataChars * 0.75) + 10)], {
      type: 'audio/webm',
    });
    await expect(voiceUpload(tooLong)).rejects.toThrow(
      'The recording is too long to send: ask a shorter question.',
    );
  });
});
