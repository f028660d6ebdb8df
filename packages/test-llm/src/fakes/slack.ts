import { json, startFakeService, type FakeAnswer, type FakeCall, type FakeService } from './fake-http.js';
import { bearerOf } from './oauth-provider.js';

export interface FakeSlackChannel {
  id: string;
  name: string;
  /** Whether the bot was added to it (posting elsewhere answers `not_in_channel`). */
  is_member: boolean;
  is_archived?: boolean;
}

export interface FakeSlackMessage {
  ts: string;
  text: string;
  user: string;
  thread_ts?: string;
  reactions?: { name: string; count: number; users: string[] }[];
}

export interface FakeSlackOptions {
  /** Whether a token is good (default: any `xoxb-`/`xoxp-` token). */
  accepts?: (token: string | undefined) => boolean;
  /** The workspace the tokens belong to (default `T0FAKE`). */
  teamId?: string;
}

export interface FakeSlack extends FakeService {
  readonly channels: FakeSlackChannel[];
  /** Messages by channel id, oldest first. */
  readonly messages: Map<string, FakeSlackMessage[]>;
  readonly users: { id: string; name: string; real_name: string; profile: Record<string, unknown> }[];
  /** The next Web API call answers `{ok: false, error}` (with `headers`, e.g. `retry-after`). */
  failNext(error: string, extra?: Record<string, unknown>, headers?: Record<string, string>): void;
}

const BOT_USER = 'U0BOT';

/**
 * Slack's Web API on 127.0.0.1, for the methods the Slack MCP tool uses: `conversations.list`,
 * `conversations.history`, `conversations.replies`, `chat.postMessage`, `reactions.add`, `users.list`,
 * `users.profile.get` under `/api/`. Answers as Slack does: HTTP 200 with `ok`, errors as
 * `{ok: false, error}` (`invalid_auth`, `not_in_channel`, `channel_not_found`, `invalid_arguments`…).
 * Reads take query parameters, writes a JSON body; both need `Authorization: Bearer`.
 */
export async function startFakeSlack(options: FakeSlackOptions = {}): Promise<FakeSlack> {
  const accepts = options.accepts ?? ((token) => !!token && /^xox[bp]-/.test(token));
  const teamId = options.teamId ?? 'T0FAKE';
  const channels: FakeSlackChannel[] = [
    { id: 'C0GENERAL', name: 'general', is_member: true },
    { id: 'C0RANDOM', name: 'random', is_member: false },
    { id: 'C0OLD', name: 'old-news', is_member: true, is_archived: true },
  ];
  const messages = new Map<string, FakeSlackMessage[]>([
    [
      'C0GENERAL',
      [
        { ts: '1700000000.000100', text: 'Welcome, everyone', user: 'U0ADA' },
        { ts: '1700000100.000200', text: 'Lunch at noon?', user: 'U0BOB' },
        { ts: '1700000200.000300', text: 'Yes please', user: 'U0ADA', thread_ts: '1700000100.000200' },
      ],
    ],
  ]);
  const users = [
    {
      id: 'U0ADA',
      name: 'ada',
      real_name: 'Ada Lovelace',
      profile: { title: 'Analyst', email: 'ada@example.com' },
    },
    {
      id: 'U0BOB',
      name: 'bob',
      real_name: 'Bob Builder',
      profile: { title: 'Builder', email: 'bob@example.com' },
    },
  ];
  let failure: FakeAnswer | undefined;
  let clock = 1700001000;

  const error = (code: string, extra: Record<string, unknown> = {}) =>
    json(200, { ok: false, error: code, ...extra });
  const field = (call: FakeCall, name: string): string | undefined => {
    const fromBody = (call.body as Record<string, unknown> | undefined)?.[name];
    if (typeof fromBody === 'string') return fromBody;
    return call.query.get(name) ?? undefined;
  };
  const channelOf = (call: FakeCall) => channels.find((c) => c.id === field(call, 'channel'));
  const page = <T>(items: T[], call: FakeCall) => {
    const limit = Math.min(Number(call.query.get('limit') ?? 100) || 100, 1000);
    const start = Number(call.query.get('cursor') ?? 0) || 0;
    const next = start + limit < items.length ? String(start + limit) : '';
    return { items: items.slice(start, start + limit), next_cursor: next };
  };

  function method(name: string, call: FakeCall): FakeAnswer {
    switch (name) {
      case 'conversations.list': {
        if (call.query.get('team_id') && call.query.get('team_id') !== teamId) return error('invalid_team');
        const open = channels.filter(
          (c) => !(call.query.get('exclude_archived') === 'true' && c.is_archived),
        );
        const { items, next_cursor } = page(open, call);
        return json(200, { ok: true, channels: items, response_metadata: { next_cursor } });
      }
      case 'conversations.history': {
        const channel = channelOf(call);
        if (!channel) return error('channel_not_found');
        if (!channel.is_member) return error('not_in_channel');
        const top = (messages.get(channel.id) ?? []).filter((m) => !m.thread_ts || m.thread_ts === m.ts);
        const limit = Number(call.query.get('limit') ?? 100) || 100;
        return json(200, { ok: true, messages: top.slice(-limit).reverse(), has_more: top.length > limit });
      }
      case 'conversations.replies': {
        const channel = channelOf(call);
        if (!channel) return error('channel_not_found');
        const ts = field(call, 'ts');
        const thread = (messages.get(channel.id) ?? []).filter((m) => m.ts === ts || m.thread_ts === ts);
        if (thread.length === 0) return error('thread_not_found');
        return json(200, { ok: true, messages: thread, has_more: false });
      }
      case 'chat.postMessage': {
        const channel = channelOf(call);
        const text = field(call, 'text');
        if (!channel) return error('channel_not_found');
        if (!channel.is_member) return error('not_in_channel');
        if (!text) return error('no_text');
        clock += 1;
        const message: FakeSlackMessage = { ts: `${clock}.000100`, text, user: BOT_USER };
        const threadTs = field(call, 'thread_ts');
        if (threadTs) message.thread_ts = threadTs;
        messages.set(channel.id, [...(messages.get(channel.id) ?? []), message]);
        return json(200, { ok: true, channel: channel.id, ts: message.ts, message });
      }
      case 'reactions.add': {
        const channel = channelOf(call);
        if (!channel) return error('channel_not_found');
        const found = (messages.get(channel.id) ?? []).find((m) => m.ts === field(call, 'timestamp'));
        if (!found) return error('message_not_found');
        const name = field(call, 'name') ?? '';
        if (!/^[a-z0-9_+-]+$/.test(name)) return error('invalid_name');
        if (found.reactions?.some((r) => r.name === name)) return error('already_reacted');
        found.reactions = [...(found.reactions ?? []), { name, count: 1, users: [BOT_USER] }];
        return json(200, { ok: true });
      }
      case 'users.list': {
        const { items, next_cursor } = page(users, call);
        return json(200, { ok: true, members: items, response_metadata: { next_cursor } });
      }
      case 'users.profile.get': {
        const user = users.find((u) => u.id === call.query.get('user'));
        if (!user) return error('user_not_found');
        return json(200, { ok: true, profile: { real_name: user.real_name, ...user.profile } });
      }
      default:
        return error('unknown_method');
    }
  }

  const service = await startFakeService((call) => {
    const name = /^\/api\/([\w.]+)$/.exec(call.path)?.[1];
    if (!name) return json(404, { ok: false, error: 'unknown_method' });
    if (!accepts(bearerOf(call))) return error(bearerOf(call) ? 'invalid_auth' : 'not_authed');
    if (failure) {
      const answer = failure;
      failure = undefined;
      return answer;
    }
    const reads = [
      'conversations.list',
      'conversations.history',
      'conversations.replies',
      'users.list',
      'users.profile.get',
    ];
    if (reads.includes(name) ? call.method !== 'GET' : call.method !== 'POST')
      return error('invalid_arguments');
    return method(name, call);
  });

  return Object.assign(service, {
    channels,
    messages,
    users,
    failNext: (code: string, extra: Record<string, unknown> = {}, headers?: Record<string, string>) => {
      failure = { ...error(code, extra), ...(headers && { headers }) };
    },
  });
}
