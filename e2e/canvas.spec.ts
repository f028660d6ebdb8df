// The chatflow canvas end to end: nodes dragged from the palette, wired handle to handle, saved,
// and run from the chat panel against the scripted test LLM (OPENAI_BASE_URL points at it).
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { canvasDriver } from './canvas-support';
import { createConversationFlow, createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

// Unique per run of the file, so repeated runs against one server never show two alike.
const CREDENTIAL = `Test LLM key ${Date.now().toString(36)}`;
const TEMPLATE = 'Answer briefly: {question}';
const QUESTION = 'What is a loom?';
const ANSWER = `Hello from the test LLM. You said: Answer briefly: ${QUESTION}`;
const TYPE_MISMATCH = 'This output does not match any type the input accepts.';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let credentialId: string;
let violations: string[] = [];

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  credentialId = await createOpenAiCredential(page.request, CREDENTIAL, 'sk-test-llm-0123456789');
});

test.afterAll(async () => {
  await context.close();
});

const canvas = canvasDriver(() => page);
const { node, handle, outputHandle, openNewCanvas, dragFromPalette, measurePane, relativeToPane, connect } =
  canvas;

test('an LLM Chain built by drag and drop is saved and answers in the chat, streamed', async () => {
  await openNewCanvas();
  await measurePane();

  // Three nodes, dropped left to right beside the palette (which is 360 px wide, at the left).
  await dragFromPalette('ChatOpenAI', 'chatOpenAI_0', { x: 560, y: 140 });
  await dragFromPalette('Prompt Template', 'promptTemplate_0', { x: 920, y: 140 });
  await dragFromPalette('LLM Chain', 'llmChain_0', { x: 1280, y: 140 });
  await expect(page.locator('.react-flow__node')).toHaveCount(3);

  // The model uses the credential; the prompt gets its template.
  const model = node('chatOpenAI_0');
  await model.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();
  await expect(model.getByRole('combobox', { name: 'Connect Credential' })).toHaveText(CREDENTIAL);
  const template = node('promptTemplate_0').getByRole('textbox', { name: 'Template', exact: true });
  await template.fill(TEMPLATE);
  await template.blur();

  // Wire them: output handle → input handle, with the mouse.
  await connect(outputHandle('chatOpenAI_0'), handle('llmChain_0-input-model-BaseLanguageModel'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);
  await connect(outputHandle('promptTemplate_0'), handle('llmChain_0-input-prompt-BasePromptTemplate'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  // First save asks for a name, then the canvas moves to /canvas/<id>.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: 'Save New Chatflow' });
  await naming.getByLabel('Chatflow name').fill('Loom explainer');
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(naming).toBeHidden();
  await expect(page).toHaveURL(/\/canvas\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Loom explainer' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  const id = page.url().split('/').pop()!;

  // What the server holds is a Flowise flow: three nodes, two edges, references in the inputs.
  const saved = await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL });
  expect(saved.ok()).toBe(true);
  const { name, flowData } = (await saved.json()) as { name: string; flowData: string };
  expect(name).toBe('Loom explainer');
  const flow = JSON.parse(flowData) as {
    nodes: { id: string; data: { inputs: Record<string, unknown>; credential?: string } }[];
    edges: { source: string; target: string; targetHandle: string }[];
  };
  expect(flow.nodes.map((item) => item.id).sort()).toEqual([
    'chatOpenAI_0',
    'llmChain_0',
    'promptTemplate_0',
  ]);
  expect(flow.edges).toHaveLength(2);
  expect(flow.edges.map((edge) => `${edge.source}→${edge.targetHandle}`).sort()).toEqual([
    'chatOpenAI_0→llmChain_0-input-model-BaseLanguageModel',
    'promptTemplate_0→llmChain_0-input-prompt-BasePromptTemplate',
  ]);
  const byId = (nodeId: string) => flow.nodes.find((item) => item.id === nodeId)!;
  expect(byId('llmChain_0').data.inputs.model).toBe('{{chatOpenAI_0.data.instance}}');
  expect(byId('llmChain_0').data.inputs.prompt).toBe('{{promptTemplate_0.data.instance}}');
  expect(byId('promptTemplate_0').data.inputs.template).toBe(TEMPLATE);
  expect(byId('chatOpenAI_0').data.credential).toMatch(/^[0-9a-f-]{36}$/);

  // The chat runs the saved flow over SSE and shows the streamed answer.
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  const prediction = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/v1/internal-prediction/${id}`),
  );
  const streamed = page.waitForResponse((response) =>
    response.url().endsWith(`/api/v1/internal-prediction/${id}`),
  );
  await chat.getByRole('textbox', { name: 'Question' }).fill(QUESTION);
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  const request = await prediction;
  expect(request.postDataJSON()).toMatchObject({ question: QUESTION, streaming: true });
  expect(request.headers()['accept']).toBe('text/event-stream');
  expect((await streamed).headers()['content-type']).toMatch(/^text\/event-stream/);
  await expect(chat.getByText(ANSWER)).toBeVisible();
  await expect(chat.getByText(QUESTION, { exact: true })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Send question' })).toBeVisible(); // no longer busy

  // A reload opens the saved flow, and the chat shows the stored conversation again.
  await page.reload();
  await expect(node('llmChain_0')).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const reloaded = page.getByRole('dialog', { name: 'Chat' });
  await expect(reloaded.getByText(QUESTION, { exact: true })).toBeVisible();
  await expect(reloaded.getByText(ANSWER)).toBeVisible();
});

test('a connection of the wrong type is refused, and Ctrl+Z removes the last added node', async () => {
  await openNewCanvas();
  await measurePane();
  await dragFromPalette('Prompt Template', 'promptTemplate_0', { x: 560, y: 140 });
  await dragFromPalette('LLM Chain', 'llmChain_0', { x: 1000, y: 140 });
  await expect(page.locator('.react-flow__node')).toHaveCount(2);

  // A prompt is not a language model: the canvas says why and draws nothing.
  await connect(outputHandle('promptTemplate_0'), handle('llmChain_0-input-model-BaseLanguageModel'), {
    expectEdge: false,
  });
  await expect(page.getByText(TYPE_MISMATCH)).toBeVisible();
  await expect(page.locator('.react-flow__edge')).toHaveCount(0);

  // Undo takes back the last drop only.
  await page.locator('.react-flow__pane').click({ position: relativeToPane({ x: 800, y: 800 }) });
  await page.keyboard.press('Control+z');
  await expect(node('llmChain_0')).toHaveCount(0);
  await expect(node('promptTemplate_0')).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(1);
});

test('a node\'s "Create new" opens that credential type\'s form in place and selects the new one', async () => {
  await openNewCanvas();
  await measurePane();
  await dragFromPalette('ChatOpenAI', 'chatOpenAI_0', { x: 560, y: 140 });
  const model = node('chatOpenAI_0');
  const pages = page.context().pages().length;
  await model.getByRole('button', { name: 'Create new' }).click();
  // One credential type fits ChatOpenAI: its form opens at once, on this page.
  const form = page.getByRole('dialog', { name: 'Add OpenAI API credential' });
  await expect(form).toBeVisible();
  expect(page.context().pages()).toHaveLength(pages);
  const name = `Made in place ${Date.now().toString(36)}`;
  await form.getByLabel('Credential Name *').fill(name);
  await form.getByLabel('OpenAI Api Key *').fill('sk-test-llm-in-place-0001');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form).toBeHidden();
  await expect(model.getByRole('combobox', { name: 'Connect Credential' })).toHaveText(name);
});

test('an image attached in the chat reaches a model that takes images', async () => {
  // The Flowise "Conversation Chain" template, its ChatOpenAI with "Allow Image Uploads" on.
  const id = await createConversationFlow(page.request, {
    name: `Vision ${Date.now().toString(36)}`,
    credentialId,
    modelInputs: { allowImageUploads: true },
  });

  await page.goto(`/canvas/${id}`);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await expect(chat.getByRole('button', { name: 'Attach images' })).toBeVisible();
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await chat
    .getByLabel('Image files to attach')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
  await expect(
    chat.getByRole('list', { name: 'Attached files' }).getByRole('img', { name: 'dot.png' }),
  ).toBeVisible();
  await chat.getByRole('textbox', { name: 'Question' }).fill('looms');
  await chat.getByRole('button', { name: 'Send question' }).click();
  await expect(chat.getByRole('log')).toContainText(`[image image/png, ${png.length} bytes]`, {
    timeout: 20_000,
  });
  await expect(chat.getByRole('log').getByRole('img', { name: 'dot.png' })).toBeVisible();
});

test('at 390 px the header keeps the name readable and the other actions in a menu', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  try {
    await openNewCanvas();
    const header = page.locator('header').filter({ has: page.getByRole('button', { name: 'Back' }) });
    const title = header.getByRole('heading', { level: 1 });
    const rename = header.getByRole('button', { name: 'Rename flow' });
    const more = header.getByRole('button', { name: 'More actions' });
    const save = header.getByRole('button', { name: 'Save', exact: true });
    const boxes = await Promise.all([title, rename, more, save].map((item) => item.boundingBox()));
    const [titleBox, renameBox, moreBox, saveBox] = boxes.map((box) => box!);
    expect(titleBox!.width).toBeGreaterThan(40);
    // Left to right without overlap, all inside the screen.
    expect(titleBox!.x + titleBox!.width).toBeLessThanOrEqual(renameBox!.x + 1);
    expect(renameBox!.x + renameBox!.width).toBeLessThanOrEqual(moreBox!.x + 1);
    expect(moreBox!.x + moreBox!.width).toBeLessThanOrEqual(saveBox!.x + 1);
    expect(saveBox!.x + saveBox!.width).toBeLessThanOrEqual(390);
    await expect(header.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await more.click();
    const menu = page.getByRole('menu');
    for (const item of ['Undo', 'Redo', 'Load chatflow', 'Export chatflow'])
      await expect(menu.getByRole('menuitem', { name: item })).toBeVisible();
    await page.keyboard.press('Escape');
    await rename.click();
    const field = header.getByRole('textbox', { name: 'Flow name' });
    const fieldBox = (await field.boundingBox())!;
    expect(fieldBox.width).toBeGreaterThan(80);
    await page.keyboard.press('Escape');
  } finally {
    await page.setViewportSize({ width: 1600, height: 1000 });
  }
});

test('nothing on these pages was blocked by the content security policy', () => {
  expect(violations).toEqual([]);
});
