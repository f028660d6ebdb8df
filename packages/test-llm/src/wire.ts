import type { ServerResponse } from 'node:http';

/** `[image image/png, 68 bytes]` for an image part, so a test can see what reached the model. */
function imageNote(url: unknown): string {
  const match = typeof url === 'string' ? /^data:([^;,]+);base64,(.*)$/s.exec(url) : null;
  if (!match) return ` [image ${typeof url === 'string' ? url.slice(0, 80) : 'link'}]`;
  return ` [image ${match[1]}, ${Buffer.from(match[2]!, 'base64').length} bytes]`;
}

/**
 * The text of a message's content: a string, or the text (and tool result) parts of a list; image
 * parts are described in the text (OpenAI `image_url`).
 */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part: { type?: string; text?: string; content?: unknown; image_url?: { url?: unknown } }) =>
        part.type === 'text' || part.type === undefined
          ? (part.text ?? '')
          : part.type === 'tool_result'
            ? textOf(part.content)
            : part.type === 'image_url'
              ? imageNote(part.image_url?.url)
              : '',
      )
      .join('');
  }
  return '';
}

/** Writes a JSON answer with its length (clients of every protocol accept this). */
export function sendJson(response: ServerResponse, status: number, body: unknown) {
  sendJsonText(response, status, JSON.stringify(body));
}

/** {@link sendJson} for a body already written as JSON text. */
export function sendJsonText(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** A multipart/form-data request body as a form, or undefined when it is not one. */
export async function formOf(raw: Buffer, contentType: string): Promise<FormData | undefined> {
  try {
    return await new Request('http://test-llm/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: raw,
    }).formData();
  } catch {
    return undefined;
  }
}
