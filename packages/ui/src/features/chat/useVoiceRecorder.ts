import { useCallback, useEffect, useRef, useState } from 'react';

/** Recording formats the server's speech to text takes, best first (FLOWISE_API.md §1.6). */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export interface VoiceRecorder {
  /** `starting` while the browser asks for the microphone; `finishing` while the last audio comes in. */
  status: 'idle' | 'starting' | 'recording' | 'finishing';
  /** Whole seconds recorded so far. */
  seconds: number;
  /** Why the last recording could not start, until the next try. */
  error: string;
  start: () => Promise<void>;
  /** Ends the recording and hands over its audio. */
  finish: () => Promise<Blob | undefined>;
  /** Ends the recording and drops it. */
  cancel: () => void;
}

/** Why the microphone could not be used, in words (`getUserMedia` errors by name). */
export function microphoneRefusal(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Microphone access was denied. Allow this site to use the microphone to ask by voice.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Connect one to ask by voice.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The microphone could not be started: another application may be using it.';
    default:
      return `The microphone could not be started: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** Why this page cannot record at all, or undefined when it can. */
function recordingUnavailable(): string | undefined {
  if (!globalThis.isSecureContext) return 'Recording a question needs the page to be opened over https.';
  if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined')
    return 'This browser cannot record audio.';
  return undefined;
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  pieces: Blob[];
  timer: ReturnType<typeof setInterval>;
}

/**
 * A question recorded from the microphone with `MediaRecorder`: start (the browser asks for the
 * microphone), the seconds so far, then finish (the audio) or cancel. The microphone is released as
 * soon as the recording ends, and when the component goes away.
 */
export function useVoiceRecorder(): VoiceRecorder {
  const [status, setStatus] = useState<VoiceRecorder['status']>('idle');
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState('');
  const session = useRef<Session | null>(null);
  /** Bumped by cancel and unmount: a start still waiting for the microphone then lets it go. */
  const attempt = useRef(0);

  const release = useCallback(() => {
    const ending = session.current;
    session.current = null;
    if (!ending) return undefined;
    clearInterval(ending.timer);
    for (const track of ending.stream.getTracks()) track.stop();
    return ending;
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setError('');
    const unavailable = recordingUnavailable();
    if (unavailable) {
      setError(unavailable);
      return;
    }
    const mine = ++attempt.current;
    setStatus('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (refused) {
      if (mine === attempt.current) {
        setError(microphoneRefusal(refused));
        setStatus('idle');
      }
      return;
    }
    if (mine !== attempt.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    try {
      const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const pieces: Blob[] = [];
      recorder.addEventListener('dataavailable', (event) => {
        if (event.data.size > 0) pieces.push(event.data);
      });
      recorder.start();
      const startedAt = Date.now();
      const timer = setInterval(() => setSeconds(Math.floor((Date.now() - startedAt) / 1000)), 250);
      session.current = { stream, recorder, pieces, timer };
      setSeconds(0);
      setStatus('recording');
    } catch (failure) {
      for (const track of stream.getTracks()) track.stop();
      setError(microphoneRefusal(failure));
      setStatus('idle');
    }
  }, []);

  const finish = useCallback(async () => {
    const recording = session.current;
    if (!recording) return undefined;
    setStatus('finishing');
    const { recorder, pieces } = recording;
    if (recorder.state !== 'inactive') {
      // The last piece of audio arrives just before the stop event.
      const stopped = new Promise<void>((resolve) =>
        recorder.addEventListener('stop', () => resolve(), { once: true }),
      );
      recorder.stop();
      await stopped;
    }
    release();
    setStatus('idle');
    return new Blob(pieces, { type: recorder.mimeType || pieces[0]?.type || 'audio/webm' });
  }, [release]);

  const cancel = useCallback(() => {
    attempt.current += 1;
    const ending = release();
    if (ending && ending.recorder.state !== 'inactive') ending.recorder.stop();
    setStatus('idle');
  }, [release]);

  useEffect(
    () => () => {
      attempt.current += 1;
      const ending = release();
      if (ending && ending.recorder.state !== 'inactive') ending.recorder.stop();
    },
    [release],
  );

  return { status, seconds, error, start, finish, cancel };
}
