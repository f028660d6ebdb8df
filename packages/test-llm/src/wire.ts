import type { ServerResponse } from 'node:http';

/** The text of a message's content: a string, or the text (and tool result) parts of a list. */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type?: string; text?: string; content?: unknown }) =>
        part.type === 'text' || part.type === undefined
          ? (part.text ?? '')
          : part.type === 'tool_result'
            ? textOf(part.content)
            : '',
      )
      .join('');
  }
  return '';
}

/** Writes a JSON answer with its length (clients of every protocol accept this). */
export function sendJson(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
