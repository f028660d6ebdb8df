// View Messages (SHARING.md §6.1): a conversation held in the canvas chat is read back from the flow
// list's menu, exported as JSON and cleared.
import { readFileSync } from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createConversationFlow, createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

let context: BrowserContext;
let page: Page;
let violations: string[];

test.beforeAll(async ({ browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
});
test.afterAll(async () => {
  await context.close();
});

test('a canvas chat is read, exported and cleared in View Messages', async () => {
  const credentialId = await createOpenAiCredential(page.request, `Viewer LLM ${Date.now().toString(36)}`);
  const name = `Viewer ${Date.now().toString(36)}`;
  const id = await createConversationFlow(page.request, { name, credentialId });

  // Chat with the flow in the canvas chat.
  await page.goto(`/canvas/${id}`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('how do looms work');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByRole('log')).toContainText('You said: how do looms work', { timeout: 20_000 });

  // Open View Messages from the flow's "⋮" menu in the Chatflows list.
  await page.goto('/chatflows');
  await page
    .getByRole('button', { name: `Actions for ${name}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'View Messages' }).click();
  const dialog = page.getByRole('dialog', { name: /View Messages/ });
  await expect(dialog.getByLabel('Total Messages')).toContainText('2');
  await expect(dialog.getByLabel('Total Sessions')).toContainText('1');
  const sessions = dialog.getByRole('navigation', { name: 'Sessions' });
  await expect(sessions).toContainText('User: how do looms work');
  const log = dialog.getByRole('log', { name: 'Conversation messages' });
  await expect(log.getByText('how do looms work', { exact: true })).toBeVisible();
  await expect(log).toContainText('You said: how do looms work');
  await expect(dialog.getByRole('region', { name: 'Conversation' })).toContainText('Source: UI');

  // Export to JSON: the file is the conversation, pretty-printed, under <flow id>-Message.json.
  await dialog.getByRole('button', { name: 'More Actions' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Export to JSON' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${id}-Message.json`);
  const text = readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('\n  {\n    "id": ');
  const exported = JSON.parse(text) as {
    source: string;
    messages: { role: string; content: string }[];
  }[];
  expect(exported).toHaveLength(1);
  expect(exported[0]!.source).toBe('UI');
  expect(exported[0]!.messages.map((m) => m.role)).toEqual(['user', 'bot']);
  expect(exported[0]!.messages[0]!.content).toBe('how do looms work');
  await expect(page.getByText('Messages exported successfully')).toBeVisible();

  // Clear the conversation after confirming: the viewer is empty, and so is the store.
  await dialog.getByRole('button', { name: 'Clear Message' }).click();
  const confirm = page.getByRole('dialog', { name: 'Clear Session' });
  await confirm.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByText(/^Successfully cleared/)).toBeVisible();
  await expect(dialog.getByText('No Messages')).toBeVisible();
  await expect(dialog.getByLabel('Total Messages')).toContainText('0');
  const left = await page.request.get(`/api/v1/chatmessage/${id}`, { headers: INTERNAL });
  expect(await left.json()).toEqual([]);
  expect(violations).toEqual([]);
});
