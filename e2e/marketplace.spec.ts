// The marketplace end to end: filter and search the community templates, preview one on the
// read-only canvas (also after a reload), use it, save it, run it in the chat against the scripted
// test LLM, save the flow as a custom template, find it under My Templates and delete it; a tool
// template becomes a tool.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

const CREDENTIAL = 'Marketplace OpenAI';
const FLOW_NAME = 'Assistant from the marketplace';

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  await createOpenAiCredential(page.request, CREDENTIAL);
});

test.afterAll(async () => {
  await context.close();
});

const card = (name: string) => page.getByRole('button', { name: `Open template ${name}`, exact: true });

async function chooseFilter(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('filter, preview, use a template, save it and run it in the chat', async () => {
  await page.goto('/marketplaces');
  await expect(page.getByRole('heading', { level: 1, name: 'Marketplace' })).toBeVisible();
  // Agentflows come first.
  await expect(card('Quick Answer')).toBeVisible();

  // Type filter: only tools are left; then search across name, description and node categories.
  await chooseFilter('Type', 'Tool');
  await expect(card('Word Counter')).toBeVisible();
  await expect(card('Quick Answer')).toBeHidden();
  await chooseFilter('Type', 'Tool');
  await expect(card('Quick Answer')).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search Name/Description/Node' });
  await search.fill('catchy names');
  await expect(card('Business Name Ideas')).toBeVisible();
  await expect(card('Quick Answer')).toBeHidden();
  await search.fill('Memory');
  await expect(card('Everyday Assistant')).toBeVisible();
  await expect(card('Quick Answer')).toBeHidden();

  // Preview: the template on a read-only canvas; a reload (a shared link) finds it again.
  await card('Everyday Assistant').click();
  await expect(page).toHaveURL(/\/marketplace\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Everyday Assistant' })).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeHidden();
  await expect(page.getByLabel('Add nodes', { exact: true })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Everyday Assistant' })).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(3);

  // Use Template: a new, unsaved chatflow holding the template's nodes.
  await page.getByRole('button', { name: 'Use Template' }).click();
  await expect(page).toHaveURL(/\/canvas$/);
  await expect(page.locator('.react-flow__node')).toHaveCount(3);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const model = page.locator('.react-flow__node[data-id="chatOpenAI_0"]');
  await model.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();
  await expect(model.getByRole('combobox', { name: 'Connect Credential' })).toHaveText(CREDENTIAL);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: 'Save New Chatflow' });
  await naming.getByLabel('Chatflow name').fill(FLOW_NAME);
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/canvas\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const saved = await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL });
  const flow = JSON.parse(((await saved.json()) as { flowData: string }).flowData) as {
    nodes: { data: { name: string } }[];
  };
  expect(flow.nodes.map((n) => n.data.name).sort()).toEqual([
    'bufferMemory',
    'chatOpenAI',
    'conversationChain',
  ]);

  // The chat runs it against the scripted LLM.
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('Hello template');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByText('Hello from the test LLM. You said: Hello template')).toBeVisible();
});

test('an agentflow template opens on the v2 canvas, unsaved, and runs in its chat', async () => {
  await page.goto('/marketplaces');
  await page.getByRole('textbox', { name: 'Search Name/Description/Node' }).fill('sandboxed');
  await card('Text Statistics').click();
  await expect(page).toHaveURL(/\/v2\/marketplace\/[0-9a-f-]{36}$/);
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  await page.getByRole('button', { name: 'Use Template' }).click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas$/);
  await expect(page.locator('.react-flow__node')).toHaveCount(2);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: /Save New/ });
  await naming.getByRole('textbox').fill('Counting words');
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('one two three');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByText('3 words, 13 characters')).toBeVisible();
});

test('a saved flow becomes a custom template, listed under My Templates and deletable', async () => {
  await page.goto('/chatflows');
  await page.getByRole('button', { name: `Actions for ${FLOW_NAME}` }).click();
  await page.getByRole('menuitem', { name: 'Save As Template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export As Template' });
  await expect(dialog.getByRole('textbox', { name: 'Name *' })).toHaveValue(FLOW_NAME);
  await dialog.getByRole('textbox', { name: 'Name *' }).fill('Team assistant');
  await dialog.getByRole('textbox', { name: 'Badge' }).fill('new');
  await dialog.getByRole('textbox', { name: 'Usecases' }).fill('Customer Support');
  await dialog.getByRole('textbox', { name: 'Usecases' }).press('Enter');
  await dialog.getByRole('button', { name: 'Save Template' }).click();
  await expect(page.getByText('Saved as template successfully!')).toBeVisible();

  await page.goto('/marketplaces');
  await page.getByRole('tab', { name: 'My Templates' }).click();
  await expect(card('Team assistant')).toBeVisible();
  // The saved template holds no credential.
  const custom = await page.request.get('/api/v1/marketplaces/custom', { headers: INTERNAL });
  const [template] = (await custom.json()) as { flowData: string; badge: string; usecases: string[] }[];
  expect(template!.badge).toBe('NEW');
  expect(template!.usecases).toEqual(['Customer Support']);
  const nodes = (JSON.parse(template!.flowData) as { nodes: { data: { credential?: string } }[] }).nodes;
  expect(nodes.map((n) => n.data.credential)).toEqual([undefined, undefined, undefined]);

  // Its preview opens from My Templates too.
  await card('Team assistant').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team assistant' })).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('tab', { name: 'My Templates' }).click();

  await page.getByRole('button', { name: 'Table view' }).click();
  await page.getByRole('button', { name: 'Delete Team assistant' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Delete Custom Template Team assistant?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Custom Template deleted')).toBeVisible();
  await expect(page.getByText('No Saved Custom Templates')).toBeVisible();
  await page.getByRole('button', { name: 'Card view' }).click();
});

test('a tool template opens read-only and becomes a new tool', async () => {
  await page.goto('/marketplaces');
  await page.getByRole('textbox', { name: 'Search Name/Description/Node' }).fill('slug');
  await card('Slug Maker').click();
  const preview = page.getByRole('dialog', { name: 'Slug Maker' });
  await expect(preview.getByRole('textbox', { name: 'Tool Name *' })).toHaveValue('slug_maker');
  await preview.getByRole('button', { name: 'Use Template' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Tool' });
  await expect(add.getByRole('textbox', { name: 'Tool Name *' })).toHaveValue('slug_maker');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Tool added')).toBeVisible();
  const tools = await page.request.get('/api/v1/tools', { headers: INTERNAL });
  expect(((await tools.json()) as { name: string }[]).map((t) => t.name)).toContain('slug_maker');
  expect(violations).toEqual([]);
});
