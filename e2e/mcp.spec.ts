// MCP both ways (issue 14): a chatflow switched on as an MCP server in its Configuration dialog and
// called by the SDK's own client with the token the dialog shows; then a Custom MCP node on another
// canvas lists that flow as its action and an agent calls it.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  connect,
  createCredential,
  createOpenAiCredential,
  flowNode,
  INTERNAL,
  openOwnerPage,
} from './support';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let credentialId: string;
let servedId: string;
let endpoint = '';
let token = '';

async function createFlow(name: string, nodes: unknown[], edges: unknown[]): Promise<string> {
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: { name, type: 'CHATFLOW', flowData: JSON.stringify({ nodes, edges }) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

test.beforeAll(async ({ browser }) => {
  ({ context, page } = await openOwnerPage(browser));
  credentialId = await createOpenAiCredential(page.request, `MCP ${Date.now().toString(36)}`);
  const model = await flowNode(page.request, 'chatOpenAI', 'chatOpenAI_0', 0, {}, credentialId);
  const memory = await flowNode(page.request, 'bufferMemory', 'bufferMemory_0', 0);
  const chain = await flowNode(page.request, 'conversationChain', 'conversationChain_0', 400);
  const edges = [connect(model, chain, 'model'), connect(memory, chain, 'memory')];
  servedId = await createFlow(`Support ${Date.now().toString(36)}`, [model, memory, chain], edges);
});
test.afterAll(async () => context.close());

test('a chatflow switched on as an MCP server answers the SDK client with the token shown once', async () => {
  await page.goto(`/canvas/${servedId}`);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chatflow Configuration' });
  const sections = dialog.getByRole('navigation', { name: 'Configuration sections' });
  await sections.getByText('MCP Server').click();
  await dialog.getByRole('switch', { name: 'Expose as MCP Server' }).check();
  await dialog.getByRole('textbox', { name: 'Tool Name' }).fill('support_qa');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Answers support questions');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('MCP Server settings saved')).toBeVisible();
  await expect(sections.getByRole('status', { name: 'MCP Server is on' })).toBeVisible();

  endpoint = await dialog.getByRole('textbox', { name: 'Streamable HTTP Endpoint' }).inputValue();
  expect(endpoint).toBe(`${new URL(page.url()).origin}/api/v1/mcp/${servedId}`);
  token = await dialog.getByRole('textbox', { name: 'Token (Bearer Token)' }).inputValue();
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  await expect(dialog.getByRole('button', { name: 'Copy token' })).toBeVisible();

  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['support_qa']);
    const answer = await client.callTool({
      name: 'support_qa',
      arguments: { question: 'Where is my loom?' },
    });
    expect(answer.content).toEqual([
      { type: 'text', text: 'Hello from the test LLM. You said: Where is my loom?' },
    ]);
  } finally {
    await client.close();
  }

  // Reopened, the dialog shows the token masked: it was shown only when made.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Configuration' }).click();
  await sections.getByText('MCP Server').click();
  await expect(dialog.getByRole('textbox', { name: 'Token (Bearer Token)' })).toHaveValue(
    `${token.slice(0, 4)}…${token.slice(-4)}`,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
});

test('a Custom MCP node lists the served flow as an action, and its agent calls it', async () => {
  const model = await flowNode(page.request, 'chatOpenAI', 'chatOpenAI_0', 0, {}, credentialId);
  const memory = await flowNode(page.request, 'bufferMemory', 'bufferMemory_0', 0);
  const mcp = await flowNode(page.request, 'customMCP', 'customMCP_0', 400, {
    mcpServerConfig: JSON.stringify({ url: endpoint, headers: { Authorization: `Bearer ${token}` } }),
  });
  const agent = await flowNode(page.request, 'toolAgent', 'toolAgent_0', 800);
  const edges = [
    connect(model, agent, 'model'),
    connect(memory, agent, 'memory'),
    connect(mcp, agent, 'tools'),
  ];
  const agentId = await createFlow(
    `MCP agent ${Date.now().toString(36)}`,
    [model, memory, mcp, agent],
    edges,
  );

  await page.goto(`/canvas/${agentId}`);
  const node = page.locator('.react-flow__node').filter({ hasText: 'Custom MCP' });
  await node.getByRole('textbox', { name: 'Available Actions' }).click();
  await page.getByRole('option', { name: /SUPPORT_QA/ }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  const stored = await page.request.get(`/api/v1/chatflows/${agentId}`, { headers: INTERNAL });
  const flow = JSON.parse(((await stored.json()) as { flowData: string }).flowData) as {
    nodes: { id: string; data: { inputs: Record<string, unknown> } }[];
  };
  expect(flow.nodes.find((n) => n.id === 'customMCP_0')!.data.inputs.mcpActions).toBe('["support_qa"]');

  const answer = await page.request.post(`/api/v1/prediction/${agentId}`, {
    data: { question: 'Ask support [[tool:support_qa {"question":"Where is my loom?"}]]' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  expect(((await answer.json()) as { text: string }).text).toBe(
    'The tool said Hello from the test LLM. You said: Where is my loom?',
  );
});

test('a Slack MCP node with a bot-token credential offers Slack’s tools and saves the one chosen', async () => {
  const slackCredential = await createCredential(page.request, {
    name: `Slack bot ${Date.now().toString(36)}`,
    credentialName: 'slackApi',
    plainDataObj: { botToken: 'xoxb-e2e-not-real' },
  });
  const slack = await flowNode(page.request, 'slackMCP', 'slackMCP_0', 0, {}, slackCredential);
  const flowId = await createFlow(`Slack ${Date.now().toString(36)}`, [slack], []);

  await page.goto(`/canvas/${flowId}`);
  const node = page.locator('.react-flow__node').filter({ hasText: 'Slack MCP' });
  await node.getByRole('textbox', { name: 'Available Actions' }).click();
  // Listing a bot's tools calls nothing: they are the reference Slack server's eight.
  await expect(page.getByRole('option')).toHaveCount(8);
  await page.getByRole('option', { name: /SLACK_POST_MESSAGE/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  const stored = await page.request.get(`/api/v1/chatflows/${flowId}`, { headers: INTERNAL });
  const flow = JSON.parse(((await stored.json()) as { flowData: string }).flowData) as {
    nodes: { id: string; data: { inputs: Record<string, unknown>; credential?: string } }[];
  };
  const saved = flow.nodes.find((n) => n.id === 'slackMCP_0')!.data;
  expect(saved.inputs.mcpActions).toBe('["slack_post_message"]');
  expect(saved.credential).toBe(slackCredential);
});
