import type { EngineServices } from '@flowloom/engine';
import { transcribeAudio } from '@flowloom/nodes';
import type { PredictionBody } from '@flowloom/shared';
import { AppError } from '../../errors.js';

/** The provider that is on in a flow's `speechToText` column, with its settings; undefined when none. */
export interface SpeechToTextChoice {
  provider: string;
  config: Record<string, unknown>;
}

export function speechToTextOf(text: string | null): SpeechToTextChoice | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const [provider, config] of Object.entries(parsed)) {
      if (provider === 'none' || typeof config !== 'object' || config === null) continue;
      if ((config as { status?: unknown }).status === true)
        return { provider, config: config as Record<string, unknown> };
    }
  } catch {
    // a damaged column turns speech to text off
  }
  return undefined;
}

/** The most audio one message may carry to the provider (OpenAI's transcription limit). */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;

const AUDIO_DATA_URL = /^data:(audio\/[\w.+-]+)(?:;[\w=.+-]+)*;base64,([A-Za-z0-9+/=]*)$/;

/**
 * The question spoken in the message's audio upload, when the flow has speech to text on and the
 * message carries a recording (FLOWISE_API.md §1.6); undefined otherwise. Bad audio is a 400.
 */
export async function transcribeQuestion(
  choice: SpeechToTextChoice | undefined,
  body: PredictionBody,
  services: EngineServices,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const audio = body.uploads?.find((u) => u.type === 'audio');
  if (!choice || !audio) return undefined;
  const match = AUDIO_DATA_URL.exec(audio.data ?? '');
  if (!match)
    throw new AppError(
      'BAD_REQUEST',
      `Audio "${audio.name}" must be sent as a base64 data URL (data:audio/webm;base64,…)`,
    );
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', `Audio "${audio.name}" is empty`);
  if (bytes.length > MAX_AUDIO_BYTES)
    throw new AppError(
      'BAD_REQUEST',
      `Audio "${audio.name}" is larger than 25 MB, the most that can be transcribed`,
    );
  try {
    return await transcribeAudio(services, {
      provider: choice.provider,
      config: choice.config,
      audio: bytes,
      // The provider sees a fixed name of the right kind, never the uploaded one.
      fileName: `audio.${match[1]!.split('/')[1]!.replace(/[^\w]/g, '') || 'webm'}`,
      mime: match[1]!,
      ...(signal && { signal }),
    });
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `Speech to text failed: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
