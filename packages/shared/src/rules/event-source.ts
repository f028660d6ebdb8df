/** A reader of server-sent events (the `text/event-stream` format). */
export interface EventSourceParser {
  /** Feeds decoded text, in whatever pieces it arrives (even inside a line or a CRLF). */
  push(text: string): void;
  /** The stream ended: an event not closed by a blank line still counts. */
  end(): void;
}

/**
 * Server-sent events: calls `onData` with each event's data (its `data:` lines joined by newlines)
 * when the blank line ending the event arrives. Lines end with LF, CRLF or CR; comments (`:`) and
 * the other fields (`event`, `id`, `retry`) are skipped.
 */
export function createEventSourceParser(onData: (data: string) => void): EventSourceParser {
  let buffer = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onData(data.join('\n'));
      data = [];
      return;
    }
    if (text.startsWith(':')) return; // a comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    if (field !== 'data') return; // event, id and retry do not matter here
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    data.push(value);
  };
  return {
    push(text) {
      buffer += text;
      let start = 0;
      for (;;) {
        const lf = buffer.indexOf('\n', start);
        const cr = buffer.indexOf('\r', start);
        const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (end < 0 || (end === cr && end === buffer.length - 1)) break;
        line(buffer.slice(start, end));
        start = end + (buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1);
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer !== '') line(buffer.endsWith('\r') ? buffer.slice(0, -1) : buffer);
      buffer = '';
      line('');
    },
  };
}
