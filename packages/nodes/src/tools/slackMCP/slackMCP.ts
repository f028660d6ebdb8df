import type { GuardedFetch, LoadMethodContext, NodeContext, NodeType } from '@flowloom/engine';
import type { ParamOption } from '@flowloom/shared';
import { multiOptionsInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import type { ToolHandle } from '../tool.js';
import {
  DEFAULT_MCP_TIMEOUT_MS,
  cleanDescription,
  mcpToolHandle,
  namesFor,
  type McpTargetUse,
} from '../customMCP/customMCP.js';
import type { McpTarget } from '../customMCP/mcp-config.js';
import { listServerTools } from '../customMCP/mcp-session.js';
import { SLACK_BOT_TOOLS, slackAnswerText } from './slack-bot-tools.js';
import { SLACK_API_DEFAULT_URL, slackWebApi } from './slack-web-api.js';

/** Slack's own MCP server, for user tokens; SLACK_MCP_URL replaces it (a proxy, or a local fake in tests). */
export const SLACK_MCP_DEFAULT_URL = 'https://mcp.slack.com/mcp';
/** An access token expiring within this margin is renewed before it is used. */
const EXPIRY_MARGIN_MS = 60_000;
const OAUTH_LABEL = 'Slack User Token OAuth2';

type Credential = Record<string, unknown>;
type BaseUrls = Partial<Record<string, string>>;

/** How the node reaches Slack, from its credential's fields. */
type Connection = { kind: 'bot'; token: string; teamId: string } | { kind: 'user'; data: Credential };

function connectionOf(data: Credential): Connection {
  const botToken = stringInput(data.botToken);
  if (botToken) return { kind: 'bot', token: botToken, teamId: stringInput(data.teamId) ?? '' };
  if (stringInput(data.access_token)) return { kind: 'user', data };
  if (stringInput(data.clientId))
    throw new Error(
      `The ${OAUTH_LABEL} credential is not connected yet: open it and press Authenticate to sign in`,
    );
  throw new Error(
    'Slack MCP has no credential: choose a Slack Bot Token credential (bot token and team id) or a Slack User Token OAuth2 credential',
  );
}

/** Whether a failure (or what caused it) is the server refusing the token: HTTP 401. */
function unauthorized(error: unknown): boolean {
  for (let e = error; e; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === 401) return true;
  return false;
}

function expired(data: Credential, now: Date): boolean {
  const at = typeof data.expires_at === 'string' ? Date.parse(data.expires_at) : NaN;
  return Number.isFinite(at) && at - EXPIRY_MARGIN_MS <= now.getTime();
}

interface UserSessionOptions {
  http: GuardedFetch;
  mcpUrl: string;
  now: () => Date;
  refresh: (() => Promise<Credential>) | undefined;
}

/**
 * Talks to Slack's MCP server with the credential's user token: renewed first when it has expired,
 * and when the server refuses it (401), once per session however many calls meet the refusal at the
 * same time. The token goes only to the Slack MCP address, never across a redirect.
 */
function userSession(data: Credential, options: UserSessionOptions): McpTargetUse {
  let token = stringInput(data.access_token)!;
  let renewal: Promise<void> | undefined;
  const target = (bearer: string): McpTarget => ({
    kind: 'http',
    url: new URL(options.mcpUrl),
    headers: { Authorization: `Bearer ${bearer}` },
    redirect: 'error',
  });

  function renew(refresh: () => Promise<Credential>): Promise<void> {
    renewal ??= (async () => {
      let fresh: Credential;
      try {
        fresh = await refresh();
      } catch (error) {
        throw new Error(`Slack: could not renew the access token. ${(error as Error).message}`, {
          cause: error,
        });
      }
      const next = stringInput(fresh.access_token);
      if (!next) throw new Error('Slack: renewing the access token gave none');
      token = next;
    })();
    return renewal;
  }

  return async function use<T>(run: (target: McpTarget) => Promise<T>): Promise<T> {
    const { refresh } = options;
    if (refresh && stringInput(data.refresh_token) && expired(data, options.now())) await renew(refresh);
    const used = token;
    try {
      return await run(target(used));
    } catch (error) {
      if (!unauthorized(error)) throw error;
      if (refresh) {
        // Renew unless another call already did since this one started; then try once more.
        if (token === used) await renew(refresh);
        if (token !== used) {
          try {
            return await run(target(token));
          } catch (again) {
            if (!unauthorized(again)) throw again;
          }
        }
      }
      throw new Error(
        `Slack's MCP server did not accept the credential's access token (HTTP 401). Reconnect the credential: open the ${OAUTH_LABEL} credential and press Authenticate.`,
        { cause: error },
      );
    }
  };
}

function botTools(
  connection: Extract<Connection, { kind: 'bot' }>,
  http: GuardedFetch,
  urls: BaseUrls,
): ToolHandle[] {
  const api = slackWebApi(http, urls.slack ?? SLACK_API_DEFAULT_URL, connection.token);
  return SLACK_BOT_TOOLS.map((tool) => ({
    kind: 'tool' as const,
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    async invoke(args, { signal }) {
      return slackAnswerText(await tool.call(api, args, { teamId: connection.teamId, signal }));
    },
  }));
}

/**
 * The tools Slack offers this credential by their Slack names (what "Available Actions" stores): the
 * bot toolset, or what Slack's MCP server lists (the model sees a cleaned name where it differs).
 */
async function available(
  connection: Connection,
  options: UserSessionOptions & { baseUrls: BaseUrls; signal: AbortSignal; nodeName: string },
): Promise<Map<string, ToolHandle>> {
  if (connection.kind === 'bot')
    return new Map(botTools(connection, options.http, options.baseUrls).map((tool) => [tool.name, tool]));
  const use = userSession(connection.data, options);
  const tools = await use((target) =>
    listServerTools(target, {
      http: options.http,
      timeoutMs: DEFAULT_MCP_TIMEOUT_MS,
      signal: options.signal,
    }),
  );
  const names = namesFor(tools);
  return new Map(
    tools.map((tool) => [
      tool.name,
      mcpToolHandle(tool, names.get(tool.name)!, {
        target: use,
        http: options.http,
        timeoutMs: DEFAULT_MCP_TIMEOUT_MS,
        nodeName: options.nodeName,
      }),
    ]),
  );
}

async function buildTools(ctx: NodeContext): Promise<ToolHandle[]> {
  const { services, signal } = ctx.run;
  const chosen = multiOptionsInput(ctx.inputs.mcpActions);
  if (chosen.length === 0)
    throw new Error('No actions are chosen: pick the tools to offer in "Available Actions"');
  const connection = connectionOf(await ctx.credential());
  const tools = await available(connection, {
    http: services.http,
    mcpUrl: services.providerBaseUrls.slackMcp ?? SLACK_MCP_DEFAULT_URL,
    baseUrls: services.providerBaseUrls,
    now: () => services.now(),
    refresh: ctx.refreshCredential?.bind(ctx),
    signal,
    nodeName: `${ctx.node.label} (${ctx.node.id})`,
  });
  const missing = chosen.filter((name) => !tools.has(name));
  if (missing.length > 0)
    throw new Error(
      `Slack offers no tool ${missing.map((n) => `"${n}"`).join(', ')} with this credential (it offers: ${[...tools.keys()].join(', ') || 'none'})`,
    );
  return chosen.map((name) => tools.get(name)!);
}

async function listActions(ctx: LoadMethodContext): Promise<ParamOption[]> {
  try {
    const { http } = ctx.services;
    if (!http) throw new Error('Outbound HTTP is not available while listing options');
    const connection = connectionOf(await ctx.credential());
    const urls = ctx.services.providerBaseUrls ?? {};
    let options: ParamOption[];
    if (connection.kind === 'bot')
      options = SLACK_BOT_TOOLS.map((tool) => ({
        label: tool.name.toUpperCase(),
        name: tool.name,
        description: tool.description,
      }));
    else {
      const use = userSession(connection.data, {
        http,
        mcpUrl: urls.slackMcp ?? SLACK_MCP_DEFAULT_URL,
        now: () => new Date(),
        refresh: ctx.refreshCredential?.bind(ctx),
      });
      const tools = await use((target) =>
        listServerTools(target, {
          http,
          timeoutMs: DEFAULT_MCP_TIMEOUT_MS,
          signal: new AbortController().signal,
        }),
      );
      options = tools.map((tool) => ({
        label: tool.name.toUpperCase(),
        name: tool.name,
        description: cleanDescription(tool.description || tool.name),
      }));
    }
    return options.sort((a, b) => a.name.localeCompare(b.name));
  } catch (error) {
    return [
      {
        label: 'No Available Actions',
        name: 'error',
        description: `No actions could be listed: ${(error as Error).message}`,
      },
    ];
  }
}

/**
 * Slack MCP (Flowise `slackMCP`): Slack's tools for an agent, chosen in "Available Actions". With a
 * Slack Bot Token credential the bot's toolset (the names and arguments of Slack's reference MCP
 * server) calls Slack's Web API directly, in process; with a Slack User Token OAuth2 credential the
 * tools are those of Slack's hosted MCP server, called as the person who signed in.
 */
export const slackMCP: NodeType = {
  icon: badgeIcon('S', '#4a154b'),
  definition: {
    label: 'Slack MCP',
    name: 'slackMCP',
    version: 1,
    type: 'Slack MCP Tool',
    category: 'Tools (MCP)',
    baseClasses: ['Tool'],
    description: 'Read, search and post in Slack, as a bot or as yourself',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['slackOAuth2', 'slackApi'],
    },
    inputs: [
      {
        label: 'Available Actions',
        name: 'mcpActions',
        type: 'asyncMultiOptions',
        loadMethod: 'listActions',
      },
    ],
  },
  loadMethods: { listActions },
  init: buildTools,
};
