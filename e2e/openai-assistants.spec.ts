// OpenAI assistants end to end, against the scripted LLM server's Assistants API (OPENAI_BASE_URL):
// from /assistants an OpenAI assistant is added with a credential, a model, instructions, a new vector
// store and a file uploaded into it; a chatflow's OpenAI Assistant node picks it on the canvas, and the
// canvas chat gets its answer with the picture it drew (served from the chat's files), the document it
// cited (named) and the file it wrote (downloadable). Deleting the assistant "at OpenAI too" removes it there.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { connect, createOpenAiCredential, flowNode, INTERNAL, openOwnerPage } from './support';

const RUN = Date.now().toString(36);
const NAME = `Shop helper ${RUN}`;
const CREDENTIAL = `Assistants key ${RUN}`;

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];

test.beforeAll(async ({ browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  await createOpenAiCredential(page.request, CREDENTIAL);
});
test.afterAll(async () => {
  await context.close();
});

test('an OpenAI assistant is made with a vector store and a file, then answers in a chatflow', async () => {
  await page.goto('/assistants');
  await page.getByRole('button', { name: 'OpenAI Assistant' }).click();
  await expect(page).toHaveURL(/\/assistants\/openai$/);

  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Assistant' });
  await dialog.getByRole('combobox', { name: 'OpenAI Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL }).click();
  await dialog.getByRole('combobox', { name: 'Assistant Model' }).fill('gpt-4o');
  await dialog.getByRole('textbox', { name: 'Assistant Name' }).fill(NAME);
  await dialog
    .getByRole('textbox', { name: 'Assistant Instructions' })
    .fill('Answer questions about the shop.');

  await dialog.getByRole('button', { name: 'Add Vector Store' }).click();
  const storeDialog = page.getByRole('dialog', { name: 'Add Vector Store' });
  await storeDialog.getByRole('textbox', { name: 'Vector Store Name' }).fill(`Shop facts ${RUN}`);
  await storeDialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(`Vector store: Shop facts ${RUN}`)).toBeVisible();
  await dialog.getByLabel('Upload files to File Search Files').setInputFiles({
    name: 'hours.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('We open at nine and close at five.'),
  });
  await expect(dialog.getByText(/^hours\.txt/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Table view' }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toContainText('gpt-4o');

  // A chatflow with the OpenAI Assistant node; the assistant is chosen on the canvas.
  const node = await flowNode(page.request, 'openAIAssistant', 'openAIAssistant_0', 500);
  const calculator = await flowNode(page.request, 'calculator', 'calculator_0', 100);
  const edge = connect(calculator, node, 'tools');
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: {
      name: `Assistant flow ${RUN}`,
      type: 'CHATFLOW',
      flowData: JSON.stringify({ nodes: [calculator, node], edges: [edge] }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const flowId = ((await created.json()) as { id: string }).id;
  await page.goto(`/canvas/${flowId}`);
  const card = page.locator('.react-flow__node[data-id="openAIAssistant_0"]');
  await card.getByRole('textbox', { name: 'Select Assistant' }).click();
  // The option shows the assistant's instructions under its name.
  await page.getByRole('option', { name: new RegExp(`^${NAME}`) }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Unsaved changes')).toBeHidden();

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat
    .getByRole('textbox', { name: 'Question' })
    .fill('[[reply:Here is the chart and our hours]] [[image]] [[cite]] [[file]]');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  const log = chat.getByRole('log');
  await expect(log).toContainText('Here is the chart and our hours', { timeout: 20_000 });
  const picture = log.getByRole('img', { name: 'chart.png' });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The cited document is named (OpenAI does not hand uploads out again); the written file downloads.
  await expect(log.getByText('hours.txt')).toBeVisible();
  await expect(log.getByRole('link', { name: 'Download hours.txt' })).toHaveCount(0);
  const download = log.getByRole('link', { name: 'Download result.csv' });
  const response = await page.request.get((await download.getAttribute('href'))!);
  expect(await response.text()).toBe('a,b\n1,2\n');

  // Deleted here and at OpenAI.
  await page.goto('/assistants/openai');
  await page.getByRole('button', { name: `Delete ${NAME}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Assistant' });
  await confirm.getByRole('button', { name: 'OpenAI and Flowloom' }).click();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
  expect(violations).toEqual([]);
});
