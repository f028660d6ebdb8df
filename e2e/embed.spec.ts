// The published Flowise chat widget (npm `flowise-embed`) on another site (issue 13): a page served
// on a second local port loads the widget from node_modules, in its bubble and full-page forms, and
// chats with a public flow through the CORS of the public run routes; on a site the flow's allowed
// domains leave out, the widget shows the flow's refusal message.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { answerTo, createAnsweringFlow } from './chatbot-support';
import { createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

const RUN = Date.now().toString(36);
/** The other site: another port is another origin. */
const SITE_PORT = Number(process.env.E2E_SITE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 2);
const SITE = `http://127.0.0.1:${SITE_PORT}`;
const WIDGET = readFileSync('node_modules/flowise-embed/dist/web.js');

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 15_000 });

let owner: { context: BrowserContext; page: Page };
let credentialId = '';
let site: Server;
let apiHost = '';

/** The other site's page: the widget script and, for `full`, the element it fills. */
function sitePage(mode: string, flowId: string): string {
  const init =
    mode === 'full'
      ? `Chatbot.initFull(${JSON.stringify({ chatflowid: flowId, apiHost })});`
      : `Chatbot.init(${JSON.stringify({ chatflowid: flowId, apiHost })});`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Harbor site</title></head><body>
<h1>The harbor site</h1>
${mode === 'full' ? '<flowise-fullchatbot></flowise-fullchatbot>' : ''}
<script type="module">import Chatbot from './web.js'; ${init}</script>
</body></html>`;
}

test.beforeAll(async ({ browser, baseURL }: { browser: Browser; baseURL: string | undefined }) => {
  apiHost = baseURL!;
  const opened = await openOwnerPage(browser);
  owner = { context: opened.context, page: opened.page };
  credentialId = await createOpenAiCredential(owner.page.request, `Embed key ${RUN}`);
  site = createServer((request, response) => {
    const url = new URL(request.url ?? '/', SITE);
    if (url.pathname === '/web.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' }).end(WIDGET);
      return;
    }
    if (url.pathname === '/') {
      const page = sitePage(url.searchParams.get('mode') ?? 'bubble', url.searchParams.get('flow') ?? '');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(SITE_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await owner.context.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function ask(page: Page, question: string) {
  const input = page.getByPlaceholder('Type your question');
  await input.fill(question);
  await input.press('Enter');
}

test('the full-page widget on another site chats with a public flow', async ({ browser }) => {
  const flowId = await createAnsweringFlow(owner.page.request, credentialId, `Embedded ${RUN}`, {
    chatbotConfig: { welcomeMessage: 'Welcome aboard the harbor site.' },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/CORS|Access-Control/i.test(message.text())) refused.push(message.text());
  });
  await page.goto(`${SITE}/?mode=full&flow=${flowId}`);
  await expect(page.getByRole('heading', { name: 'The harbor site' })).toBeVisible();
  await ask(page, 'Which pier is yours?');
  await expect(page.getByText(answerTo('Which pier is yours?'))).toBeVisible({ timeout: 30_000 });
  expect(refused).toEqual([]);
  await context.close();
});

test('the bubble widget takes a lead, then chats; both reach the flow', async ({ browser }) => {
  const flowId = await createAnsweringFlow(owner.page.request, credentialId, `Bubble ${RUN}`, {
    chatbotConfig: { leads: { status: true, title: 'Leave your email, sailor', email: true } },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${SITE}/?mode=bubble&flow=${flowId}`);
  await page.locator('flowise-chatbot').locator('button[part="button"]').click();
  await expect(page.getByText('Leave your email, sailor')).toBeVisible();
  const email = page.getByPlaceholder('Email Address');
  await email.fill('sailor@harbor.example');
  // The widget's submit button is an unnamed icon: Enter submits the form.
  await email.press('Enter');
  await expect(page.getByText('Thank you for submitting your contact information.')).toBeVisible();
  await ask(page, 'Is the ferry on time?');
  await expect(page.getByText(answerTo('Is the ferry on time?'))).toBeVisible({ timeout: 30_000 });
  const leads = await owner.page.request.get(`/api/v1/leads/${flowId}`, { headers: INTERNAL });
  expect(await leads.json()).toEqual([
    expect.objectContaining({ email: 'sailor@harbor.example', chatflowid: flowId }),
  ]);
  await context.close();
});

test("a site off the flow's allowed domains gets the flow's refusal message", async ({ browser }) => {
  const flowId = await createAnsweringFlow(owner.page.request, credentialId, `Shop only ${RUN}`, {
    chatbotConfig: {
      allowedOrigins: ['https://shop.example'],
      allowedOriginsError: 'This harbor bot only answers on shop.example',
    },
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${SITE}/?mode=full&flow=${flowId}`);
  await ask(page, 'Hello?');
  await expect(page.getByText(/This harbor bot only answers on shop\.example/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(answerTo('Hello?'))).toHaveCount(0);
  await context.close();
});
