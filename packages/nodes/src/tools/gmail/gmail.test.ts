import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GuardedFetch } from '@flowloom/engine';
import { startFakeGmail, type FakeGmail } from '@flowloom/test-llm';
import { nodeContext as agentflowContext, testServices } from '../../agentflow/common/test-harness.js';
import { toolAgentflow } from '../../agentflow/toolAgentflow/toolAgentflow.js';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { gmail } from './gmail.js';

const signal = new AbortController().signal;
const accepted = new Set<string>();
let fake: FakeGmail;
let refreshes = 0;

beforeAll(async () => {
  fake = await startFakeGmail({ accepts: (token) => token !== undefined && accepted.has(token) });
});
afterAll(() => fake.close());
beforeEach(() => {
  accepted.clear();
  accepted.add('token-1');
  fake.calls.length = 0;
  refreshes = 0;
});

const CONNECTED = { clientId: 'id', clientSecret: 'secret', access_token: 'token-1', refresh_token: 'r-1' };

/** The Gmail tools of a node with these inputs; renewing hands out `token-2` (accepted by the fake). */
async function tools(
  inputs: Record<string, unknown>,
  options: {
    credential?: Record<string, unknown>;
    http?: GuardedFetch;
    renew?: 'works' | 'fails' | 'none';
  } = {},
) {
  const renew = options.renew ?? 'works';
  const ctx = nodeContext(gmail, {
    inputs,
    credential: options.credential ?? CONNECTED,
    ...(renew !== 'none' && {
      refreshCredential: () => {
        refreshes += 1;
        if (renew === 'fails')
          return Promise.reject(
            new Error('Google refused the refresh token (invalid_grant). Authenticate again.'),
          );
        accepted.add('token-2');
        return Promise.resolve({ ...CONNECTED, access_token: 'token-2' });
      },
    }),
    services: { http: options.http ?? plainFetch, providerBaseUrls: { gmail: fake.url } },
  });
  const built = (await gmail.init!(ctx)) as ToolHandle[];
  return Object.fromEntries(built.map((t) => [t.name, t]));
}

const messages = (actions: string[], extra: Record<string, unknown> = {}) =>
  tools({ gmailType: 'messages', messageActions: JSON.stringify(actions), ...extra });

describe('Gmail', () => {
  it('offers each chosen action as its own tool, with Flowise names and argument schemas', async () => {
    const offered = await messages(['listMessages', 'sendMessage']);
    expect(Object.keys(offered)).toEqual(['list_messages', 'send_message']);
    expect(offered.send_message!.inputSchema).toMatchObject({
      type: 'object',
      properties: { to: { type: 'string' }, subject: {}, body: {}, cc: {}, bcc: {} },
      required: ['to'],
    });
    // A recipient set on the node makes "to" optional for the model.
    const preset = await messages(['sendMessage'], { messageTo: 'ops@example.com' });
    expect(preset.send_message!.inputSchema).toMatchObject({ required: [] });
    await expect(tools({ gmailType: 'messages' })).rejects.toThrow('Gmail: choose at least one action');
    await expect(tools({ gmailType: 'spam' })).rejects.toThrow(/Gmail: choose a Type \(Drafts, Messages/);
    await expect(messages(['sendDraft'])).rejects.toThrow(/"sendDraft" is not an action of this type/);
  });

  it('sends mail as a MIME message with the bearer token, to the Gmail API only', async () => {
    const { send_message } = await messages(['sendMessage']);
    const out = await send_message!.invoke(
      { to: 'ann@example.com, bo@example.com', subject: 'Größe', body: 'Hello Ann', cc: 'cc@example.com' },
      { signal },
    );
    const sent = JSON.parse(out) as { id: string; labelIds: string[] };
    expect(sent.labelIds).toEqual(['SENT']);
    const stored = fake.messages.get(sent.id)!;
    expect(stored.headers).toMatchObject({
      To: 'ann@example.com, bo@example.com',
      Subject: 'Größe',
      Cc: 'cc@example.com',
    });
    expect(stored).toMatchObject({ body: 'Hello Ann', mimeType: 'text/plain' });
    const [call] = fake.calls;
    expect(call).toMatchObject({ method: 'POST', path: '/gmail/v1/users/me/messages/send' });
    expect(call!.headers.authorization).toBe('Bearer token-1');
  });

  it('uses the node presets where the caller gives none, and the caller’s values first', async () => {
    const { send_message } = await messages(['sendMessage'], {
      messageTo: 'ops@example.com',
      messageSubject: 'Daily report',
    });
    const first = JSON.parse(await send_message!.invoke({ body: '<p>All <b>green</b></p>' }, { signal })) as {
      id: string;
    };
    expect(fake.messages.get(first.id)).toMatchObject({
      headers: { To: 'ops@example.com', Subject: 'Daily report' },
      mimeType: 'text/html',
    });
    const second = JSON.parse(
      await send_message!.invoke({ to: 'ceo@example.com', body: 'x' }, { signal }),
    ) as {
      id: string;
    };
    expect(fake.messages.get(second.id)!.headers.To).toBe('ceo@example.com');
  });

  it('checks every argument before calling Gmail, naming the tool', async () => {
    const { send_message, get_message, list_messages } = await messages([
      'sendMessage',
      'getMessage',
      'listMessages',
    ]);
    await expect(send_message!.invoke({ subject: 'x' }, { signal })).rejects.toThrow(
      'Gmail send_message: "to" is required',
    );
    await expect(
      send_message!.invoke({ to: 'a@example.com', subject: 'Hi\r\nBcc: spy@evil.example' }, { signal }),
    ).rejects.toThrow('Gmail send_message: "subject" must be one line');
    await expect(send_message!.invoke({ to: 'not an address' }, { signal })).rejects.toThrow(
      '"to" must be e-mail addresses separated by commas',
    );
    await expect(get_message!.invoke({ id: '../labels' }, { signal })).rejects.toThrow('"id" must be an id');
    await expect(list_messages!.invoke({ maxResults: 5000 }, { signal })).rejects.toThrow(
      '"maxResults" must be at most 500',
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('lists and reads mail as text: headers, body (HTML made text) and no MIME parts', async () => {
    const plain = fake.seed({
      from: 'ann@example.com',
      subject: 'Invoice 42',
      body: 'Please pay by Friday.',
    });
    const html = fake.seed({
      from: 'bo@example.com',
      subject: 'Newsletter',
      body: '<html><style>p{}</style><body><p>Hello &amp; welcome</p></body></html>',
      mimeType: 'text/html',
    });
    const { list_messages, get_message } = await messages(['listMessages', 'getMessage']);
    const listed = JSON.parse(
      await list_messages!.invoke({ query: 'invoice', maxResults: '10' }, { signal }),
    ) as {
      messages: { id: string }[];
    };
    expect(listed.messages.map((m) => m.id)).toEqual([plain.id]);
    expect(fake.calls[0]!.query.get('maxResults')).toBe('10');
    expect(JSON.parse(await get_message!.invoke({ id: plain.id }, { signal }))).toMatchObject({
      id: plain.id,
      from: 'ann@example.com',
      subject: 'Invoice 42',
      labelIds: ['INBOX', 'UNREAD'],
      body: 'Please pay by Friday.',
    });
    expect(JSON.parse(await get_message!.invoke({ id: html.id }, { signal }))).toMatchObject({
      body: 'Hello & welcome',
    });
  });

  it('changes labels of messages and threads, trashes, untrashes and deletes', async () => {
    const seeded = fake.seed({ from: 'ann@example.com', subject: 'Hi', body: 'x' });
    const m = await messages(['modifyMessage', 'trashMessage', 'untrashMessage', 'deleteMessage']);
    // A Tool node sends label lists as typed: text with commas.
    await m.modify_message!.invoke(
      { id: seeded.id, addLabelIds: 'STARRED, IMPORTANT', removeLabelIds: ['UNREAD'] },
      { signal },
    );
    expect(fake.messages.get(seeded.id)!.labelIds).toEqual(['INBOX', 'STARRED', 'IMPORTANT']);
    await expect(m.modify_message!.invoke({ id: seeded.id }, { signal })).rejects.toThrow(
      /give labels to add/,
    );
    await m.trash_message!.invoke({ id: seeded.id }, { signal });
    expect(fake.messages.get(seeded.id)!.labelIds).toContain('TRASH');
    await m.untrash_message!.invoke({ id: seeded.id }, { signal });
    expect(fake.messages.get(seeded.id)!.labelIds).not.toContain('TRASH');
    expect(await m.delete_message!.invoke({ id: seeded.id }, { signal })).toBe(
      `Deleted message ${seeded.id}`,
    );
    expect(fake.messages.has(seeded.id)).toBe(false);

    const first = fake.seed({ from: 'ann@example.com', subject: 'Plan', body: 'one' });
    fake.seed({ from: 'bo@example.com', subject: 'Re: Plan', body: 'two', threadId: first.threadId });
    const t = await tools({
      gmailType: 'threads',
      threadActions: [
        'listThreads',
        'getThread',
        'modifyThread',
        'trashThread',
        'untrashThread',
        'deleteThread',
      ],
    });
    expect(JSON.parse(await t.list_threads!.invoke({ query: 'plan' }, { signal }))).toMatchObject({
      threads: [{ id: first.threadId }],
    });
    const thread = JSON.parse(await t.get_thread!.invoke({ id: first.threadId }, { signal })) as {
      messages: { body: string }[];
    };
    expect(thread.messages.map((x) => x.body)).toEqual(['one', 'two']);
    await t.modify_thread!.invoke({ id: first.threadId, removeLabelIds: 'UNREAD' }, { signal });
    await t.trash_thread!.invoke({ id: first.threadId }, { signal });
    await t.untrash_thread!.invoke({ id: first.threadId }, { signal });
    expect(await t.delete_thread!.invoke({ id: first.threadId }, { signal })).toBe(
      `Deleted thread ${first.threadId}`,
    );
  });

  it('writes, reads, rewrites, sends and deletes drafts', async () => {
    const d = await tools({
      gmailType: 'drafts',
      draftActions: ['createDraft', 'listDrafts', 'getDraft', 'updateDraft', 'sendDraft', 'deleteDraft'],
    });
    const draft = JSON.parse(
      await d.create_draft!.invoke({ to: 'ann@example.com', subject: 'Offer', body: 'v1' }, { signal }),
    ) as {
      id: string;
    };
    expect(JSON.parse(await d.list_drafts!.invoke({}, { signal }))).toMatchObject({
      drafts: [{ id: draft.id }],
    });
    await d.update_draft!.invoke(
      { id: draft.id, to: 'ann@example.com', subject: 'Offer', body: 'v2' },
      { signal },
    );
    expect(JSON.parse(await d.get_draft!.invoke({ id: draft.id }, { signal }))).toMatchObject({
      id: draft.id,
      message: { subject: 'Offer', body: 'v2', labelIds: ['DRAFT'] },
    });
    expect(JSON.parse(await d.send_draft!.invoke({ id: draft.id }, { signal }))).toMatchObject({
      labelIds: ['SENT'],
    });
    const other = JSON.parse(await d.create_draft!.invoke({ to: 'bo@example.com' }, { signal })) as {
      id: string;
    };
    expect(await d.delete_draft!.invoke({ id: other.id }, { signal })).toBe(`Deleted draft ${other.id}`);
  });

  it('manages labels', async () => {
    const l = await tools({
      gmailType: 'labels',
      labelActions: ['listLabels', 'getLabel', 'createLabel', 'updateLabel', 'deleteLabel'],
    });
    const label = JSON.parse(
      await l.create_label!.invoke({ labelName: 'Clients', labelColor: '#4A86E8' }, { signal }),
    ) as {
      id: string;
    };
    expect(fake.labels.get(label.id)).toMatchObject({
      name: 'Clients',
      color: { backgroundColor: '#4a86e8', textColor: '#000000' },
      labelListVisibility: 'labelShow',
    });
    await l.update_label!.invoke({ id: label.id, labelName: 'Customers' }, { signal });
    expect(JSON.parse(await l.get_label!.invoke({ id: label.id }, { signal }))).toMatchObject({
      name: 'Customers',
    });
    await expect(l.update_label!.invoke({ id: label.id }, { signal })).rejects.toThrow(
      'give a new labelName or labelColor',
    );
    expect(JSON.parse(await l.list_labels!.invoke({}, { signal })).labels).toContainEqual(
      expect.objectContaining({ id: 'INBOX' }),
    );
    expect(await l.delete_label!.invoke({ id: label.id }, { signal })).toBe(`Deleted label ${label.id}`);
    await expect(l.create_label!.invoke({ labelColor: 'red' }, { signal })).rejects.toThrow(
      '"labelName" is required; "labelColor" must be a colour like #4a86e8',
    );
  });
});

describe('Gmail access token', () => {
  it('renews a token Gmail refuses once, and sends the request again with the new one', async () => {
    const { list_labels } = await tools({ gmailType: 'labels', labelActions: ['listLabels'] });
    accepted.clear();
    await list_labels!.invoke({}, { signal });
    expect(refreshes).toBe(1);
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    // The renewed token is kept for the next calls of the run.
    await list_labels!.invoke({}, { signal });
    expect(refreshes).toBe(1);
    expect(fake.calls[2]!.headers.authorization).toBe('Bearer token-2');
  });

  it('renews before the first call when the credential says the token has expired', async () => {
    const { list_labels } = await tools(
      { gmailType: 'labels', labelActions: ['listLabels'] },
      { credential: { ...CONNECTED, expires_at: '2000-01-01T00:00:00.000Z' } },
    );
    await list_labels!.invoke({}, { signal });
    expect(refreshes).toBe(1);
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual(['Bearer token-2']);
  });

  it('asks to reconnect when renewing fails or the new token is refused too, never showing a token', async () => {
    const labels = { gmailType: 'labels', labelActions: ['listLabels'] };
    accepted.clear();
    const failing = await tools(labels, { renew: 'fails' });
    await expect(failing.list_labels!.invoke({}, { signal })).rejects.toThrow(
      'Gmail: could not renew the access token. Google refused the refresh token (invalid_grant). Authenticate again.',
    );
    const refused = await tools(labels, {
      http: (url, init) => {
        accepted.delete('token-2');
        return plainFetch(url, init);
      },
    });
    const error = await refused.list_labels!.invoke({}, { signal }).catch((e: Error) => e.message);
    expect(error).toMatch(
      /^Gmail did not accept the credential's access token \(HTTP 401 Unauthorized\): Request had invalid authentication credentials.*Reconnect the credential: open the Gmail OAuth2 credential and press Authenticate\.$/,
    );
    expect(error).not.toMatch(/token-[12]/);
    const none = await tools(labels, { renew: 'none' });
    await expect(none.list_labels!.invoke({}, { signal })).rejects.toThrow(/Reconnect the credential/);
  });

  it('says what is wrong with the credential before calling anything', async () => {
    const labels = { gmailType: 'labels', labelActions: ['listLabels'] };
    const missing = await tools(labels, { credential: {} });
    await expect(missing.list_labels!.invoke({}, { signal })).rejects.toThrow(
      'Gmail has no credential: choose a Gmail OAuth2 credential on the node',
    );
    const unsigned = await tools(labels, { credential: { clientId: 'id', clientSecret: 's' } });
    await expect(unsigned.list_labels!.invoke({}, { signal })).rejects.toThrow(
      'The Gmail OAuth2 credential is not connected yet: open it and press Authenticate to sign in',
    );
    expect(fake.calls).toHaveLength(0);
  });

  it('turns refusals, missing items and rate limits into readable errors', async () => {
    const { get_label } = await tools({ gmailType: 'labels', labelActions: ['getLabel'] });
    fake.failNext(403, 'Request had insufficient authentication scopes.');
    await expect(get_label!.invoke({ id: 'INBOX' }, { signal })).rejects.toThrow(
      'Gmail refused the request (HTTP 403 Forbidden): Request had insufficient authentication scopes. The signed-in account, or the scopes it granted, do not allow this; press Authenticate on the Gmail OAuth2 credential to grant them again.',
    );
    await expect(get_label!.invoke({ id: 'Label_404' }, { signal })).rejects.toThrow(
      'Gmail found no such item (HTTP 404 Not Found): Requested entity was not found. Check the ids given.',
    );
    fake.failNext(429, 'Too many concurrent requests for user');
    await expect(get_label!.invoke({ id: 'INBOX' }, { signal })).rejects.toThrow(
      'Gmail is limiting requests (HTTP 429 Too Many Requests): Too many concurrent requests for user. Try again later.',
    );
  });

  it('sends the token only to the Gmail API, never across a redirect, and reads at most 2 MB', async () => {
    const seen: { url: string; redirect: RequestInit['redirect'] }[] = [];
    const huge: GuardedFetch = (url, init) => {
      seen.push({ url, redirect: init?.redirect });
      return Promise.resolve(new Response(`{"labels":["${'x'.repeat(3 * 1024 * 1024)}"]}`));
    };
    const { list_labels } = await tools(
      { gmailType: 'labels', labelActions: ['listLabels'] },
      { http: huge },
    );
    await expect(list_labels!.invoke({}, { signal })).rejects.toThrow(
      'Gmail answered more than 2 MB; the answer was not read',
    );
    expect(seen).toEqual([{ url: `${fake.url}/gmail/v1/users/me/labels`, redirect: 'error' }]);
  });
});

describe('Gmail in a v2 Tool node', () => {
  it('sends the mail the flow wrote (Human In The Loop), renewing the stored token through the server', async () => {
    const stored = { credentialName: 'gmailOAuth2', data: { ...CONNECTED, access_token: 'stale' } };
    const renewed: string[] = [];
    const services = testServices({
      http: plainFetch,
      providerBaseUrls: { gmail: fake.url },
      credentials: {
        get: (id) =>
          id === 'gmail-cred' ? Promise.resolve(stored) : Promise.reject(new Error('no such credential')),
        refreshOAuth2: (id) => {
          renewed.push(id);
          stored.data = { ...stored.data, access_token: 'token-1' };
          return Promise.resolve(stored);
        },
      },
    });
    const result = await toolAgentflow.run(
      agentflowContext(
        toolAgentflow,
        {
          toolAgentflowSelectedTool: 'gmail',
          toolAgentflowSelectedToolConfig: {
            credential: 'gmail-cred',
            gmailType: 'messages',
            messageActions: '["sendMessage"]',
            toolAgentflowSelectedTool: 'gmail',
          },
          toolInputArgs: [
            { inputArgName: 'to', inputArgValue: 'customer@example.com' },
            { inputArgName: 'subject', inputArgValue: 'Your question' },
            { inputArgName: 'body', inputArgValue: 'Thanks for asking.' },
          ],
        },
        { services },
      ),
    );
    const sent = JSON.parse(String(result.output.content)) as { id: string };
    expect(fake.messages.get(sent.id)).toMatchObject({
      headers: { To: 'customer@example.com', Subject: 'Your question' },
      body: 'Thanks for asking.',
    });
    expect(renewed).toEqual(['gmail-cred']);
    expect(fake.calls.map((c) => c.headers.authorization)).toEqual(['Bearer stale', 'Bearer token-1']);
  });
});
