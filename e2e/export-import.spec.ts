import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { INTERNAL, openOwnerPage } from './support';

/** SPEC §2 and §4: export the workspace from the user menu, then import the file back. */
test('exports the workspace from the user menu and imports the file back', async ({ browser }) => {
  const { context, page, violations } = await openOwnerPage(browser);
  const name = `Exported flow ${Date.now()}`;
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: { name, type: 'CHATFLOW', flowData: JSON.stringify({ nodes: [], edges: [] }) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const flowId = ((await created.json()) as { id: string }).id;

  // Export: the dialog, its progress text, then the downloaded file.
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Data to Export' });
  await expect(dialog.getByRole('checkbox', { name: 'Chatflows' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Chat Messages' })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('ExportData.json');
  const file = join(tmpdir(), `flowloom-export-${Date.now()}.json`);
  await download.saveAs(file);
  const text = readFileSync(file, 'utf8');
  expect(text.startsWith('{\n  "AgentFlow": [')).toBe(true);
  const bundle = JSON.parse(text) as Record<string, { id: string; name?: string }[]>;
  expect(bundle).not.toHaveProperty('FileDefaultName');
  expect(bundle.ChatFlow!.map((f) => f.id)).toContain(flowId);
  await expect(dialog).toBeHidden();

  // The flow goes away, and comes back from the file.
  expect((await page.request.delete(`/api/v1/chatflows/${flowId}`, { headers: INTERNAL })).ok()).toBe(true);
  await page.goto('/chatflows');
  await expect(page.getByText(name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const choosing = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import' }).click();
  await (await choosing).setFiles(file);
  await expect(page.getByText('Import All successful')).toBeVisible();
  // The page reloads after the import: the flow is listed again, under its own id.
  await expect(page.getByText(name).first()).toBeVisible({ timeout: 15_000 });
  const flows = (await (await page.request.get('/api/v1/chatflows', { headers: INTERNAL })).json()) as {
    id: string;
  }[];
  expect(flows.map((f) => f.id)).toContain(flowId);

  // A file that is not a bundle says what is wrong and changes nothing.
  const bad = join(tmpdir(), `flowloom-bad-${Date.now()}.json`);
  writeFileSync(bad, JSON.stringify({ Chatflows: [] }));
  await page.getByRole('button', { name: 'Open user menu' }).click();
  const choosingBad = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import' }).click();
  await (await choosingBad).setFiles(bad);
  await expect(
    page.getByText(/^Failed to import: Invalid Imported File: unknown section "Chatflows"/),
  ).toBeVisible();

  expect(violations).toEqual([]);
  await context.close();
});
