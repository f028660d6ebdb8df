import { cachedLoad } from '../../utilities/cached-load.js';

/**
 * The client side of the MCP SDK, loaded on the first MCP call rather than at start-up (with its
 * schema validator it is a sizeable part of the server bundle that most servers never use).
 */
export const loadMcpSdk = cachedLoad(async () => {
  const [client, sse, streamable, types, stdio] = await Promise.all([
    import('@modelcontextprotocol/sdk/client/index.js'),
    import('@modelcontextprotocol/sdk/client/sse.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/shared/stdio.js'),
  ]);
  return {
    Client: client.Client,
    SSEClientTransport: sse.SSEClientTransport,
    StreamableHTTPClientTransport: streamable.StreamableHTTPClientTransport,
    StreamableHTTPError: streamable.StreamableHTTPError,
    McpError: types.McpError,
    ReadBuffer: stdio.ReadBuffer,
    serializeMessage: stdio.serializeMessage,
  };
}).get;

export type McpSdk = Awaited<ReturnType<typeof loadMcpSdk>>;
