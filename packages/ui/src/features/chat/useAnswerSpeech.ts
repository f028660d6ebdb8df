import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify } from '../notifications/useNotify';
import { speakText } from './chatApi';
import type { ChatMessage } from './chatMessages';
import { readChatData, type ChatType } from './chatStorage';

/** The most text the voice reads at once (the server's limit, OpenAI's). */
export const MAX_SPOKEN_CHARS = 4096;

/** Reading answers aloud: which answer is being fetched or played, and the buttons' actions. */
export interface AnswerSpeech {
  /** The answer being read (`loading` while its audio is made), if any. */
  reading?: { key: string; phase: 'loading' | 'playing' };
  speak: (message: ChatMessage) => void;
  stop: () => void;
}

interface Reading {
  key: string;
  controller: AbortController;
  audio?: HTMLAudioElement;
  url?: string;
}

/** Why the browser did not play the audio, in words. */
function playFailure(error: unknown, automatic: boolean): string | undefined {
  if (!(error instanceof DOMException)) return undefined;
  if (error.name === 'NotAllowedError')
    return automatic
      ? 'The browser did not let the answer play by itself: use the speaker button to hear it.'
      : 'The browser did not let the answer play.';
  if (error.name === 'NotSupportedError') return 'The browser cannot play the audio the voice sent.';
  return undefined;
}

/**
 * Answers read aloud with the flow's voice (`POST /text-to-speech/generate`): one at a time, stopped
 * by the same button, by another answer or when the chat goes away. With `autoPlay` each answer that
 * finishes streaming here is read at once. Undefined while the flow has no voice (`textToSpeech`).
 */
export function useAnswerSpeech({
  flowId,
  type,
  textToSpeech,
  messages,
}: {
  flowId: string | undefined;
  type: ChatType;
  textToSpeech: { autoPlay: boolean } | undefined;
  messages: readonly ChatMessage[];
}): AnswerSpeech | undefined {
  const notify = useNotify();
  const [reading, setReading] = useState<AnswerSpeech['reading']>();
  const current = useRef<Reading | null>(null);

  const stop = useCallback(() => {
    const playing = current.current;
    if (!playing) return;
    current.current = null;
    playing.controller.abort();
    if (playing.audio) {
      playing.audio.onended = null;
      playing.audio.pause();
    }
    if (playing.url) URL.revokeObjectURL(playing.url);
    setReading(undefined);
  }, []);

  const play = useCallback(
    async (message: ChatMessage, automatic: boolean) => {
      stop();
      if (!flowId) return;
      const text = message.content.trim();
      if (!text) return;
      if (text.length > MAX_SPOKEN_CHARS) {
        notify.error(
          `This answer is too long to be read aloud: the voice reads at most ${MAX_SPOKEN_CHARS.toLocaleString('en-US')} characters.`,
        );
        return;
      }
      const mine: Reading = { key: message.key, controller: new AbortController() };
      current.current = mine;
      setReading({ key: message.key, phase: 'loading' });
      try {
        const { chatId } = readChatData(flowId, type);
        const audio = await speakText(
          {
            chatflowId: flowId,
            text,
            ...(chatId && { chatId }),
            ...(message.messageId && { chatMessageId: message.messageId }),
          },
          mine.controller.signal,
          { visitor: type === 'EXTERNAL' },
        );
        if (current.current !== mine) return;
        mine.url = URL.createObjectURL(audio);
        mine.audio = new Audio(mine.url);
        mine.audio.onended = () => {
          if (current.current === mine) stop();
        };
        await mine.audio.play();
        if (current.current === mine) setReading({ key: message.key, phase: 'playing' });
      } catch (error) {
        if (current.current !== mine) return;
        stop();
        const reason = playFailure(error, automatic);
        notify.error(reason ?? error, {
          ...(!reason && { prefix: 'The answer could not be read aloud: ' }),
          fallback: 'the voice did not answer.',
        });
      }
    },
    [flowId, type, notify, stop],
  );

  // Read a new answer by itself once it has finished streaming in this page (not one from history).
  const streamed = useRef<string | undefined>(undefined);
  const autoPlay = textToSpeech?.autoPlay === true;
  const last = messages.at(-1);
  useEffect(() => {
    if (last?.role !== 'apiMessage') return;
    if (last.status === 'streaming') {
      streamed.current = last.key;
      return;
    }
    if (streamed.current !== last.key) return;
    streamed.current = undefined;
    if (autoPlay && last.status === 'done') void play(last, true);
  }, [last, autoPlay, play]);

  // Nothing keeps playing once the chat is gone or the flow has no voice any more.
  const enabled = textToSpeech !== undefined;
  useEffect(() => {
    if (!enabled) stop();
  }, [enabled, stop]);
  useEffect(() => stop, [stop, flowId]);

  return useMemo(
    () =>
      enabled
        ? { ...(reading && { reading }), speak: (message) => void play(message, false), stop }
        : undefined,
    [enabled, reading, play, stop],
  );
}
