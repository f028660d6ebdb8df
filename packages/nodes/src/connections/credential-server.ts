import type { NodeContext } from '@flowloom/engine';
import { stringInput } from '../llm/chat-model.js';

/** How two ways of writing one server are made comparable (`https://q.example:443/` = `https://q.example`). */
export type ServerForm = (server: string) => string;

/** URLs compare by origin and path, without trailing slashes; anything unparsable as itself. */
export const urlServer: ServerForm = (server) => {
  try {
    const url = new URL(server.trim());
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return server.trim().replace(/\/+$/, '');
  }
};

/** `host:port`, an IPv6 host in brackets. */
export function hostPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** `host[:port]` (IPv6 in brackets) as lower-case `host:port`, the default port filled in. */
export function hostPortServer(defaultPort: number): ServerForm {
  return (server) => {
    const { host, port } = parseHostPort(server, defaultPort);
    return hostPort(host, port);
  };
}

/** Splits `host[:port]`; `[::1]:5432` and bare IPv6 addresses are understood. */
export function parseHostPort(server: string, defaultPort: number): { host: string; port: number } {
  const text = server
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/\/.*$/, '');
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!.toLowerCase(), port: Number(bracketed[2] ?? defaultPort) };
  const parts = text.split(':');
  if (parts.length === 2 && /^\d+$/.test(parts[1]!))
    return { host: parts[0]!.toLowerCase(), port: Number(parts[1]) };
  return { host: text.toLowerCase(), port: defaultPort };
}

export interface ServerRule {
  /** The node's name, for messages (`Qdrant`). */
  service: string;
  /** The server typed on the node (its URL or host input), if any. */
  typed: string | undefined;
  /** The credential field holding the secret; an empty one sends nothing worth protecting. */
  secretField: string;
  /** The credential field naming the only server its secret may go to. */
  serverField: string;
  /** That field's label on the Credentials page, for the message that points there. */
  serverFieldLabel: string;
  /** Where the secret goes when the credential names no server (Pinecone's API); none for databases. */
  defaultServer?: string;
  form: ServerForm;
}

export interface CredentialServer {
  /**
   * The server to call: the one typed on the node, else the credential's, else (when the
   * credential holds a secret) the default. Undefined when none is known; the node decides.
   */
  server: string | undefined;
  /** The credential's fields as the node reads them (a node input of the same name wins, as in Flowise). */
  credential: Record<string, unknown>;
  /** Whether the stored credential holds a secret. */
  hasSecret: boolean;
}

/**
 * The credential fields as stored, which a flow cannot change. `ctx.credential()` lets node inputs
 * of the same name win over stored fields (Flowise's rule), and a flow's inputs may hold any key, so
 * the field naming where a secret may go is read from the stored credential itself.
 */
async function storedCredential(
  ctx: NodeContext,
  merged: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const id = ctx.node.credential ?? stringInput(ctx.inputs.FLOWISE_CREDENTIAL_ID);
  if (!id) return merged;
  return (await ctx.run.services.credentials.get(id)).data;
}

/**
 * Where a node of an external service may connect, under the rule that a stored secret goes only
 * to the server its credential names (issue 10's rule for model base URLs, for databases and
 * vector stores): without a secret the node's own server is used as it is; with one, a server
 * typed on the node must be the credential's (or, when the credential names none, the service's
 * default), because anyone who may edit a flow could otherwise send a stored key or password to a
 * server of theirs. The connection itself is still checked by the address guard.
 */
export async function credentialServer(ctx: NodeContext, rule: ServerRule): Promise<CredentialServer> {
  const credential = await ctx.credential();
  const stored = await storedCredential(ctx, credential);
  const hasSecret = stringInput(stored[rule.secretField]) !== undefined;
  const owned = stringInput(stored[rule.serverField]);
  const typed = stringInput(rule.typed);
  const allowed = owned ?? (hasSecret ? rule.defaultServer : undefined);
  if (!typed) return { server: allowed, credential, hasSecret };
  if (!hasSecret) return { server: typed, credential, hasSecret };
  if (allowed !== undefined && rule.form(typed) === rule.form(allowed))
    return { server: typed, credential, hasSecret };
  throw new Error(
    `${rule.service}: ${typed} is not where this node's credential may be sent (${
      allowed ?? 'the credential names no server'
    }). To use this server, enter it as "${rule.serverFieldLabel}" in the credential on the Credentials page: whoever manages the credential decides where its secret goes.`,
  );
}
