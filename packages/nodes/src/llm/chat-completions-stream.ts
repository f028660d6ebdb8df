import { StringDecoder } from 'node:string_decoder';
import { createEventSourceParser } from '@flowloom/shared';
import { abortError, modelRequest, type CapturedRequest } from './lean-fetch.js';

/**
 * A streamed plain-text call to an OpenAI-style `/chat/completions` endpoint, with the request the
 * AI SDK provider built and our own reading of the answer.
 *
 * Why: on Node 20 every web stream costs 15–40 µs to construct, and the SDK's `doStream` builds
 * about ten of them per call (socket adapter, text decoder, event-source parser, JSON transform,
 * tee, provider transform…), then passes every chunk through each. For a one-LLM flow that was
 * 0.3–0.5 ms before the first token reached the user, more than everything else we do. The SDK
 * still builds the request (URL, auth headers, the model's body rules such as
 * `max_completion_tokens` for reasoning models): our fetch captures it instead of sending it (see
 * `CAPTURE_HEADER` in lean-fetch.ts), and this module sends it and reads the server-sent events.
 */

/** An error from the model's server, with its HTTP status where it has one (as the AI SDK's). */
function providerError(message: string, statusCode?: number): Error {
  return Object.assign(new Error(message), statusCode === undefined ? {} : { statusCode });
}

/** The message of an OpenAI-style error body (`{"error":{"message":…}}`), else the status text. */
function errorMessage(body: string, fallback: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the status line says what happened
  }
  return body.trim() || fallback;
}

interface Chunk {
  choices?: { delta?: { content?: unknown }; message?: { content?: unknown } }[];
  error?: { message?: unknown } | string;
}

/** The text a chunk (or a whole answer, when the server ignored `stream`) adds. */
function textOf(chunk: Chunk): string {
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content ?? choice?.message?.content;
  return typeof content === 'string' ? content : '';
}

function parseChunk(data: string): Chunk {
  try {
    return JSON.parse(data) as Chunk;
  } catch {
    throw providerError(`The model sent a stream event that is not JSON: ${data.slice(0, 200)}`);
  }
}

function throwIfError(chunk: Chunk): void {
  if (chunk.error === undefined) return;
  const message = typeof chunk.error === 'string' ? chunk.error : chunk.error.message;
  throw providerError(typeof message === 'string' ? message : JSON.stringify(chunk.error));
}

/**
 * Sends the captured request and streams the answer's text: `onDelta` gets each piece as it
 * arrives; resolves with the whole text. Fails with the server's message on an HTTP error or an
 * error event, and with the signal's reason when aborted.
 */
export function streamChatCompletion(
  request: CapturedRequest,
  onDelta: (delta: string) => void,
  signal?: AbortSignal,
): Promise<string> {
  if (signal?.aborted) return Promise.reject(abortError(signal));
  return new Promise<string>((resolve, reject) => {
    let text = '';
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error === undefined) resolve(text);
      else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
    };
    const outgoing = modelRequest(
      request.transport,
      request.url,
      request.method,
      request.headers,
      (response) => {
        const status = response.statusCode ?? 500;
        const decoder = new StringDecoder('utf8');
        const type = response.headers['content-type'] ?? '';
        if (status < 200 || status >= 300 || !type.includes('event-stream')) {
          // An error, or a whole answer from a server that does not stream: read it all.
          let body = '';
          response.on('data', (chunk: Buffer) => (body += decoder.write(chunk)));
          response.on('end', () => {
            body += decoder.end();
            if (status < 200 || status >= 300) {
              finish(providerError(errorMessage(body, `${status} ${response.statusMessage ?? ''}`), status));
              return;
            }
            try {
              const chunk = parseChunk(body);
              throwIfError(chunk);
              text = textOf(chunk);
              if (text !== '') onDelta(text);
              finish();
            } catch (error) {
              finish(error);
            }
          });
          response.on('error', finish);
          return;
        }
        const events = createEventSourceParser((data) => {
          if (settled || data === '[DONE]') return;
          const chunk = parseChunk(data);
          throwIfError(chunk);
          const delta = textOf(chunk);
          if (delta === '') return;
          text += delta;
          onDelta(delta);
        });
        response.on('data', (chunk: Buffer) => {
          try {
            events.push(decoder.write(chunk));
          } catch (error) {
            finish(error);
            response.destroy();
          }
        });
        response.on('end', () => {
          try {
            events.push(decoder.end());
            events.end();
            finish();
          } catch (error) {
            finish(error);
          }
        });
        response.on('error', finish);
      },
    );
    const onAbort = () => {
      const reason = abortError(signal!);
      outgoing.destroy(reason);
      finish(reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', finish);
    outgoing.end(request.body);
  });
}
