// A stdio MCP server for the Custom MCP tests: it reports the environment and arguments it was
// started with, so a test can check that nothing but the operator's entry reached it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'stdio-fixture', version: '1.0.0' });
server.registerTool(
  'environment',
  { description: 'The environment variables and arguments this process was started with' },
  () => ({
    content: [{ type: 'text', text: JSON.stringify({ env: process.env, argv: process.argv.slice(2) }) }],
  }),
);
await server.connect(new StdioServerTransport());
