import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { GuardedFetch, LoadMethodContext } from '@flowloom/engine';
import { startFakeSlack, type FakeSlack } from '@flowloom/test-llm';
import { nodeContext as agentflowContext, testServices } from '../../agentflow/common/test-harness.js';
import { toolAgentflow } from '../../agentflow/toolAgentflow/toolAgentflow.js';
import { nodeContext } from '../../testing/node-context.js';
import { plainFetch } from '../fake-api.js';
import type { ToolHandle } from '../tool.js';
import { slackMCP } from './slackMCP.js';

const signal = new AbortController().signal;
const BOT = { botToken: 'xoxb-bot-token-1', teamId: 'T0FAKE' };

let slack: FakeSlack;
/** Slack's hosted MCP server as the tests play it: a search tool, the token it accepts, the headers seen. */
let mcpUrl: string;
let closeMcp: () => Promise<void>;
const goodUserTokens = new Set<string>();
const mcpHeaders: IncomingMessage['headers'][] = [];

function slackMcpServer(): McpServer {
  const server = new McpServer({ name: 'fake-slack-mcp', version: '1.0.0' });
  server.registerTool(
    'slack_search_public',
    { description: 'Searches public channels', inputSchema: { query: z.string() } },
    ({ query }) => ({ content: [{ type: 'text', text: `2 messages match "${query}"` }] }),
  );
  server.registerTool(
    'slack_send_message',
    { description: 'Sends a message', inputSchema: { text: z.string() } },
    () => ({
      content: [{ type: 'text', text: 'channel_not_found' }],
      isError: true,
    }),
  );
  return server;
}

beforeAll(async () => {
  slack = await startFakeSlack();
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      mcpHeaders.push(req.headers);
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !goodUserTokens.has(token)) return void res.writeHead(401).end('invalid_auth');
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const server = slackMcpServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void server.close());
      void server.connect(transport).then(() => transport.handleRequest(req, res, JSON.parse(body)));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  mcpUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  closeMcp = () =>
    new Promise((resolve) => {
      http.closeAllConnections();
      http.close(() => resolve());
    });
});
afterAll(() => Promise.all([slack.close(), closeMcp()]));
beforeEach(() => {
  slack.calls.length = 0;
  mcpHeaders.length = 0;
  goodUserTokens.clear();
  goodUserTokens.add('xoxp-user-1');
});

const baseUrls = () => ({ slack: `${slack.url}/api`, slackMcp: mcpUrl });

async function tools(
  actions: string[],
  credential: Record<string, unknown> = BOT,
  options: { http?: GuardedFetch; refreshCredential?: () => Promise<Record<string, unknown>> } = {},
) {
  const ctx = nodeContext(slackMCP, {
    inputs: { mcpActions: JSON.stringify(actions) },
    credential,
    ...(options.refreshCredential && { refreshCredential: options.refreshCredential }),
    services: { http: options.http ?? plainFetch, providerBaseUrls: baseUrls() },
  });
  const built = (await slackMCP.init!(ctx)) as ToolHandle[];
  return Object.fromEntries(built.map((t) => [t.name, t]));
}

function listActions(
  credential: Record<string, unknown>,
  refreshCredential?: () => Promise<Record<string, unknown>>,
) {
  return slackMCP.loadMethods!.listActions!({
    inputs: {},
    credential: () => Promise.resolve(credential),
    ...(refreshCredential && { refreshCredential }),
    services: { http: plainFetch, providerBaseUrls: baseUrls() },
  } as unknown as LoadMethodContext);
}

describe('Slack MCP with a bot token', () => {
  it('offers the eight tools of Slack’s reference server without calling Slack', async () => {
    const options = await listActions(BOT);
    expect(options.map((o) => o.name)).toEqual([
      'slack_add_reaction',
      'slack_get_channel_history',
      'slack_get_thread_replies',
      'slack_get_user_profile',
      'slack_get_users',
      'slack_list_channels',
      'slack_post_message',
      'slack_reply_to_thread',
    ]);
    expect(options[0]).toMatchObject({ label: 'SLACK_ADD_REACTION' });
    expect(slack.calls).toHaveLength(0);
  });

  it('posts, replies, reacts and reads through the Web API with the bot token only', async () => {
    const t = await tools([
      'slack_post_message',
      'slack_reply_to_thread',
      'slack_add_reaction',
      'slack_get_channel_history',
      'slack_get_thread_replies',
      'slack_list_channels',
      'slack_get_users',
      'slack_get_user_profile',
    ]);
    const posted = JSON.parse(
      await t.slack_post_message!.invoke({ channel_id: 'C0GENERAL', text: 'Release is out' }, { signal }),
    ) as { ts: string; channel: string };
    expect(posted.channel).toBe('C0GENERAL');
    expect(slack.messages.get('C0GENERAL')!.at(-1)).toMatchObject({ text: 'Release is out', ts: posted.ts });
    // A timestamp written without its point is mended.
    await t.slack_reply_to_thread!.invoke(
      { channel_id: 'C0GENERAL', thread_ts: posted.ts.replace('.', ''), text: 'Notes attached' },
      { signal },
    );
    expect(slack.messages.get('C0GENERAL')!.at(-1)).toMatchObject({
      thread_ts: posted.ts,
      text: 'Notes attached',
    });
    await t.slack_add_reaction!.invoke(
      { channel_id: 'C0GENERAL', timestamp: posted.ts, reaction: ':tada:' },
      { signal },
    );
    expect(slack.messages.get('C0GENERAL')!.find((m) => m.ts === posted.ts)!.reactions).toEqual([
      { name: 'tada', count: 1, users: ['U0BOT'] },
    ]);

    const history = JSON.parse(
      await t.slack_get_channel_history!.invoke({ channel_id: 'C0GENERAL', limit: 2 }, { signal }),
    ) as { messages: { text: string }[]; ok?: boolean };
    expect(history.messages.map((m) => m.text)).toEqual(['Release is out', 'Lunch at noon?']);
    expect(history.ok).toBeUndefined();
    const thread = JSON.parse(
      await t.slack_get_thread_replies!.invoke(
        { channel_id: 'C0GENERAL', thread_ts: '1700000100.000200' },
        { signal },
      ),
    ) as { messages: { text: string }[] };
    expect(thread.messages.map((m) => m.text)).toEqual(['Lunch at noon?', 'Yes please']);

    const channels = JSON.parse(await t.slack_list_channels!.invoke({ limit: 500 }, { signal })) as {
      channels: { name: string }[];
    };
    expect(channels.channels.map((c) => c.name)).toEqual(['general', 'random']);
    const list = slack.calls.find((c) => c.path === '/api/conversations.list')!;
    expect(Object.fromEntries(list.query)).toEqual({
      types: 'public_channel',
      exclude_archived: 'true',
      limit: '200',
      team_id: 'T0FAKE',
    });
    const users = JSON.parse(await t.slack_get_users!.invoke({}, { signal })) as {
      members: { name: string }[];
    };
    expect(users.members.map((u) => u.name)).toEqual(['ada', 'bob']);
    const profile = JSON.parse(await t.slack_get_user_profile!.invoke({ user_id: 'U0ADA' }, { signal })) as {
      profile: { real_name: string };
    };
    expect(profile.profile.real_name).toBe('Ada Lovelace');

    expect(new Set(slack.calls.map((c) => c.headers.authorization))).toEqual(
      new Set(['Bearer xoxb-bot-token-1']),
    );
    const post = slack.calls.find((c) => c.path === '/api/chat.postMessage')!;
    expect(post.method).toBe('POST');
    expect(post.body).toEqual({ channel: 'C0GENERAL', text: 'Release is out' });
  });

  it('says what Slack refused and what helps', async () => {
    const t = await tools(['slack_post_message', 'slack_get_channel_history']);
    await expect(
      t.slack_post_message!.invoke({ channel_id: 'C0RANDOM', text: 'hi' }, { signal }),
    ).rejects.toThrow(
      'Slack refused chat.postMessage (not_in_channel): the bot is not a member of that channel: invite it there first (/invite @your-bot)',
    );
    await expect(t.slack_post_message!.invoke({ channel_id: 'C0GENERAL' }, { signal })).rejects.toThrow(
      '"text" is required',
    );
    slack.failNext('missing_scope', { needed: 'channels:history', provided: 'chat:write' });
    await expect(
      t.slack_get_channel_history!.invoke({ channel_id: 'C0GENERAL' }, { signal }),
    ).rejects.toThrow(
      "Slack refused conversations.history (missing_scope): the app lacks the channels:history scope: add it to the app's bot token scopes and reinstall",
    );
    slack.failNext('ratelimited', {}, { 'retry-after': '30' });
    await expect(
      t.slack_get_channel_history!.invoke({ channel_id: 'C0GENERAL' }, { signal }),
    ).rejects.toThrow(
      'Slack refused conversations.history (ratelimited): Slack is limiting requests: try again in 30 seconds',
    );
    const bad = await tools(['slack_list_channels'], { botToken: 'not-a-token', teamId: 'T0FAKE' });
    await expect(bad.slack_list_channels!.invoke({}, { signal })).rejects.toThrow(
      'Slack refused conversations.list (invalid_auth): the bot token is not valid: check the Slack Bot Token credential',
    );
  });

  it('sends the token only to the Slack API, never across a redirect, and refuses unknown or no actions', async () => {
    const seen: { url: string; redirect: RequestInit['redirect'] }[] = [];
    const recording: GuardedFetch = (url, init) => {
      seen.push({ url, redirect: init?.redirect });
      return plainFetch(url, init);
    };
    const t = await tools(['slack_get_user_profile'], BOT, { http: recording });
    await t.slack_get_user_profile!.invoke({ user_id: 'U0BOB' }, { signal });
    expect(seen).toEqual([
      { url: `${slack.url}/api/users.profile.get?user=U0BOB&include_labels=true`, redirect: 'error' },
    ]);
    await expect(tools(['slack_delete_workspace'])).rejects.toThrow(
      'Slack offers no tool "slack_delete_workspace" with this credential (it offers: slack_list_channels,',
    );
    await expect(tools([])).rejects.toThrow('No actions are chosen');
  });

  it('mends timestamps models write loosely, and bounds what it sends', async () => {
    const t = await tools(['slack_post_message', 'slack_get_thread_replies']);
    // A number loses the trailing zeros of the timestamp; a string may lose its point.
    await t.slack_get_thread_replies!.invoke(
      { channel_id: 'C0GENERAL', thread_ts: 1700000100.0002 },
      { signal },
    );
    await t.slack_get_thread_replies!.invoke(
      { channel_id: 'C0GENERAL', thread_ts: '1700000100000200' },
      { signal },
    );
    expect(slack.calls.map((c) => c.query.get('ts'))).toEqual(['1700000100.000200', '1700000100.000200']);
    await expect(
      t.slack_post_message!.invoke({ channel_id: 'C0GENERAL', text: 'x'.repeat(40_001) }, { signal }),
    ).rejects.toThrow('"text" is longer than 40000 characters');
    await expect(
      t.slack_post_message!.invoke({ channel_id: 'C'.repeat(101), text: 'hi' }, { signal }),
    ).rejects.toThrow('"channel_id" is longer than 100 characters');
    expect(slack.calls).toHaveLength(2);
  });

  it('reads a rate limit without a JSON body, and never repeats the token when Slack cannot be reached', async () => {
    const limited: GuardedFetch = () =>
      Promise.resolve(new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '7' } }));
    const t = await tools(['slack_list_channels'], BOT, { http: limited });
    await expect(t.slack_list_channels!.invoke({}, { signal })).rejects.toThrow(
      'Slack refused conversations.list (ratelimited): Slack is limiting requests: try again in 7 seconds',
    );
    const failing: GuardedFetch = () => Promise.reject(new Error(`socket hang up (Bearer ${BOT.botToken})`));
    const down = await tools(['slack_list_channels'], BOT, { http: failing });
    const error = await down.slack_list_channels!.invoke({}, { signal }).catch((e: Error) => e);
    expect(String(error)).toContain(
      'Slack could not be reached for conversations.list: socket hang up (Bearer ***)',
    );
    expect(String(error)).not.toContain(BOT.botToken);
  });

  it('runs in a v2 Tool node as the Workplace Chat template uses it: slack_post_message with the flow’s text', async () => {
    const services = testServices({
      http: plainFetch,
      providerBaseUrls: baseUrls(),
      credentials: {
        get: (id) =>
          id === 'slack-bot'
            ? Promise.resolve({ credentialName: 'slackApi', data: BOT })
            : Promise.reject(new Error('no such credential')),
      },
    });
    const result = await toolAgentflow.run(
      agentflowContext(
        toolAgentflow,
        {
          toolAgentflowSelectedTool: 'slackMCP',
          toolAgentflowSelectedToolConfig: {
            credential: 'slack-bot',
            mcpActions: '["slack_post_message"]',
            toolAgentflowSelectedTool: 'slackMCP',
          },
          toolInputArgs: [
            { inputArgName: 'channel_id', inputArgValue: 'C0GENERAL' },
            { inputArgName: 'text', inputArgValue: 'Standup moved to 10:00' },
          ],
        },
        { services },
      ),
    );
    expect(String(result.output.content)).toContain('"channel":"C0GENERAL"');
    expect(slack.messages.get('C0GENERAL')!.at(-1)!.text).toBe('Standup moved to 10:00');
  });
});

describe('Slack MCP with a user token (OAuth2)', () => {
  const USER = {
    clientId: 'id',
    clientSecret: 'secret',
    access_token: 'xoxp-user-1',
    refresh_token: 'xoxe-r-1',
  };

  it('lists and calls the tools of Slack’s MCP server with the user token', async () => {
    const options = await listActions(USER);
    expect(options.map((o) => o.name)).toEqual(['slack_search_public', 'slack_send_message']);
    const t = await tools(['slack_search_public'], USER);
    expect(Object.keys(t)).toEqual(['slack_search_public']);
    expect(await t.slack_search_public!.invoke({ query: 'release' }, { signal })).toBe(
      '2 messages match "release"',
    );
    expect(mcpHeaders.every((h) => h.authorization === 'Bearer xoxp-user-1')).toBe(true);
    expect(slack.calls).toHaveLength(0);
  });

  it('renews a refused or expired token once, and asks for a new sign-in when that fails', async () => {
    goodUserTokens.clear();
    goodUserTokens.add('xoxp-user-2');
    let renewals = 0;
    const refreshCredential = () => {
      renewals += 1;
      return Promise.resolve({ ...USER, access_token: 'xoxp-user-2' });
    };
    const t = await tools(['slack_search_public'], USER, { refreshCredential });
    expect(await t.slack_search_public!.invoke({ query: 'q' }, { signal })).toBe('2 messages match "q"');
    expect(renewals).toBe(1);

    const expired = {
      ...USER,
      access_token: 'xoxp-user-2',
      expires_at: new Date(Date.now() - 1000).toISOString(),
    };
    goodUserTokens.add('xoxp-user-3');
    const options = await listActions(expired, () => {
      renewals += 1;
      return Promise.resolve({ ...USER, access_token: 'xoxp-user-3' });
    });
    expect(options).toHaveLength(2);
    expect(renewals).toBe(2);
    expect(mcpHeaders.at(-1)!.authorization).toBe('Bearer xoxp-user-3');

    goodUserTokens.clear();
    await expect(tools(['slack_search_public'], USER, { refreshCredential })).rejects.toThrow(
      "Slack's MCP server did not accept the credential's access token (HTTP 401). Reconnect the credential: open the Slack User Token OAuth2 credential and press Authenticate.",
    );
    const refused = await listActions(USER);
    expect(refused).toEqual([
      expect.objectContaining({
        name: 'error',
        description: expect.stringContaining('did not accept the credential'),
      }),
    ]);
  });

  it('renews once for calls refused together, and never follows a redirect with the token', async () => {
    let renewals = 0;
    const refreshCredential = async () => {
      renewals += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      goodUserTokens.add('xoxp-user-4');
      return { ...USER, access_token: 'xoxp-user-4' };
    };
    const t = await tools(['slack_search_public'], USER, { refreshCredential });
    goodUserTokens.clear();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((query) => t.slack_search_public!.invoke({ query }, { signal })),
    );
    expect(answers).toEqual(['2 messages match "a"', '2 messages match "b"', '2 messages match "c"']);
    expect(renewals).toBe(1);

    const redirects: (RequestInit['redirect'] | undefined)[] = [];
    const recording: GuardedFetch = (url, init) => {
      redirects.push(init?.redirect);
      return plainFetch(url, init);
    };
    goodUserTokens.add('xoxp-user-1');
    await tools(['slack_search_public'], USER, { http: recording });
    expect(redirects.length).toBeGreaterThan(0);
    expect(new Set(redirects)).toEqual(new Set(['error']));
  });

  it('passes a tool’s failure on, named, and says when the credential is not connected', async () => {
    const t = await tools(['slack_send_message'], USER);
    await expect(t.slack_send_message!.invoke({ text: 'x' }, { signal })).rejects.toThrow(
      'Slack MCP (slackMCP_0): tool "slack_send_message" failed: channel_not_found',
    );
    await expect(tools(['slack_search_public'], { clientId: 'id', clientSecret: 's' })).rejects.toThrow(
      'The Slack User Token OAuth2 credential is not connected yet: open it and press Authenticate to sign in',
    );
    await expect(tools(['slack_search_public'], {})).rejects.toThrow('Slack MCP has no credential');
    expect(await listActions({})).toEqual([
      expect.objectContaining({ label: 'No Available Actions', name: 'error' }),
    ]);
  });
});
