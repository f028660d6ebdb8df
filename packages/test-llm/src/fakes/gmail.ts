import { json, startFakeService, type FakeAnswer, type FakeCall, type FakeService } from './fake-http.js';
import { bearerOf } from './oauth-provider.js';

export interface FakeGmailOptions {
  /** Whether an access token is good (default: any token). */
  accepts?: (token: string | undefined) => boolean;
}

/** A message of the fake mailbox. */
export interface FakeGmailMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  headers: Record<string, string>;
  /** The text of its body (decoded). */
  body: string;
  /** The body's MIME type (`text/plain` or `text/html`). */
  mimeType: string;
}

export interface FakeGmailLabel {
  id: string;
  name: string;
  type: 'system' | 'user';
  color?: unknown;
  labelListVisibility?: string;
  messageListVisibility?: string;
}

export interface FakeGmail extends FakeService {
  readonly messages: Map<string, FakeGmailMessage>;
  readonly drafts: Map<string, string>;
  readonly labels: Map<string, FakeGmailLabel>;
  /** Adds a message to the inbox (unread); answers it. */
  seed(message: {
    from: string;
    to?: string;
    subject: string;
    body: string;
    /** `text/plain` (default) or `text/html`. */
    mimeType?: string;
    threadId?: string;
  }): FakeGmailMessage;
  /** The next API request answers this status with a Google error body. */
  failNext(status: number, message: string): void;
}

const SYSTEM_LABELS = ['INBOX', 'SENT', 'DRAFT', 'UNREAD', 'STARRED', 'TRASH', 'SPAM', 'IMPORTANT'];
const googleError = (status: number, message: string) =>
  json(status, { error: { code: status, message, status: status === 404 ? 'NOT_FOUND' : 'FAILED' } });
const notFound = () => googleError(404, 'Requested entity was not found.');

/** Reads an RFC 822 message as our tools write it: headers, a blank line, a (base64) body. */
function parseRaw(raw: string): { headers: Record<string, string>; body: string; mimeType: string } {
  const text = Buffer.from(raw, 'base64url').toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const rest = split < 0 ? '' : text.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  const decodeWord = (value: string) =>
    value.replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, b64: string) =>
      Buffer.from(b64, 'base64').toString('utf8'),
    );
  for (const name of Object.keys(headers)) headers[name] = decodeWord(headers[name]!);
  const base64 = /base64/i.test(headers['Content-Transfer-Encoding'] ?? '');
  const body = base64 ? Buffer.from(rest.replace(/\s+/g, ''), 'base64').toString('utf8') : rest;
  const mimeType = (headers['Content-Type'] ?? 'text/plain').split(';')[0]!.trim();
  return { headers, body, mimeType };
}

/**
 * A Gmail API stand-in on 127.0.0.1 (`/gmail/v1/users/me/…`): messages (list with `q` words and
 * `is:unread`, get in `full` format, send, modify, trash, untrash, delete), drafts (list, create, get,
 * update, send, delete), labels (list, get, create, patch, delete) and threads (list, get, modify,
 * trash, untrash, delete), over one in-memory mailbox. Requests need `Authorization: Bearer`; a token
 * `accepts` refuses answers 401 in Google's error shape.
 */
export async function startFakeGmail(options: FakeGmailOptions = {}): Promise<FakeGmail> {
  const accepts = options.accepts ?? ((token) => token !== undefined);
  const messages = new Map<string, FakeGmailMessage>();
  const drafts = new Map<string, string>(); // draft id → message id
  const labels = new Map<string, FakeGmailLabel>(
    SYSTEM_LABELS.map((id) => [id, { id, name: id, type: 'system' as const }]),
  );
  let counter = 0;
  let failure: FakeAnswer | undefined;
  const nextId = (prefix: string) => `${prefix}${(++counter).toString(16).padStart(6, '0')}`;

  function store(parsed: ReturnType<typeof parseRaw>, labelIds: string[], threadId?: string) {
    const id = nextId('18f');
    const message: FakeGmailMessage = { id, threadId: threadId ?? id, labelIds, ...parsed };
    messages.set(id, message);
    return message;
  }

  const full = (m: FakeGmailMessage) => ({
    id: m.id,
    threadId: m.threadId,
    labelIds: m.labelIds,
    snippet: m.body
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100),
    payload: {
      mimeType: 'multipart/alternative',
      headers: Object.entries(m.headers).map(([name, value]) => ({ name, value })),
      body: { size: 0 },
      parts: [
        {
          partId: '0',
          mimeType: m.mimeType,
          headers: [{ name: 'Content-Type', value: `${m.mimeType}; charset=UTF-8` }],
          body: { size: m.body.length, data: Buffer.from(m.body).toString('base64url') },
        },
      ],
    },
  });
  const brief = (m: FakeGmailMessage) => ({ id: m.id, threadId: m.threadId, labelIds: m.labelIds });

  function matches(m: FakeGmailMessage, q: string | null): boolean {
    if (!q) return !m.labelIds.includes('TRASH');
    return q
      .split(/\s+/)
      .filter(Boolean)
      .every((word) => {
        if (word === 'is:unread') return m.labelIds.includes('UNREAD');
        const text = `${m.headers.From ?? ''} ${m.headers.Subject ?? ''} ${m.body}`.toLowerCase();
        return text.includes(word.replace(/^from:/, '').toLowerCase());
      });
  }

  const limit = (call: FakeCall) => Number(call.query.get('maxResults') ?? 100);

  function modify(ids: string[], body: unknown) {
    const { addLabelIds = [], removeLabelIds = [] } = (body ?? {}) as Record<string, string[]>;
    for (const id of ids) {
      const m = messages.get(id)!;
      m.labelIds = [...new Set([...m.labelIds.filter((l) => !removeLabelIds.includes(l)), ...addLabelIds])];
    }
  }

  const threadMessages = (threadId: string) => [...messages.values()].filter((m) => m.threadId === threadId);

  function route(call: FakeCall): FakeAnswer {
    if (!accepts(bearerOf(call)))
      return googleError(
        401,
        'Request had invalid authentication credentials. Expected OAuth 2 access token.',
      );
    if (failure) {
      const answer = failure;
      failure = undefined;
      return answer;
    }
    const path = call.path.replace(/^\/gmail\/v1\/users\/me/, '');
    const parts = path.split('/').filter(Boolean);
    const [collection, id, action] = parts;
    const body = (call.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const method = call.method;

    if (collection === 'messages') {
      if (!id && method === 'GET') {
        const found = [...messages.values()].filter((m) => matches(m, call.query.get('q')));
        return json(200, {
          messages: found.slice(0, limit(call)).map((m) => ({ id: m.id, threadId: m.threadId })),
          resultSizeEstimate: found.length,
        });
      }
      if (id === 'send' && method === 'POST') {
        const message = store(parseRaw(text(body.raw)), ['SENT'], body.threadId as string | undefined);
        return json(200, brief(message));
      }
      const message = id ? messages.get(id) : undefined;
      if (!message) return notFound();
      if (!action && method === 'GET') return json(200, full(message));
      if (!action && method === 'DELETE') {
        messages.delete(message.id);
        return json(204);
      }
      if (action === 'modify' && method === 'POST') {
        modify([message.id], body);
        return json(200, brief(message));
      }
      if (action === 'trash' && method === 'POST') {
        modify([message.id], { addLabelIds: ['TRASH'] });
        return json(200, brief(message));
      }
      if (action === 'untrash' && method === 'POST') {
        modify([message.id], { removeLabelIds: ['TRASH'] });
        return json(200, brief(message));
      }
    }

    if (collection === 'drafts') {
      const draftView = (draftId: string, withFull: boolean) => {
        const m = messages.get(drafts.get(draftId)!)!;
        return { id: draftId, message: withFull ? full(m) : brief(m) };
      };
      if (!id && method === 'GET')
        return json(200, {
          drafts: [...drafts.keys()].slice(0, limit(call)).map((d) => draftView(d, false)),
          resultSizeEstimate: drafts.size,
        });
      if (!id && method === 'POST') {
        const raw = text((body.message as Record<string, unknown> | undefined)?.raw);
        const draftId = nextId('r-');
        drafts.set(draftId, store(parseRaw(raw), ['DRAFT']).id);
        return json(200, draftView(draftId, false));
      }
      if (id === 'send' && method === 'POST') {
        const messageId = drafts.get(String(body.id));
        if (!messageId) return notFound();
        drafts.delete(String(body.id));
        const m = messages.get(messageId)!;
        m.labelIds = ['SENT'];
        return json(200, brief(m));
      }
      if (!id || !drafts.has(id)) return notFound();
      if (method === 'GET') return json(200, draftView(id, true));
      if (method === 'DELETE') {
        messages.delete(drafts.get(id)!);
        drafts.delete(id);
        return json(204);
      }
      if (method === 'PUT') {
        const raw = text((body.message as Record<string, unknown> | undefined)?.raw);
        messages.delete(drafts.get(id)!);
        drafts.set(id, store(parseRaw(raw), ['DRAFT']).id);
        return json(200, draftView(id, false));
      }
    }

    if (collection === 'labels') {
      if (!id && method === 'GET') return json(200, { labels: [...labels.values()] });
      if (!id && method === 'POST') {
        const name = text(body.name);
        if ([...labels.values()].some((l) => l.name === name))
          return googleError(409, 'Label name exists or conflicts');
        const label: FakeGmailLabel = { ...(body as object), id: nextId('Label_'), name, type: 'user' };
        labels.set(label.id, label);
        return json(200, label);
      }
      const label = id ? labels.get(id) : undefined;
      if (!label) return notFound();
      if (method === 'GET') return json(200, label);
      if (method === 'PATCH') {
        Object.assign(label, body, { id: label.id });
        return json(200, label);
      }
      if (method === 'DELETE') {
        labels.delete(label.id);
        return json(204);
      }
    }

    if (collection === 'threads') {
      if (!id && method === 'GET') {
        const threads = new Map<string, FakeGmailMessage>();
        for (const m of messages.values()) if (matches(m, call.query.get('q'))) threads.set(m.threadId, m);
        return json(200, {
          threads: [...threads.entries()]
            .slice(0, limit(call))
            .map(([threadId, m]) => ({ id: threadId, snippet: full(m).snippet })),
          resultSizeEstimate: threads.size,
        });
      }
      const inThread = id ? threadMessages(id) : [];
      if (inThread.length === 0) return notFound();
      const ids = inThread.map((m) => m.id);
      const view = () => ({ id, messages: threadMessages(id!).map(full) });
      if (!action && method === 'GET') return json(200, view());
      if (!action && method === 'DELETE') {
        ids.forEach((m) => messages.delete(m));
        return json(204);
      }
      if (action === 'modify' && method === 'POST') {
        modify(ids, body);
        return json(200, view());
      }
      if (action === 'trash' && method === 'POST') {
        modify(ids, { addLabelIds: ['TRASH'] });
        return json(200, view());
      }
      if (action === 'untrash' && method === 'POST') {
        modify(ids, { removeLabelIds: ['TRASH'] });
        return json(200, view());
      }
    }
    return googleError(404, `No route ${method} ${call.path}`);
  }

  const service = await startFakeService(route);
  return Object.assign(service, {
    messages,
    drafts,
    labels,
    seed: ({
      from,
      to = 'me@example.com',
      subject,
      body,
      mimeType = 'text/plain',
      threadId,
    }: Parameters<FakeGmail['seed']>[0]) =>
      store(
        {
          headers: { From: from, To: to, Subject: subject, Date: 'Mon, 1 Jun 2026 09:00:00 +0000' },
          body,
          mimeType,
        },
        ['INBOX', 'UNREAD'],
        threadId,
      ),
    failNext: (status: number, message: string) => {
      failure = googleError(status, message);
    },
  });
}
