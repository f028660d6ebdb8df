/**
 * Reading Flowise's server-sent events (FLOWISE_API.md §1.8): each event is a `message:` line, a
 * `data:{"event":…,"data":…}` line and a blank line; `:heartbeat` comments keep the stream open.
 * The SSE rules themselves (fields, joined `data` lines, chunks cut anywhere) are shared's
 * `createEventSourceParser`.
 */
import { createEventSourceParser, type EventSourceParser } from '@flowloom/shared';

/** One decoded event: `start`, `token`, `sourceDocuments`, `usedTools`, `metadata`, `error`, `end`… */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export type SseParser = EventSourceParser;

/** Reads Flowise event frames; lines that are not one (no JSON, no `event`) are skipped. */
export function createSseParser(onEvent: (event: StreamEvent) => void): SseParser {
  return createEventSourceParser((text) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // not a Flowise event frame
    }
    if (parsed && typeof parsed === 'object' && typeof (parsed as StreamEvent).event === 'string') {
      onEvent({ event: (parsed as StreamEvent).event, data: (parsed as StreamEvent).data });
    }
  });
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
