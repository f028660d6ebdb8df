import { PREDICTION_LIMITS } from '@flowloom/shared';
import { readAsDataUrl } from './attachments';

/** A recorded question as the prediction's `uploads` item the server transcribes (FLOWISE_API.md §1.6). */
export type VoiceUpload = {
  type: 'audio';
  name: string;
  mime: string;
  /** `data:audio/…;base64,…` */
  data: string;
};

const EXTENSIONS: Record<string, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'mp4',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/**
 * The upload of a recording: its data URL (the codec kept, `data:audio/webm;codecs=opus;base64,…`),
 * the plain type and a name of that type. Throws a readable error for a recording that is empty or
 * larger than a question may carry.
 */
export async function voiceUpload(recording: Blob): Promise<VoiceUpload> {
  if (recording.size === 0) throw new Error('Nothing was recorded: check that the microphone is on.');
  const mime = (recording.type.split(';')[0] ?? '').trim().toLowerCase() || 'audio/webm';
  if (!mime.startsWith('audio/')) throw new Error(`The recording is not audio (${mime}).`);
  // A recorder that names no type still recorded audio: the data URL says so for the server.
  const data = await readAsDataUrl(recording.type ? recording : new Blob([recording], { type: mime }));
  if (data.length > PREDICTION_LIMITS.uploadDataChars)
    throw new Error('The recording is too long to send: ask a shorter question.');
  return { type: 'audio', name: `audio.${EXTENSIONS[mime] ?? 'webm'}`, mime, data };
}
