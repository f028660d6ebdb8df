import { htmlText } from '../../document-loaders/readers/html.js';

/**
 * Mail as Gmail's API wants it written (`raw`: an RFC 822 message in base64url) and as a model
 * reads it best (headers and the text of the body, not Gmail's nested MIME parts).
 */

/** Longest body text of one message handed to the model. */
const MAX_BODY_CHARS = 20_000;

export interface OutgoingMail {
  to: string;
  subject?: string;
  body?: string;
  cc?: string;
  bcc?: string;
}

/** A header value: non-ASCII text as an RFC 2047 encoded word. Values never hold line breaks (checked before). */
function headerText(value: string): string {
  // Printable ASCII may stand in a header as it is.
  return /^[\x20-\x7e]*$/.test(value)
    ? value
    : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Whether a body is HTML (it has tags) rather than plain text. */
const looksLikeHtml = (text: string) => /<([a-z][a-z0-9]*)\b[^>]*>/i.test(text);

/** The message as Gmail's `raw` field: headers, then the body in base64 (lines of 76). */
export function rawMessage(mail: OutgoingMail): string {
  const body = mail.body ?? '';
  const lines = [`To: ${mail.to}`];
  if (mail.cc) lines.push(`Cc: ${mail.cc}`);
  if (mail.bcc) lines.push(`Bcc: ${mail.bcc}`);
  if (mail.subject) lines.push(`Subject: ${headerText(mail.subject)}`);
  lines.push(
    'MIME-Version: 1.0',
    `Content-Type: ${looksLikeHtml(body) ? 'text/html' : 'text/plain'}; charset=UTF-8`,
    'Content-Transfer-Encoding: base64',
    '',
    ...(Buffer.from(body, 'utf8')
      .toString('base64')
      .match(/.{1,76}/g) ?? []),
  );
  return Buffer.from(lines.join('\r\n'), 'utf8').toString('base64url');
}

interface Part {
  mimeType?: string;
  filename?: string;
  headers?: { name?: string; value?: string }[];
  body?: { data?: string; size?: number; attachmentId?: string };
  parts?: Part[];
}

const asObject = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function* walk(part: Part): Generator<Part> {
  yield part;
  for (const child of part.parts ?? []) yield* walk(child);
}

/** The readable text of a message: its first text/plain part, else its first HTML part as text. */
async function bodyText(payload: Part): Promise<string> {
  const parts = [...walk(payload)];
  const decode = (part: Part | undefined) =>
    part?.body?.data ? Buffer.from(part.body.data, 'base64url').toString('utf8') : undefined;
  const plain = decode(parts.find((p) => p.mimeType === 'text/plain' && p.body?.data && !p.filename));
  const html = decode(parts.find((p) => p.mimeType === 'text/html' && p.body?.data && !p.filename));
  const text = plain ?? (html ? (await htmlText(html)).text : '');
  return text.length > MAX_BODY_CHARS
    ? `${text.slice(0, MAX_BODY_CHARS)}\n[cut: the body was ${text.length} characters long]`
    : text;
}

/**
 * A Gmail message (`format=full`) as the model reads it: ids, labels, the usual headers, the body's
 * text and the attachments' names (their contents are not fetched).
 */
export async function messageView(message: unknown): Promise<Record<string, unknown>> {
  const m = asObject(message);
  const payload = asObject(m.payload) as Part;
  const header = (name: string) =>
    payload.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value;
  const attachments = [...walk(payload)]
    .filter((p) => p.filename)
    .map((p) => ({ filename: p.filename, mimeType: p.mimeType, size: p.body?.size }));
  const view: Record<string, unknown> = {
    id: m.id,
    threadId: m.threadId,
    labelIds: m.labelIds,
    from: header('From'),
    to: header('To'),
    cc: header('Cc'),
    subject: header('Subject'),
    date: header('Date'),
    snippet: m.snippet,
    body: await bodyText(payload),
  };
  if (attachments.length > 0) view.attachments = attachments;
  return Object.fromEntries(Object.entries(view).filter(([, value]) => value !== undefined));
}
