import type { NodeContext, NodeType } from '@flowloom/engine';
import { numberInput, stringInput } from '../../llm/chat-model.js';
import { credentialServer, urlServer } from '../../connections/credential-server.js';
import { jsonApi } from '../../connections/service-call.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  externalMemory,
  externalSessionId,
  memoryKeyParam,
  sessionIdParam,
  sessionTtlParam,
  type SessionStore,
} from '../external-memory.js';
import type { MemoryHandle } from '../memory.js';

/** One Redis command as Upstash's REST API takes it: the command and its arguments, as strings. */
type Command = string[];

/** What Upstash answers for one command. */
interface Reply {
  result?: unknown;
  error?: string;
}

const upstashError = (body: unknown) =>
  typeof (body as Reply | undefined)?.error === 'string' ? (body as Reply).error : undefined;

/**
 * A session's list in Upstash Redis, newest message first (as Flowise keeps it), over Upstash's REST
 * API: one command is a JSON array posted to the database's URL, several in one transaction go to
 * `/multi-exec`. The token goes only to the REST URL its credential names.
 */
function upstashSession(
  ctx: NodeContext,
  service: string,
  baseUrl: string,
  token: string,
  sessionId: string,
  ttl: number | undefined,
): SessionStore {
  const api = jsonApi(ctx, {
    service,
    baseUrl,
    headers: { authorization: `Bearer ${token}` },
    errorText: upstashError,
    // A session's window of messages; a list far larger than any chat is refused, not buffered.
    maxAnswerBytes: 8 * 1024 * 1024,
  });
  const run = async (command: Command): Promise<unknown> => {
    const { body } = await api.request<Reply>('POST', '/', command);
    return body?.result;
  };
  /** The commands as one transaction (no other command runs between them); a failed one fails the call. */
  const transaction = async (commands: Command[]): Promise<void> => {
    const { body } = await api.request<Reply[] | Reply>('POST', '/multi-exec', commands);
    const failed = Array.isArray(body) ? body.find((reply) => reply.error) : body;
    if (failed?.error) throw new Error(`${service}: Upstash answered: ${failed.error}`);
  };
  return {
    async latest(count) {
      const stored = await run(['LRANGE', sessionId, '0', String(count - 1)]);
      if (!Array.isArray(stored)) throw new Error(`${service}: Upstash answered no list for LRANGE`);
      return (stored as unknown[]).reverse();
    },
    append: (messages) =>
      transaction([
        // LPUSH puts each after the one before at the head: the answer ends up first.
        ['LPUSH', sessionId, ...messages],
        ...(ttl ? [['EXPIRE', sessionId, String(ttl)]] : []),
      ]),
    async clear() {
      await run(['DEL', sessionId]);
    },
  };
}

async function openUpstashMemory(ctx: NodeContext) {
  const service = ctx.node.label || 'Upstash Redis-Backed Chat Memory';
  const { server, credential } = await credentialServer(ctx, {
    service,
    typed: stringInput(ctx.inputs.baseURL),
    secretField: 'upstashRestToken',
    serverField: 'serverUrl',
    serverFieldLabel: 'Upstash Redis REST URL',
    form: urlServer,
  });
  if (!server) throw new Error(`${service}: Upstash Redis REST URL is required`);
  if (!/^https?:\/\//i.test(server))
    throw new Error(`${service}: Upstash Redis REST URL must start with https:// (or http://)`);
  const token = stringInput(credential.upstashRestToken);
  if (!token) throw new Error(`${service}: connect a credential with the Upstash Redis REST Token`);
  const ttlInput = numberInput(ctx.inputs.sessionTTL);
  if (ttlInput !== undefined && ttlInput < 0)
    throw new Error(`${service}: Session Timeouts must be a number of seconds, 0 or more`);
  const ttl = ttlInput ? Math.max(1, Math.floor(ttlInput)) : undefined;
  const baseUrl = server.replace(/\/+$/, '');
  return externalMemory(
    ctx,
    service,
    upstashSession(ctx, service, baseUrl, token, externalSessionId(ctx), ttl),
  );
}

/** A chatflow memory kept in an Upstash Redis list per session, reached over Upstash's REST API. */
export const UpstashRedisBackedChatMemory: NodeType = {
  icon: badgeIcon('U', '#00c98d'),
  definition: {
    label: 'Upstash Redis-Backed Chat Memory',
    name: 'upstashRedisBackedChatMemory',
    version: 2,
    type: 'UpstashRedisBackedChatMemory',
    category: 'Memory',
    baseClasses: ['UpstashRedisBackedChatMemory', 'BufferMemory', 'BaseChatMemory', 'BaseMemory'],
    description: 'Keeps the conversation in an Upstash Redis list per session, over its REST API',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      description: 'The REST token of your Upstash Redis database',
      credentialNames: ['upstashRedisMemoryApi'],
    },
    inputs: [
      {
        label: 'Upstash Redis REST URL',
        name: 'baseURL',
        type: 'string',
        placeholder: 'https://<your-url>.upstash.io',
      },
      sessionIdParam,
      sessionTtlParam,
      memoryKeyParam,
    ],
  },
  init: (ctx): Promise<MemoryHandle> => openUpstashMemory(ctx),
  clearMemory: async (ctx) => (await openUpstashMemory(ctx)).clear(),
};
