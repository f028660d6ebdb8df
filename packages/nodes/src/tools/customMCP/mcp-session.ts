import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { GuardedFetch } from '@flowloom/engine';
import { describeTarget, type McpTarget } from './mcp-config.js';
import { loadMcpSdk, type McpSdk } from './mcp-sdk.js';
import { OperatorStdioTransport } from './stdio-transport.js';

/** Largest piece of a server's own words quoted in a message (an HTML error page, say). */
const QUOTE_CHARS = 300;
/** Pages of `tools/list` read at most (a server that pages without end is cut off). */
const MAX_TOOL_PAGES = 20;

export interface McpSessionOptions {
  /** The run's guarded client: every HTTP request to the server goes through it. */
  http: GuardedFetch;
  /** The whole exchange (connecting included) must end within this. */
  timeoutMs: number;
  /** The run's (or tool call's) abort signal. */
  signal: AbortSignal;
}

const quote = (text: string) => (text.length > QUOTE_CHARS ? `${text.slice(0, QUOTE_CHARS)}…` : text);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Both remote transports failed: what each said. */
class NoTransportError extends Error {
  constructor(
    readonly streamable: unknown,
    readonly sse: unknown,
  ) {
    super('neither Streamable HTTP nor SSE worked');
  }
}

/** Why talking to the server failed, in words for the flow's author. */
function explain(sdk: McpSdk, error: unknown, where: string): string {
  if (error instanceof NoTransportError)
    return `${where} answered neither Streamable HTTP (${explainShort(sdk, error.streamable)}) nor SSE (${explainShort(sdk, error.sse)})`;
  return `${where} ${explainShort(sdk, error)}`;
}

function explainShort(sdk: McpSdk, error: unknown): string {
  if (error instanceof sdk.StreamableHTTPError) {
    if (error.code === 401 || error.code === 403)
      return `refused the request (HTTP ${error.code}): check the headers of the MCP Server Config`;
    if (error.code === -1) return `did not answer as an MCP server (${quote(error.message)})`;
    return `answered HTTP ${error.code}: ${quote(error.message.replace(/^Streamable HTTP error: /, ''))}`;
  }
  if (error instanceof SyntaxError)
    return `answered with something that is not JSON (${quote(error.message)})`;
  if (error instanceof Error && error.name === 'ZodError')
    return 'answered with a message that is not valid MCP (JSON-RPC)';
  if (error instanceof sdk.McpError) return `answered with an error: ${quote(error.message)}`;
  return `failed: ${quote(messageOf(error))}`;
}

function newClient(sdk: McpSdk): Client {
  return new sdk.Client({ name: 'flowloom', version: '1.0.0' }, { capabilities: {} });
}

/** A client connected over Streamable HTTP, or over SSE for a server that does not take it (4xx). */
async function connectRemote(
  sdk: McpSdk,
  target: Extract<McpTarget, { kind: 'http' }>,
  http: GuardedFetch,
  request: RequestOptions,
  track: (client: Client) => void,
): Promise<Client> {
  const fetchLike: FetchLike = (url, init) =>
    http(String(url), target.redirect ? { ...init, redirect: target.redirect } : init);
  const requestInit: RequestInit = { headers: target.headers };
  const first = newClient(sdk);
  track(first);
  try {
    await first.connect(
      new sdk.StreamableHTTPClientTransport(target.url, { fetch: fetchLike, requestInit }),
      request,
    );
    return first;
  } catch (error) {
    const oldProtocol = error instanceof sdk.StreamableHTTPError && [400, 404, 405].includes(error.code ?? 0);
    if (!oldProtocol) throw error;
    await first.close().catch(() => {});
    const second = newClient(sdk);
    track(second);
    try {
      await second.connect(
        new sdk.SSEClientTransport(target.url, { fetch: fetchLike, requestInit }),
        request,
      );
      return second;
    } catch (sseError) {
      if (request.signal?.aborted) throw sseError;
      throw new NoTransportError(error, sseError);
    }
  }
}

/**
 * Connects to the server, runs `work` with the client, and closes the connection (a stdio server's
 * process ends with it), all within `timeoutMs`: a server that hangs, or answers garbage the SDK
 * drops, fails with a message saying so instead of holding the run. The run's abort stops it too.
 */
export async function withMcpClient<T>(
  target: McpTarget,
  options: McpSessionOptions,
  what: string,
  work: (client: Client, request: RequestOptions) => Promise<T>,
): Promise<T> {
  const where = `The MCP server ${describeTarget(target)}`;
  options.signal.throwIfAborted();
  const sdk = await loadMcpSdk();
  const stop = new AbortController();
  const timedOut = new Error('timed out');
  const timer = setTimeout(() => stop.abort(timedOut), options.timeoutMs);
  const onAbort = () => stop.abort(options.signal.reason);
  options.signal.addEventListener('abort', onAbort, { once: true });
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason as Error), { once: true }),
  );
  stopped.catch(() => {});
  // The SDK's own request timeout is a backstop: ours (which also covers connecting) fires first.
  const request: RequestOptions = { signal: stop.signal, timeout: options.timeoutMs + 1_000 };
  const clients: Client[] = [];
  let lastProblem: unknown;
  const track = (client: Client) => {
    client.onerror = (error) => (lastProblem = error);
    clients.push(client);
  };
  try {
    let client: Client;
    if (target.kind === 'stdio') {
      client = newClient(sdk);
      track(client);
      await Promise.race([client.connect(new OperatorStdioTransport(target.server, sdk), request), stopped]);
    } else {
      client = await Promise.race([connectRemote(sdk, target, options.http, request, track), stopped]);
    }
    return await Promise.race([work(client, request), stopped]);
  } catch (error) {
    if (options.signal.aborted) throw options.signal.reason ?? error;
    if (stop.signal.reason === timedOut) {
      const seconds = Math.round(options.timeoutMs / 100) / 10;
      const hint = lastProblem === undefined ? '' : ` (it ${explainShort(sdk, lastProblem)})`;
      throw new Error(`${where} did not answer ${what} within ${seconds} s${hint}`, { cause: error });
    }
    throw new Error(`${explain(sdk, error, where)} (${what})`, { cause: error });
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', onAbort);
    stop.abort();
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
  }
}

/** Every tool the server lists (following `nextCursor`), in its order. */
export function listServerTools(target: McpTarget, options: McpSessionOptions): Promise<McpTool[]> {
  return withMcpClient(target, options, 'the list of its tools', async (client, request) => {
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? undefined : { cursor }, request);
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    return tools;
  });
}
