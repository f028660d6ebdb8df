// The public chatbot page /chatbot/:id (issue 13): a visitor without an account opens a public
// flow's page, themed by its chatbot settings, leaves contact details in the lead form, picks a
// starter prompt and gets the scripted LLM's answer; a private flow shows "Invalid Chatbot".
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { answerTo, createAnsweringFlow } from './chatbot-support';
import { createOpenAiCredential, INTERNAL, openOwnerPage, watchPolicyViolations } from './support';

const RUN = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let owner: { context: BrowserContext; page: Page };
let credentialId = '';

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const opened = await openOwnerPage(browser);
  owner = { context: opened.context, page: opened.page };
  credentialId = await createOpenAiCredential(owner.page.request, `Chatbot key ${RUN}`);
});

test.afterAll(async () => {
  await owner.context.close();
});

/** A visitor: a browser context of its own, never signed in. */
async function visitorPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page, violations: watchPolicyViolations(page) };
}

test('a visitor leaves contact details, picks a starter prompt and gets the answer', async ({ browser }) => {
  const flowId = await createAnsweringFlow(owner.page.request, credentialId, `Shop bot ${RUN}`, {
    chatbotConfig: {
      title: 'Harbor shop helper',
      titleBackgroundColor: '#0b6e4f',
      welcomeMessage: 'Ahoy! Ask me about the harbor shop.',
      starterPrompts: { 0: { prompt: 'When does the shop open?' }, 1: { prompt: '' } },
      leads: {
        status: true,
        title: 'Where can we reach you?',
        successMessage: 'Thanks, we will be in touch.',
        name: true,
        email: true,
      },
      chatFeedback: { status: true },
      textInput: { placeholder: 'Ask the harbor shop' },
    },
  });
  const visitor = await visitorPage(browser);
  const { page } = visitor;
  await page.goto(`/chatbot/${flowId}`);

  await expect(page.getByRole('heading', { name: 'Harbor shop helper' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  await expect(page.getByText('Ahoy! Ask me about the harbor shop.')).toBeVisible();
  await expect(page.getByText('Where can we reach you?')).toBeVisible();
  const question = page.getByRole('textbox', { name: 'Question' });
  await expect(question).toHaveAttribute('placeholder', 'Ask the harbor shop');
  await expect(question).toBeDisabled();

  await page.getByRole('textbox', { name: 'Name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Email Address' }).fill('grace@harbor.example');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Thanks, we will be in touch.')).toBeVisible();

  const starters = page.getByRole('group', { name: 'Starter prompts' });
  await expect(starters.getByRole('button')).toHaveCount(1);
  await starters.getByRole('button', { name: 'When does the shop open?' }).click();
  await expect(page.getByText(answerTo('When does the shop open?'))).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Good answer' }).click();
  await expect(page.getByLabel('Rated good')).toBeVisible();

  // The lead and the conversation were saved on the server, the lead and chat in this browser.
  const leads = await owner.page.request.get(`/api/v1/leads/${flowId}`, { headers: INTERNAL });
  expect(await leads.json()).toEqual([
    expect.objectContaining({ name: 'Grace', email: 'grace@harbor.example', chatflowid: flowId }),
  ]);
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `${flowId}_EXTERNAL`))!);
  expect(stored.lead).toEqual({ name: 'Grace', email: 'grace@harbor.example' });
  const messages = await owner.page.request.get(
    `/api/v1/chatmessage/${flowId}?chatType=EXTERNAL&chatId=${stored.chatId}`,
    { headers: INTERNAL },
  );
  expect(((await messages.json()) as { content: string }[]).map((m) => m.content)).toEqual([
    'When does the shop open?',
    answerTo('When does the shop open?'),
  ]);

  // Back later: the thread is still there and the form is not asked again.
  await page.reload();
  await expect(page.getByText(answerTo('When does the shop open?'))).toBeVisible();
  await expect(page.getByText('Where can we reach you?')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Question' }).fill('Do you sell rope?');
  await page.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(page.getByText(answerTo('Do you sell rope?'))).toBeVisible({ timeout: 30_000 });

  expect(visitor.violations).toEqual([]);
  await visitor.context.close();
});

test('a private flow, a missing one and a key-bound one show "Invalid Chatbot"', async ({ browser }) => {
  const privateFlow = await createAnsweringFlow(owner.page.request, credentialId, `Private ${RUN}`, {
    isPublic: false,
    chatbotConfig: { title: 'Secret helper' },
  });
  const keys = await owner.page.request.post('/api/v1/apikey', {
    headers: INTERNAL,
    data: { keyName: `Chatbot key ${RUN}` },
  });
  const keyId = ((await keys.json()) as { id: string; keyName: string }[]).find(
    (key) => key.keyName === `Chatbot key ${RUN}`,
  )!.id;
  const boundFlow = await createAnsweringFlow(owner.page.request, credentialId, `Bound ${RUN}`, {
    apikeyid: keyId,
  });
  const visitor = await visitorPage(browser);
  for (const id of [privateFlow, boundFlow, '00000000-0000-4000-8000-000000000000']) {
    await visitor.page.goto(`/chatbot/${id}`);
    await expect(visitor.page.getByRole('heading', { name: 'Invalid Chatbot' })).toBeVisible();
    await expect(
      visitor.page.getByText(
        "The chatbot you're looking for doesn't exist or requires API key authentication.",
      ),
    ).toBeVisible();
    await expect(visitor.page.getByText('Secret helper')).toHaveCount(0);
  }
  await visitor.context.close();
});
