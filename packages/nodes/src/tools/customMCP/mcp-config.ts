import { isDeepStrictEqual } from 'node:util';
import type { McpStdioServer } from '@flowloom/engine';

/** Where a Custom MCP node's server is: a remote URL, or a stdio server the operator allows. */
export type McpTarget =
  | {
      kind: 'http';
      url: URL;
      headers: Record<string, string>;
      /** `error` for a server whose headers carry a stored secret: it may not be redirected elsewhere. */
      redirect?: 'error';
    }
  | { kind: 'stdio'; server: McpStdioServer };

/** The variable operators list stdio servers in (see docs/decisions.md, "MCP"). */
export const STDIO_ALLOW_VARIABLE = 'FLOWLOOM_MCP_STDIO_ALLOW';

function configObject(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    if (value.trim() === '') throw new Error('MCP Server Config is required');
    try {
      parsed = JSON.parse(value) as unknown;
    } catch (error) {
      throw new Error(`MCP Server Config is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (parsed === undefined || parsed === null || parsed === '')
    throw new Error('MCP Server Config is required');
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error('MCP Server Config must be a JSON object with "url" (or "command")');
  return parsed as Record<string, unknown>;
}

function headersOf(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new Error('"headers" of the MCP Server Config must be an object of header names and values');
  return Object.fromEntries(
    Object.entries(value).map(([name, v]) => [name, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
}

function remoteTarget(config: Record<string, unknown>): McpTarget {
  const text = typeof config.url === 'string' ? config.url.trim() : '';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`"url" of the MCP Server Config is not a URL: ${JSON.stringify(config.url)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`"url" of the MCP Server Config must be http(s), not ${url.protocol}`);
  return { kind: 'http', url, headers: headersOf(config.headers) };
}

/**
 * A stdio server is only ever one of the operator's entries, found by name: the program, its
 * arguments and its environment are the operator's. A flow that asks for other arguments, its own
 * environment or a working directory is refused rather than half-obeyed.
 */
function stdioTarget(config: Record<string, unknown>, allowed: readonly McpStdioServer[]): McpTarget {
  const name = typeof config.command === 'string' ? config.command.trim() : '';
  if (!name) throw new Error('"command" of the MCP Server Config must be the name of a stdio server');
  if (allowed.length === 0)
    throw new Error(
      `Stdio MCP servers are off on this server: the operator lists the ones flows may start in ${STDIO_ALLOW_VARIABLE}. Use a remote server ("url") instead.`,
    );
  const server = allowed.find((s) => s.name === name);
  if (!server)
    throw new Error(
      `Stdio MCP server "${name}" is not allowed on this server (allowed: ${allowed.map((s) => s.name).join(', ')})`,
    );
  if (config.args !== undefined && !isDeepStrictEqual(config.args, [...server.args]))
    throw new Error(
      `The arguments of stdio MCP server "${name}" are set by the operator, not by the flow: remove "args" from the MCP Server Config`,
    );
  if (config.env !== undefined && !(isPlainObject(config.env) && Object.keys(config.env).length === 0))
    throw new Error(
      `The environment of stdio MCP server "${name}" is set by the operator, not by the flow: remove "env" from the MCP Server Config`,
    );
  if (config.cwd !== undefined)
    throw new Error(
      '"cwd" is not allowed in the MCP Server Config: stdio servers run where the operator set them up',
    );
  return { kind: 'stdio', server };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The server a Custom MCP node's config names (JSON text or an object): `{"url", "headers"?}` for
 * Streamable HTTP (or SSE), `{"command"}` for one of the operator's stdio servers. Throws a message
 * the flow's author can act on.
 */
export function parseMcpConfig(value: unknown, allowed: readonly McpStdioServer[] = []): McpTarget {
  const config = configObject(value);
  const hasUrl = config.url !== undefined;
  const hasCommand = config.command !== undefined;
  if (hasUrl && hasCommand) throw new Error('The MCP Server Config gives both "url" and "command": keep one');
  if (hasCommand) return stdioTarget(config, allowed);
  if (hasUrl) return remoteTarget(config);
  throw new Error('The MCP Server Config needs "url" (a remote MCP server) or "command" (a stdio server)');
}

/** How a target is named in messages: the URL without its query (it may hold a key), or the stdio name. */
export function describeTarget(target: McpTarget): string {
  return target.kind === 'http'
    ? `${target.url.origin}${target.url.pathname}`
    : `stdio server "${target.server.name}"`;
}
