/**
 * Reading Flowise's server-sent events (FLOWISE_API.md §1.8): each event is a `message:` line, a
 * `data:{"event":…,"data":…}` line and a blank line; `:heartbeat` comments keep the stream open.
 * The parser follows the SSE rules (any field but `data` ignored, several `data` lines joined), so
 * chunk boundaries can fall anywhere, even inside a line.
 */

/** One decoded event: `start`, `token`, `sourceDocuments`, `usedTools`, `metadata`, `error`, `end`… */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export interface SseParser {
  /** Feeds decoded text, in whatever pieces it arrives. */
  push(text: string): void;
  /** The stream ended: an event still being collected is delivered. */
  end(): void;
}

export function createSseParser(onEvent: (event: StreamEvent) => void): SseParser {
  let buffer = '';
  let data: string[] = [];

  const dispatch = () => {
    if (data.length === 0) return;
    const text = data.join('\n');
    data = [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not a Flowise event frame
    }
    if (parsed && typeof parsed === 'object' && typeof (parsed as StreamEvent).event === 'string') {
      onEvent({ event: (parsed as StreamEvent).event, data: (parsed as StreamEvent).data });
    }
  };

  const line = (raw: string) => {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment (heartbeat)
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    if (field !== 'data') return;
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  };

  return {
    push(text) {
      buffer += text;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        line(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    },
    end() {
      if (buffer !== '') line(buffer);
      buffer = '';
      dispatch();
    },
  };
}

/** Reads a response body to its end, handing over each event. */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamEvent) => void,
): Promise<void> {
  const parser = createSseParser(onEvent);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
