import type { Chatflow, FlowConfigParam, OverridableVariable } from '@flowloom/shared';
import { api, apiHost } from '../../api/api';
import { API_PREFIX } from '../../api/client';
import { ApiError } from '../../api/errorMessage';
import type { SettingsColumn } from './flowSettings';

/** Calls of the Configuration dialog (all through the app's API client, but for the voice stream). */
export const flowConfigApi = {
  save: (id: string, body: Partial<Record<SettingsColumn, string>>) =>
    api.put<Chatflow>(`/chatflows/${encodeURIComponent(id)}`, body),
  /** The inputs of the flow a caller could override. */
  flowConfig: (id: string) => api.get<FlowConfigParam[]>(`/flow-config/${encodeURIComponent(id)}`),
  variables: () => api.get<OverridableVariable[]>('/variables'),
  voices: (provider: string, credentialId: string | undefined) =>
    api.get<{ id: string; name: string }[]>('/text-to-speech/voices', { query: { provider, credentialId } }),

  /** Speaks a sample with a provider and credential: the audio (mp3) of the `tts_data` events. */
  async testVoice(body: {
    provider: string;
    credentialId: string;
    voice: string;
    text: string;
  }): Promise<Blob> {
    const response = await fetch(`${apiHost()}${API_PREFIX}/text-to-speech/generate`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'x-request-from': 'internal' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const text = await response.text();
      let message = text;
      try {
        message = (JSON.parse(text) as { message?: string }).message ?? text;
      } catch {
        // plain text
      }
      throw new ApiError(
        response.status,
        message || `The voice could not be played (${response.status})`,
        text,
      );
    }
    const chunks: Uint8Array[] = [];
    for (const block of (await response.text()).split('\n\n')) {
      const line = block.split('\n').find((l) => l.startsWith('data:'));
      if (!line) continue;
      const event = JSON.parse(line.slice(5).trim()) as { event: string; data: Record<string, string> };
      if (event.event === 'tts_error') throw new Error(event.data.error ?? 'The voice could not be played');
      if (event.event === 'tts_data' && event.data.audioChunk)
        chunks.push(Uint8Array.from(atob(event.data.audioChunk), (c) => c.charCodeAt(0)));
    }
    return new Blob(chunks as BlobPart[], { type: 'audio/mpeg' });
  },
};
