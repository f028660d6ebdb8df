// Document stores end to end: a store is created; a PDF loader (a generated PDF, Recursive Character
// splitter) is previewed and processed in the background while the store page shows its progress;
// a chunk is edited; a Cheerio Web Scraper loader reads a page this test serves on 127.0.0.1; the
// store is upserted with OpenAI embeddings (the scripted LLM), the embedded vector store and the
// SQLite record manager; the Upsert Record and the upsert history show what was written; the
// retrieval playground finds chunks; and an agentflow using the store is created from it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { makeTestPdf } from '../packages/nodes/src/testing/pdf-fixture';
import { canvasDriver } from './canvas-support';
import { createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

const RUN = Date.now().toString(36);
const STORE = `Handbook ${RUN}`;
const CREDENTIAL = `Embeddings key ${RUN}`;
const EDITED = `Edited chunk ${RUN}: the lantern is kept by the harbor.`;
const PAGE_TEXT = 'The copper beacon on the northern summit guides every ship into the harbor at night.';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];
let site: Server;
let siteUrl = '';
let storePath = '';

/** A small site for the web scraper: a page with text and a link to a second page. */
function startSite(): Promise<Server> {
  const server = createServer((request, response) => {
    const body =
      request.url === '/about'
        ? `<html><head><title>About</title></head><body><p>${PAGE_TEXT} The keepers log the weather.</p></body></html>`
        : `<html><head><title>Lighthouse</title></head><body><h1>Lighthouse</h1><p>${PAGE_TEXT}</p><a href="/about">About</a></body></html>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  site = await startSite();
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  ({ context, page, violations } = await openOwnerPage(browser));
  await createOpenAiCredential(page.request, CREDENTIAL);
});

test.afterAll(async () => {
  await context.close();
  await new Promise((resolve) => site.close(resolve));
});

const dialog = (name: string) => page.getByRole('dialog', { name });
const loaderRow = (name: string) => page.getByRole('row', { name: `Chunks of ${name}` });

/** Picks a component in a "Select …" dialog by searching for it. */
async function pick(dialogName: string, search: string, label: string) {
  const picker = dialog(dialogName);
  await expect(picker).toBeVisible();
  await picker.getByPlaceholder('Search').fill(search);
  await picker.getByRole('button', { name: new RegExp(`^${label}`) }).click();
}

/** Types into a component form's text field and commits it (fields commit on blur). */
async function fill(scope: Locator | Page, label: string, value: string) {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

/** Waits until the store page shows the loader processed (green), with chunks. */
async function expectProcessed(name: string) {
  const row = loaderRow(name);
  await expect(row.getByRole('img', { name: 'SYNC', exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(row.getByRole('alert')).toHaveCount(0);
  await expect(row.getByRole('cell').nth(4)).not.toHaveText('0');
}

test('a store is created from the list', async () => {
  await page.goto('/document-stores');
  await expect(page.getByRole('heading', { name: 'Document Store', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add New' }).first().click();
  const form = dialog('Add New Document Store');
  await form.getByRole('textbox', { name: 'Name' }).fill(STORE);
  await form.getByRole('textbox', { name: 'Description' }).fill('How the lighthouse is run');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('New Document Store created.')).toBeVisible();
  await page
    .getByRole('button', { name: `Open ${STORE}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/document-stores\/[0-9a-f-]{36}$/);
  storePath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: STORE })).toBeVisible();
  await expect(page.getByText('No Document Added Yet')).toBeVisible();
  await expect(page.locator('[data-status="EMPTY"]')).toBeVisible();
});

test('a PDF loader is previewed, processed in the background, and its chunks are edited', async () => {
  await page.getByRole('button', { name: 'Add Document Loader' }).first().click();
  await pick('Select Document Loader', 'pdf', 'Pdf File');
  await expect(page).toHaveURL(new RegExp(`${storePath}/pdfFile$`));

  // Nothing chosen yet: the mandatory field is named, nothing is sent.
  await page.getByRole('button', { name: 'Preview Chunks' }).click();
  await expect(page.getByText('Please fill in the following mandatory fields: Pdf File')).toBeVisible();

  await page.locator('input[type="file"][aria-label="Pdf File"]').setInputFiles({
    name: 'handbook.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(makeTestPdf(6, 160)),
  });
  await expect(page.getByText('handbook.pdf')).toBeVisible();
  await page.getByRole('combobox', { name: 'Splitter' }).click();
  await page.getByRole('option', { name: 'Recursive Character Text Splitter' }).click();
  const splitter = page.getByTestId('splitter-form');
  await fill(splitter, 'Chunk Size', '400');
  await fill(splitter, 'Chunk Overlap', '40');

  await page.getByRole('spinbutton', { name: 'Show Chunks in Preview' }).fill('3');
  await page.getByRole('button', { name: 'Preview Chunks' }).click();
  await expect(page.getByText(/^3 of \d+ Chunks$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article', { name: /^#1\. Characters: \d+$/ })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(3);

  await page.getByRole('button', { name: 'Process', exact: true }).click();
  await expect(
    page.getByText('File submitted for processing. Redirecting to Document Store..'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${storePath}$`));
  await expectProcessed('Pdf File');
  await expect(loaderRow('Pdf File')).toContainText('Recursive Character Text Splitter');
  await expect(loaderRow('Pdf File')).toContainText('handbook.pdf');
  await expect(page.locator('[data-status="SYNC"]')).toBeVisible();

  await loaderRow('Pdf File').getByRole('button', { name: 'Options of Pdf File' }).click();
  await page.getByRole('menuitem', { name: 'View & Edit Chunks' }).click();
  await expect(page.getByRole('heading', { name: 'Pdf File (handbook.pdf)' })).toBeVisible();
  await expect(page.getByText(/^Showing 1-\d+ of \d+ chunks$/)).toBeVisible();
  await page.getByRole('article', { name: /^#1\. / }).click();
  const chunk = page.getByRole('dialog', { name: /^#1\. / });
  await chunk.getByRole('button', { name: 'Edit Chunk' }).click();
  await chunk.getByRole('textbox', { name: 'Text' }).fill(EDITED);
  await chunk.getByRole('textbox', { name: 'Metadata' }).fill('{ "page": "one" ');
  await expect(chunk.getByText(/^Invalid JSON/)).toBeVisible();
  await expect(chunk.getByRole('button', { name: 'Save' })).toBeDisabled();
  await chunk.getByRole('textbox', { name: 'Metadata' }).fill('{ "section": "keepers" }');
  await chunk.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Document chunk successfully edited!')).toBeVisible();
  await expect(chunk).toBeHidden();
  const first = page.getByRole('article', { name: `#1. Characters: ${EDITED.length}` });
  await expect(first).toContainText(EDITED);
  await expect(first).toContainText('"section": "keepers"');
});

test('a Cheerio Web Scraper loader reads a page served on 127.0.0.1', async () => {
  await page.goto(storePath);
  await page.getByRole('button', { name: 'Add Document Loader' }).first().click();
  await pick('Select Document Loader', 'cheerio', 'Cheerio Web Scraper');
  await expect(page).toHaveURL(new RegExp(`${storePath}/cheerioWebScraper$`));
  await expect(page.getByRole('button', { name: 'Manage Links' })).toBeVisible();
  await fill(page.getByTestId('loader-form'), 'URL', siteUrl);
  await page.getByRole('button', { name: 'Preview Chunks' }).click();
  await expect(page.getByText(/^\d+ of \d+ Chunks$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('article').first()).toContainText('copper beacon');

  await page.getByRole('button', { name: 'Process', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${storePath}$`));
  await expectProcessed('Cheerio Web Scraper');
  await expect(loaderRow('Cheerio Web Scraper')).toContainText(siteUrl);
});

test('the store is upserted into the embedded vector store and queried', async () => {
  await page.getByRole('button', { name: 'More Actions' }).click();
  await page.getByRole('menuitem', { name: 'Upsert All Chunks' }).click();
  await expect(page.getByText('Configure Embeddings, Vector Store and Record Manager')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Select Vector Store' })).toBeDisabled();
  await page.getByRole('button', { name: 'Select Embeddings' }).click();
  await pick('Select Embeddings Provider', 'openai', 'OpenAI Embeddings');
  const embeddings = page.getByRole('region', { name: 'Embeddings' });
  await embeddings.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL }).click();

  await page.getByRole('button', { name: 'Select Vector Store' }).click();
  const vectorPicker = dialog('Select a Vector Store Provider');
  // The embedded store is offered first.
  await expect(vectorPicker.getByRole('button').first()).toContainText('Embedded Vector Store');
  await pick('Select a Vector Store Provider', 'embedded', 'Embedded Vector Store');
  await expect(page.getByText('it needs no settings')).toBeVisible();
  await page.getByRole('button', { name: 'Select Record Manager' }).click();
  await pick('Select a Record Manager', 'sqlite', 'SQLite Record Manager');

  await page.getByRole('button', { name: 'Upsert', exact: true }).click();
  const record = dialog('Upsert Record');
  await expect(record).toBeVisible({ timeout: 45_000 });
  await expect(record.getByLabel(/^Added: [1-9]\d*$/)).toBeVisible();
  await expect(record.getByText(/^\d+ Added Documents$/)).toBeVisible();
  await record.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Upsert History' }).click();
  const history = page.getByRole('region', { name: 'Upsert History' });
  await expect(history.getByText(/^Added: [1-9]\d*$/)).toBeVisible();
  await history.getByRole('button', { name: 'Details' }).first().click();
  await expect(page.getByRole('table', { name: 'OpenAI Embeddings settings' })).toBeVisible();
  await page.getByRole('dialog').last().getByRole('button', { name: 'Close' }).click();
  await history.getByRole('button', { name: 'Close' }).click();

  // Upserting again with the record manager skips what is already there.
  await page.getByRole('button', { name: 'Upsert', exact: true }).click();
  await expect(record.getByLabel(/^Skipped: [1-9]\d*$/)).toBeVisible({ timeout: 45_000 });
  await expect(record.getByLabel('Added: 0')).toBeVisible();
  await record.getByRole('button', { name: 'Test Retrieval' }).click();

  await expect(
    page.getByText('Retrieval Playground - Test your vector store retrieval settings'),
  ).toBeVisible();
  const query = page.getByRole('textbox', { name: 'Enter your Query' });
  await query.fill('Who guides the ships into the harbor?');
  await query.press('Enter');
  await expect(page.getByText(/^Count: [1-9]\d*\. Time taken: \d+ millis\.$/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('article').first()).toContainText(/% match/);
});

test('the store page shows the upserted store, and an agentflow using it is created', async () => {
  await page.goto(storePath);
  await expect(page.locator('[data-status="UPSERTED"]')).toBeVisible();
  // The saved configuration comes back on the vector page.
  await page.goto(storePath.replace('/document-stores/', '/document-stores/vector/'));
  await expect(page.getByRole('region', { name: 'Vector Store' })).toContainText('Embedded Vector Store');
  await expect(page.getByRole('region', { name: 'Record Manager' })).toContainText('SQLite Record Manager');

  await page.goto(storePath);
  await page.getByRole('button', { name: 'Use in a flow' }).click();
  await page.getByRole('menuitem', { name: /^New agentflow with this store/ }).click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas\/[0-9a-f-]{36}$/);
  await expect(page.locator('.react-flow__node[data-id="agentAgentflow_0"]')).toBeVisible();
  const flowId = new URL(page.url()).pathname.split('/').pop()!;
  const flow = await page.request.get(`/api/v1/chatflows/${flowId}`, {
    headers: { 'x-request-from': 'internal' },
  });
  const flowData = JSON.parse(((await flow.json()) as { flowData: string }).flowData);
  const agent = flowData.nodes.find((node: { id: string }) => node.id === 'agentAgentflow_0');
  const storeId = storePath.split('/').pop();
  expect(agent.data.inputs.agentKnowledgeDocumentStores).toEqual([
    expect.objectContaining({ documentStore: `${storeId}:${STORE}`, returnSourceDocuments: true }),
  ]);
  expect(flowData.edges).toHaveLength(1);
});

test('a Conversational Retrieval QA chatflow built on the canvas answers from the store, with its sources', async () => {
  const canvas = canvasDriver(() => page);
  const { node, handle, outputHandle } = canvas;
  await canvas.openNewCanvas();
  await canvas.measurePane();
  await canvas.dragFromPalette('ChatOpenAI', 'chatOpenAI_0', { x: 560, y: 140 });
  await canvas.dragFromPalette('Document Store (Vector)', 'documentStoreVS_0', { x: 560, y: 640 });
  await canvas.dragFromPalette('Conversational Retrieval QA Chain', 'conversationalRetrievalQAChain_0', {
    x: 1000,
    y: 200,
  });

  const model = node('chatOpenAI_0');
  await model.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();
  // Only upserted stores are offered; this one is.
  await node('documentStoreVS_0').getByRole('textbox', { name: 'Select Store' }).click();
  // The option shows the store's description under its name.
  await page.getByRole('option', { name: new RegExp(`^${STORE}`) }).click();
  const chain = node('conversationalRetrievalQAChain_0');
  await chain.getByLabel('Return Source Documents').check();

  await canvas.connect(
    outputHandle('chatOpenAI_0'),
    handle('conversationalRetrievalQAChain_0-input-model-BaseChatModel'),
  );
  await canvas.connect(
    outputHandle('documentStoreVS_0'),
    handle('conversationalRetrievalQAChain_0-input-vectorStoreRetriever-BaseRetriever'),
  );
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: 'Save New Chatflow' });
  await naming.getByLabel('Chatflow name').fill(`Handbook QA ${RUN}`);
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/canvas\/[0-9a-f-]{36}$/);
  const flowId = page.url().split('/').pop()!;

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat
    .getByRole('textbox', { name: 'Question' })
    .fill('Who guides every ship into the harbor at night?');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByText(/^Hello from the test LLM/)).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByText('Sources', { exact: true })).toBeVisible();
  // A web page's chunk is named by the page's title.
  const source = chat.getByRole('button', { name: 'Lighthouse', exact: true });
  await expect(source).toBeVisible();
  await source.click();
  await expect(chat.getByText(/copper beacon/).first()).toBeVisible();

  // The store lists the flow that uses it.
  const stored = await page.request.get(`/api/v1/chatflows/${flowId}`, { headers: INTERNAL });
  expect(stored.ok()).toBe(true);
  await page.goto(storePath);
  await expect(page.getByText('Chatflows Used:')).toBeVisible();
});

test('deleting a loader removes its chunks; the store can be deleted from the list', async () => {
  await page.goto(storePath);
  await loaderRow('Cheerio Web Scraper')
    .getByRole('button', { name: 'Options of Cheerio Web Scraper' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = dialog('Delete');
  await expect(confirm).toContainText('remove its data from the vector store');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Loader and associated document chunks deleted')).toBeVisible();
  await expect(loaderRow('Cheerio Web Scraper')).toHaveCount(0);
  await expect(loaderRow('Pdf File')).toBeVisible();

  await page.goto('/document-stores');
  await page
    .getByRole('button', { name: `Actions of ${STORE}` })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete document store' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Document store deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: `Open ${STORE}` })).toHaveCount(0);
  expect(violations).toEqual([]);
});
