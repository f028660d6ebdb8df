// The API dialog of a saved chatflow (issue 13, item 5): the "</>" button opens "Embed in website or
// use as API"; the cURL example is copied from the page and run, as written, by the real curl binary
// against this server, and the scripted LLM's answer comes back. Binding an API key in the dialog
// puts the Authorization header in the example: with the key it runs, without it the server refuses.
// The override table switches an input on and the example then sends it; the Share Chatbot tab
// saves the chat's look, shown live in its preview.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ApiKey } from '@flowloom/shared';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { connect, createOpenAiCredential, flowNode, INTERNAL, openOwnerPage } from './support';

const run = promisify(execFile);
const RUN = Date.now().toString(36);
const ANSWER = 'Hello from the test LLM. You said: Hey, how are you?';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];
let flowId = '';

/** Runs a shell command copied from the page (curl with its quoting, line continuations and all). */
async function shell(command: string): Promise<string> {
  const { stdout } = await run('bash', ['-c', `${command} --silent --show-error -w '\\n%{http_code}'`], {
    timeout: 60_000,
  });
  return stdout;
}

/** The status code and body text of what `shell` printed. */
function splitStatus(output: string): { status: number; body: string } {
  const at = output.lastIndexOf('\n');
  return { status: Number(output.slice(at + 1)), body: output.slice(0, at) };
}

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  const credential = await createOpenAiCredential(page.request, `API dialog key ${RUN}`);
  const model = await flowNode(page.request, 'chatOpenAI', 'chatOpenAI_0', 0, {}, credential);
  const memory = await flowNode(page.request, 'bufferMemory', 'bufferMemory_0', 0);
  const chain = await flowNode(page.request, 'conversationChain', 'conversationChain_0', 400);
  const edges = [connect(model, chain, 'model'), connect(memory, chain, 'memory')];
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: {
      name: `API dialog ${RUN}`,
      type: 'CHATFLOW',
      flowData: JSON.stringify({ nodes: [model, memory, chain], edges }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  flowId = ((await created.json()) as { id: string }).id;
});

test.afterAll(async () => {
  await context.close();
});

async function openDialog() {
  await page.goto(`/canvas/${flowId}`);
  await expect(page.locator('.react-flow__node[data-id="conversationChain_0"]')).toBeVisible();
  await page.getByRole('button', { name: 'API Endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed in website or use as API' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the cURL example copied from the dialog runs against the server and brings the answer', async () => {
  // A flow not yet saved has no API button.
  await page.goto('/canvas');
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'API Endpoint' })).toHaveCount(0);

  const dialog = await openDialog();
  // The embed code points the widget at this server and flow.
  await expect(dialog.getByLabel('Popup Html code', { exact: true })).toContainText(
    `chatflowid: "${flowId}"`,
  );
  await expect(dialog.getByLabel('Popup Html code', { exact: true })).toContainText(
    `apiHost: "${new URL(page.url()).origin}"`,
  );

  await dialog.getByRole('tab', { name: 'cURL' }).click();
  const code = dialog.getByLabel('cURL code', { exact: true });
  await expect(code).toContainText(`/api/v1/prediction/${flowId}`);
  const json = splitStatus(await shell(await code.innerText()));
  expect(json.status, json.body).toBe(200);
  expect(JSON.parse(json.body)).toMatchObject({ text: ANSWER });

  // The form-data style runs too: the question travels as a form part.
  await dialog.getByRole('button', { name: 'Form data' }).click();
  await expect(code).toContainText("-F 'question=Hey, how are you?'");
  const form = splitStatus(await shell(await code.innerText()));
  expect(form.status, form.body).toBe(200);
  expect(JSON.parse(form.body)).toMatchObject({ text: ANSWER });
  await dialog.getByRole('button', { name: 'JSON' }).click();

  // Overrides: switched on in the table, then sent by the example (and accepted).
  await dialog.getByRole('checkbox', { name: 'Show Override Config' }).check();
  await dialog.getByRole('switch', { name: 'Enable Override Configuration' }).check();
  await dialog.getByRole('button', { name: /^ChatOpenAI/ }).click();
  await dialog.getByRole('switch', { name: 'Allow overriding temperature of ChatOpenAI' }).check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Override Configuration Saved')).toBeVisible();
  await expect(code).toContainText('"overrideConfig":{"temperature":1}');
  const overridden = splitStatus(await shell(await code.innerText()));
  expect(overridden.status, overridden.body).toBe(200);
  const saved = await page.request.get(`/api/v1/chatflows/${flowId}`, { headers: INTERNAL });
  expect(JSON.parse(((await saved.json()) as { apiConfig: string }).apiConfig)).toMatchObject({
    overrideConfig: { status: true, nodes: { ChatOpenAI: [{ name: 'temperature', enabled: true }] } },
  });
  expect(violations).toEqual([]);
});

test('a flow bound to an API key in the dialog answers the example with the key only', async () => {
  const listed = await page.request.post('/api/v1/apikey', {
    headers: INTERNAL,
    data: { keyName: `Dialog key ${RUN}` },
  });
  expect(listed.ok(), await listed.text()).toBe(true);
  const key = ((await listed.json()) as ApiKey[]).find((k) => k.keyName === `Dialog key ${RUN}`)!;

  const dialog = await openDialog();
  await dialog.getByRole('tab', { name: 'cURL' }).click();
  const code = dialog.getByLabel('cURL code', { exact: true });
  const open = await code.innerText();
  expect(open).not.toContain('Authorization');

  await dialog.getByRole('combobox', { name: /^API Key/ }).click();
  await page.getByRole('option', { name: `Dialog key ${RUN}` }).click();
  await expect(page.getByText('API key bound to this flow')).toBeVisible();
  await expect(code).toContainText("-H 'Authorization: Bearer <your-api-key>'");
  // The secret is never on the page: the example carries a placeholder the caller replaces.
  await expect(dialog).not.toContainText(key.apiKey);

  const withKey = splitStatus(await shell((await code.innerText()).replace('<your-api-key>', key.apiKey)));
  expect(withKey.status, withKey.body).toBe(200);
  expect(JSON.parse(withKey.body)).toMatchObject({ text: ANSWER });
  const withoutKey = splitStatus(await shell(open));
  expect(withoutKey.status).toBe(401);

  // Embedding and sharing need the flow unbound.
  await dialog.getByRole('tab', { name: 'Embed' }).click();
  await expect(dialog.getByText(/You cannot use API key while embedding chatbot/)).toBeVisible();
  await dialog.getByRole('combobox', { name: /^API Key/ }).click();
  await page.getByRole('option', { name: 'No Authorization' }).click();
  await expect(page.getByText('This flow takes calls without an API key')).toBeVisible();
  const again = splitStatus(await shell(open));
  expect(again.status, again.body).toBe(200);
});

test('Share Chatbot saves the look of the chat, shown live in the preview, and makes it public', async () => {
  const dialog = await openDialog();
  await dialog.getByRole('tab', { name: 'Share Chatbot' }).click();
  await expect(dialog.getByRole('link', { name: 'Chatbot link' })).toHaveText(
    `${new URL(page.url()).origin}/chatbot/${flowId}`,
  );
  const preview = dialog.getByRole('figure', { name: 'Chatbot preview' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Harbor helper');
  await expect(preview.getByTestId('preview-title')).toHaveText('Harbor helper');
  await dialog.getByRole('textbox', { name: 'Welcome Message' }).fill('Ahoy! Ask me about tides.');
  await expect(preview).toContainText('Ahoy! Ask me about tides.');
  await dialog.getByRole('textbox', { name: 'Title Background Color', exact: true }).fill('#112233');
  await expect(preview.getByTestId('preview-title')).toHaveCSS('background-color', 'rgb(17, 34, 51)');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Chatbot Configuration Saved')).toBeVisible();

  // The switch shows the saved state: it turns on once the server has made the flow public.
  const makePublic = dialog.getByRole('switch', { name: 'Make Public' });
  await makePublic.click();
  await expect(makePublic).toBeChecked();
  await expect(page.getByText('Chatbot is public')).toBeVisible();
  const saved = (await (
    await page.request.get(`/api/v1/chatflows/${flowId}`, { headers: INTERNAL })
  ).json()) as { chatbotConfig: string; isPublic: boolean };
  expect(saved.isPublic).toBe(true);
  expect(JSON.parse(saved.chatbotConfig)).toMatchObject({
    title: 'Harbor helper',
    welcomeMessage: 'Ahoy! Ask me about tides.',
    titleBackgroundColor: '#112233',
    botMessage: { backgroundColor: '#f7f8ff', showAvatar: false },
  });
  expect(violations).toEqual([]);
});

test('the agentflow canvas has the API button too, with the agent reasoning switch', async () => {
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: { name: `API dialog agents ${RUN}`, type: 'AGENTFLOW', flowData: '{"nodes":[],"edges":[]}' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const agentflowId = ((await created.json()) as { id: string }).id;

  await page.goto(`/v2/agentcanvas/${agentflowId}`);
  await page.getByRole('button', { name: 'API Endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed in website or use as API' });
  await expect(dialog.getByLabel('Popup Html code', { exact: true })).toContainText(
    `chatflowid: "${agentflowId}"`,
  );
  await dialog.getByRole('tab', { name: 'Share Chatbot' }).click();
  await expect(
    dialog.getByRole('switch', { name: 'Show agent reasonings when using Agentflow' }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Chatbot Configuration Saved')).toBeVisible();
  const saved = (await (
    await page.request.get(`/api/v1/chatflows/${agentflowId}`, { headers: INTERNAL })
  ).json()) as { chatbotConfig: string };
  expect(JSON.parse(saved.chatbotConfig)).toMatchObject({ showAgentMessages: true });
  expect(violations).toEqual([]);
});
