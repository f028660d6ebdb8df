// Custom assistants end to end: a document store is upserted through the API (plain text, OpenAI
// embeddings on the scripted LLM, the embedded vector store); from /assistants a custom assistant is
// added, given ChatOpenAI with a credential, instructions, the Calculator and the store as knowledge,
// saved, and asked in its preview: the scripted model calls the Calculator, then the store's search
// tool, and the answers show what the tools returned. The assistant's flow runs through /prediction
// too; deleting the assistant removes it with its flow.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

const RUN = Date.now().toString(36);
const NAME = `Space helper ${RUN}`;
const STORE = `Rocket Facts ${RUN}`;
/** The search tool of the store: its name in lower case with `_` for spaces. */
const STORE_TOOL = `rocket_facts_${RUN}`;
const CREDENTIAL = `Assistant key ${RUN}`;
const FACTS =
  'Rockets reach orbit with staged engines.\n\nBananas are rich in potassium.\n\nThe moon orbits the earth every 27 days.';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];
let credentialId = '';
let assistantPath = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  credentialId = await createOpenAiCredential(page.request, CREDENTIAL);
  const created = await page.request.post('/api/v1/document-store/store', {
    headers: INTERNAL,
    data: { name: STORE, description: 'Space trivia' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const storeId = ((await created.json()) as { id: string }).id;
  const upserted = await page.request.post(`/api/v1/document-store/upsert/${storeId}`, {
    headers: INTERNAL,
    data: {
      loader: { name: 'plainText', config: { text: FACTS } },
      splitter: {
        name: 'characterTextSplitter',
        config: { chunkSize: 60, chunkOverlap: 0, separator: '\n\n' },
      },
      embedding: {
        name: 'openAIEmbeddings',
        config: { modelName: 'text-embedding-3-small', dimensions: 256, credential: credentialId },
      },
      vectorStore: { name: 'embeddedVectorStore', config: { topK: 1 } },
    },
  });
  expect(upserted.ok(), await upserted.text()).toBe(true);
});

test.afterAll(async () => {
  await context.close();
});

const region = (name: string) => page.getByRole('region', { name });

test('a custom assistant is added from the assistants page', async () => {
  await page.goto('/assistants');
  await expect(page.getByRole('heading', { name: 'Assistants', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'OpenAI Assistant' })).toBeVisible();
  await page.getByRole('button', { name: 'Custom Assistant' }).click();
  await expect(page).toHaveURL(/\/assistants\/custom$/);
  await page.getByRole('button', { name: 'Add', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Custom Assistant' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page).toHaveURL(/\/assistants\/custom\/[0-9a-f-]{36}$/);
  assistantPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(region('Preview').getByText(/Save the assistant to chat with it/)).toBeVisible();
});

test('the builder sets the model, instructions, the Calculator and the document store, and saves', async () => {
  const model = region('Chat Model');
  await model.getByRole('combobox', { name: 'Select Model' }).click();
  await page.getByRole('option', { name: 'ChatOpenAI', exact: true }).click();
  await model.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL }).click();

  await region('Instructions')
    .getByRole('textbox', { name: 'Instructions' })
    .fill('You answer questions about space and do arithmetic.');

  await region('Tools').getByRole('button', { name: 'Add Tool' }).click();
  await page.getByRole('group', { name: 'Tool 1' }).getByRole('combobox', { name: 'Tool' }).click();
  await page.getByRole('option', { name: 'Calculator', exact: true }).click();

  await region('Knowledge (Document Stores)').getByRole('combobox', { name: 'Document Stores' }).click();
  await page.getByRole('option', { name: STORE }).click();
  await page.keyboard.press('Escape');
  await page
    .getByRole('group', { name: `Knowledge ${STORE}` })
    .getByRole('textbox', { name: 'Describe Knowledge' })
    .fill('Facts about rockets, bananas and the moon');

  await page.getByRole('button', { name: 'Save Assistant' }).click();
  await expect(page.getByText('Assistant saved')).toBeVisible();

  // The assistant runs as a flow of type ASSISTANT with the assistant's id.
  const id = assistantPath.split('/').at(-1)!;
  const flow = await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL });
  expect(flow.ok()).toBe(true);
  const row = (await flow.json()) as { type: string; flowData: string };
  expect(row.type).toBe('ASSISTANT');
  const names = (JSON.parse(row.flowData) as { nodes: { data: { name: string } }[] }).nodes.map(
    (node) => node.data.name,
  );
  expect(names.sort()).toEqual(
    ['bufferMemory', 'calculator', 'chatOpenAI', 'documentStoreVS', 'retrieverTool', 'toolAgent'].sort(),
  );
});

test('the preview chat calls the Calculator and searches the document store', async () => {
  const preview = region('Preview');
  const question = preview.getByRole('textbox', { name: 'Question' });
  await question.fill('What is 2+2? [[tool:calculator {"input":"2+2"}]]');
  await question.press('Enter');
  await expect(preview.getByText('The tool said 4')).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByRole('button', { name: 'calculator' })).toBeVisible();

  await question.fill(`How do rockets get to orbit? [[tool:${STORE_TOOL} {"input":"rockets reach orbit"}]]`);
  await question.press('Enter');
  await expect(preview.getByText('The tool said Rockets reach orbit with staged engines.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(preview.getByRole('button', { name: STORE_TOOL })).toBeVisible();

  // A reload shows the saved assistant and the stored conversation.
  await page.reload();
  await expect(region('Instructions').getByRole('textbox', { name: 'Instructions' })).toHaveValue(
    'You answer questions about space and do arithmetic.',
  );
  await expect(
    page.getByRole('group', { name: 'Tool 1' }).getByRole('combobox', { name: 'Tool' }),
  ).toHaveText('Calculator');
  await expect(region('Preview').getByText('The tool said 4')).toBeVisible();
});

test('the assistant answers through the prediction API, and is deleted with its flow', async () => {
  const id = assistantPath.split('/').at(-1)!;
  const answer = await page.request.post(`/api/v1/prediction/${id}`, {
    data: { question: 'Sum please [[tool:calculator {"input":"3*7"}]]' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(((await answer.json()) as { text: string }).text).toBe('The tool said 21');

  await page.getByRole('button', { name: 'Delete assistant' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete custom assistant' });
  await expect(confirm).toContainText(`Delete custom assistant "${NAME}"?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/assistants\/custom$/);
  await expect(page.getByText(NAME)).toHaveCount(0);
  expect((await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL })).status()).toBe(404);
});

test('nothing on these pages was blocked by the content security policy', () => {
  expect(violations).toEqual([]);
});
