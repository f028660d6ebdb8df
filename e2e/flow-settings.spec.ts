// The canvas Settings menu and the Configuration dialog (SHARING.md §2, §7): starter prompts, a rate
// limit and post-processing set on a chatflow in the browser, then seen in the chat and the run API.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createConversationFlow, createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

let context: BrowserContext;
let page: Page;
let flowId: string;

test.beforeAll(async ({ browser }) => {
  ({ context, page } = await openOwnerPage(browser));
  const credentialId = await createOpenAiCredential(page.request, `Settings ${Date.now().toString(36)}`);
  flowId = await createConversationFlow(page.request, {
    name: `Configured ${Date.now().toString(36)}`,
    credentialId,
  });
});
test.afterAll(async () => context.close());

test('starter prompts, a rate limit and post-processing set in Configuration change the chat', async () => {
  await page.goto(`/canvas/${flowId}`);
  await page.getByRole('button', { name: 'Settings' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'View Messages',
    'View Leads',
    'Upsert History',
    'Configuration',
    'Save As Template',
    'Duplicate Chatflow',
    'Load Chatflow',
    'Export Chatflow',
    'Delete Chatflow',
  ]);
  await menu.getByRole('menuitem', { name: 'Configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chatflow Configuration' });
  const sections = dialog.getByRole('navigation', { name: 'Configuration sections' });
  const save = dialog.getByRole('button', { name: 'Save' });

  // Rate Limit: a partial limit is refused in the form, a full one saved.
  await dialog.getByRole('switch', { name: 'Enable Rate Limit' }).check();
  await dialog.getByLabel('Message Limit per Duration').fill('2');
  await save.click();
  await expect(dialog.getByText('Need to fill all rate limit input fields')).toBeVisible();
  await dialog.getByLabel('Duration in Second').fill('60');
  await dialog.getByLabel('Limit Message').fill('Too many questions, wait a minute');
  await save.click();
  await expect(page.getByText('Rate Limit Configuration Saved')).toBeVisible();
  await expect(sections.getByRole('status', { name: 'Rate Limit is on' })).toBeVisible();

  // Starter Prompts.
  await sections.getByText('Starter Prompts').click();
  await dialog.getByRole('textbox', { name: 'Prompt 1' }).fill('Tell me about looms');
  await save.click();
  await expect(page.getByText('Conversation Starter Prompts Saved')).toBeVisible();
  await expect(sections.getByRole('status', { name: 'Starter Prompts is on' })).toBeVisible();

  // Post Processing: the answer comes back upper-cased, with the question appended.
  await sections.getByText('Post Processing').click();
  await dialog.getByRole('switch', { name: 'Enable Post Processing' }).check();
  const editor = dialog.getByRole('textbox', { name: 'JS Function' });
  await expect(editor).toHaveAttribute('contenteditable', 'true');
  await editor.fill('return $flow.rawOutput.toUpperCase() + " [asked: " + $flow.input + "]";');
  await save.click();
  await expect(page.getByText('Post Processing Settings Saved')).toBeVisible();
  await expect(sections.getByRole('status', { name: 'Post Processing is on' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The chat offers the starter prompt; choosing it asks it, and the answer is post-processed.
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  const prompts = chat.getByRole('list', { name: 'Starter prompts' });
  await prompts.getByText('Tell me about looms').click();
  await expect(
    chat.getByText('HELLO FROM THE TEST LLM. YOU SAID: TELL ME ABOUT LOOMS [asked: Tell me about looms]'),
  ).toBeVisible();
  await expect(prompts).toBeHidden();

  // The run API: two questions a minute, then the configured refusal.
  for (const question of ['one', 'two']) {
    const answer = await page.request.post(`/api/v1/prediction/${flowId}`, { data: { question } });
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { text: string }).text).toBe(
      `HELLO FROM THE TEST LLM. YOU SAID: ${question.toUpperCase()} [asked: ${question}]`,
    );
  }
  const refused = await page.request.post(`/api/v1/prediction/${flowId}`, { data: { question: 'three' } });
  expect(refused.status()).toBe(429);
  expect(await refused.text()).toBe('Too many questions, wait a minute');

  // A reopened dialog shows what was saved.
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Configuration' }).click();
  await expect(dialog.getByLabel('Limit Message')).toHaveValue('Too many questions, wait a minute');
});

test('Duplicate opens the saved flow unsaved in a new tab; Delete removes it and goes back to the list', async () => {
  await page.goto(`/canvas/${flowId}`);
  await page.getByRole('button', { name: 'Settings' }).click();
  const [copy] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menu').getByRole('menuitem', { name: 'Duplicate Chatflow' }).click(),
  ]);
  await copy.waitForLoadState();
  await expect(copy).toHaveURL(/\/canvas$/);
  await expect(copy.getByText('Unsaved changes')).toBeVisible();
  await expect(copy.locator('.react-flow__node')).toHaveCount(3);
  await copy.close();

  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Delete Chatflow' }).click();
  await expect(page.getByText(/^Delete Chatflow Configured /)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/chatflows$/);
  const gone = await page.request.get(`/api/v1/chatflows/${flowId}`, { headers: INTERNAL });
  expect(gone.status()).toBe(404);
});
