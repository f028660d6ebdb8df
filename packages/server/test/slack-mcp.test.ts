import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  startFakeOAuthProvider,
  startFakeSlack,
  startTestLlmServer,
  type FakeOAuthProvider,
  type FakeSlack,
  type TestLlmServer,
} from '@flowloom/test-llm';
import { REDACTED_SECRET } from '@flowloom/shared';
import { openAiCredential, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';
import { toolAgentFlow } from './tool-agent-flow.js';

/**
 * Slack MCP end to end: a bot-token credential lets a Tool Agent post through a fake Slack Web API;
 * a Slack User Token OAuth2 credential signs in at a fake Slack (Slack's token answers: always 200,
 * `ok`, the token under `authed_user`) and lists the tools of a fake Slack MCP server, renewing an
 * expired token through the server on the way.
 */

const CLIENT = { clientId: '1234.5678', clientSecret: 'slack-client-secret-9b2e' };

let llm: TestLlmServer;
let slack: FakeSlack;
let slackAuth: FakeOAuthProvider;
let server: TestServer;
let owner: Session;
let mcpUrl: string;
let closeMcp: () => Promise<void>;
const mcpTokens: string[] = [];

beforeAll(async () => {
  llm = await startTestLlmServer();
  slack = await startFakeSlack();
  slackAuth = await startFakeOAuthProvider(CLIENT);
  const mcp = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      mcpTokens.push(token ?? '');
      if (!slackAuth.accepts(token)) return void res.writeHead(401).end();
      if (req.method !== 'POST') return void res.writeHead(405).end();
      const served = new McpServer({ name: 'fake-slack-mcp', version: '1.0.0' });
      served.registerTool('slack_read_canvas', { description: 'Reads a canvas' }, () => ({
        content: [{ type: 'text', text: 'canvas' }],
      }));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => void served.close());
      void served.connect(transport).then(() => transport.handleRequest(req, res, JSON.parse(body)));
    });
  });
  await new Promise<void>((resolve) => mcp.listen(0, '127.0.0.1', resolve));
  mcpUrl = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`;
  closeMcp = () =>
    new Promise((resolve) => {
      mcp.closeAllConnections();
      mcp.close(() => resolve());
    });
  server = await startTestServer({
    env: {
      OPENAI_BASE_URL: llm.openAiBaseUrl,
      FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
      SLACK_API_BASE_URL: `${slack.url}/api`,
      SLACK_OAUTH_BASE_URL: slackAuth.url,
      SLACK_MCP_URL: mcpUrl,
    },
  });
  owner = await ownerSession(server.app);
});

afterAll(async () => {
  await server.close();
  await Promise.all([llm.close(), slack.close(), slackAuth.close(), closeMcp()]);
});

const listActions = (credential: string) =>
  owner.request('POST', '/api/v1/node-load-method/slackMCP', { loadMethod: 'listActions', credential });

describe('Slack MCP', () => {
  it('lets a Tool Agent post as the bot, the token never answered', async () => {
    const created = await owner.request('POST', '/api/v1/credentials', {
      name: 'Workspace bot',
      credentialName: 'slackApi',
      plainDataObj: { botToken: 'xoxb-secret-bot-token', teamId: 'T0FAKE' },
    });
    expect(created.statusCode).toBe(201);
    const bot = created.json<{ id: string }>().id;
    const shown = await owner.request('GET', `/api/v1/credentials/${bot}`);
    expect(shown.json<{ plainDataObj: Record<string, unknown> }>().plainDataObj).toEqual({
      botToken: REDACTED_SECRET,
      teamId: 'T0FAKE',
    });
    const actions = (await listActions(bot)).json<{ name: string }[]>();
    expect(actions.map((a) => a.name)).toContain('slack_post_message');
    expect(actions).toHaveLength(8);

    const flow = await owner.request('POST', '/api/v1/chatflows', {
      name: 'Slack agent',
      type: 'CHATFLOW',
      flowData: JSON.stringify(
        toolAgentFlow(await openAiCredential(owner), {
          name: 'slackMCP',
          category: 'Tools (MCP)',
          inputs: { mcpActions: '["slack_post_message","slack_get_channel_history"]' },
          credential: bot,
        }),
      ),
    });
    llm.script({
      toolCalls: [
        { name: 'slack_post_message', arguments: { channel_id: 'C0GENERAL', text: 'Deploy done' } },
      ],
    });
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${flow.json<{ id: string }>().id}`,
      payload: { question: 'Tell #general the deploy is done' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ usedTools: { tool: string }[] }>().usedTools).toMatchObject([
      { tool: 'slack_post_message' },
    ]);
    expect(slack.messages.get('C0GENERAL')!.at(-1)!.text).toBe('Deploy done');
    expect(slack.calls.at(-1)!.headers.authorization).toBe('Bearer xoxb-secret-bot-token');
    // The model was offered both chosen tools, and nothing else.
    const offered = (llm.requests.at(-2)!.body as { tools: { function: { name: string } }[] }).tools;
    expect(offered.map((t) => t.function.name).sort()).toEqual([
      'slack_get_channel_history',
      'slack_post_message',
    ]);
  });

  it('signs a Slack user in and lists the MCP server’s tools, renewing an expired token', async () => {
    const created = await owner.request('POST', '/api/v1/credentials', {
      name: 'Me on Slack',
      credentialName: 'slackOAuth2',
      plainDataObj: {
        ...CLIENT,
        authorizationUrl: 'https://slack.com/oauth/v2_user/authorize',
        accessTokenUrl: 'https://slack.com/api/oauth.v2.user.access',
        scope: 'search:read.public search:read.private channels:history users:read.email',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const notYet = (await listActions(id)).json<{ name: string; description: string }[]>();
    expect(notYet).toEqual([
      expect.objectContaining({
        name: 'error',
        description: expect.stringContaining('is not connected yet: open it and press Authenticate'),
      }),
    ]);

    const authorize = await owner.request('POST', `/api/v1/oauth2-credential/authorize/${id}`);
    expect(authorize.statusCode).toBe(200);
    const url = new URL(authorize.json<{ authorizationUrl: string }>().authorizationUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${slackAuth.url}/oauth/v2_user/authorize`);
    // Slack takes its scopes comma-separated.
    expect(url.searchParams.get('scope')).toMatch(
      /^search:read\.public,search:read\.private,.*,users:read\.email$/,
    );
    const consent = await fetch(url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    const page = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('"type":"OAUTH2_SUCCESS"');
    expect(slackAuth.tokenRequests.at(-1)!.get('grant_type')).toBe('authorization_code');

    const listed = (await listActions(id)).json<{ name: string }[]>();
    expect(listed).toEqual([
      { label: 'SLACK_READ_CANVAS', name: 'slack_read_canvas', description: 'Reads a canvas' },
    ]);
    const signedIn = mcpTokens.at(-1)!;
    expect(signedIn).toMatch(/^fake-access-/);

    slackAuth.expireAccessTokens();
    const renewed = (await listActions(id)).json<{ name: string }[]>();
    expect(renewed.map((a) => a.name)).toEqual(['slack_read_canvas']);
    expect(slackAuth.tokenRequests.at(-1)!.get('grant_type')).toBe('refresh_token');
    expect(mcpTokens.at(-1)).not.toBe(signedIn);

    // Slack refuses in a 200 answer: the person is asked to sign in again.
    slackAuth.revokeRefreshTokens();
    const refused = await owner.request('POST', `/api/v1/oauth2-credential/refresh/${id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(
      'Slack refused (invalid_grant). The Slack User Token OAuth2 credential needs a new sign-in: press Authenticate on it.',
    );
  });
});
