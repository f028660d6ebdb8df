// Issue 13: what a flow's Configuration adds to the canvas chat — follow-up prompts offered after an
// answer, answers read aloud with the flow's voice, questions recorded from the microphone. Set in
// the Configuration dialog, seen in the chat at once.
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { spokenAudio, startTestLlmServer, type TestLlmServer } from '../packages/test-llm/src/index';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { createConversationFlow, createOpenAiCredential, openOwnerPage } from './support';

// This file's browser only: Chromium's fake microphone (a tone), allowed without asking.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

let context: BrowserContext;
let page: Page;
let violations: string[];
let flowId: string;
let credentialName: string;
/**
 * The model that suggests follow-up questions: a scripted LLM of this file, reached as Ollama at its
 * own address, so its replies (JSON lists of questions) can be queued here.
 */
let suggester: TestLlmServer;

test.beforeAll(async ({ browser }) => {
  suggester = await startTestLlmServer({ port: 0 });
  ({ context, page, violations } = await openOwnerPage(browser));
  // The browser's audio output is the one fake: what the chat hands it to play is kept for the test.
  await context.addInitScript(() => {
    const kept = window as unknown as { playedAudio: Blob[]; pausedAudio: number };
    kept.playedAudio = [];
    kept.pausedAudio = 0;
    const createObjectURL = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      if (blob instanceof Blob && blob.type.startsWith('audio/')) kept.playedAudio.push(blob);
      return createObjectURL(blob);
    };
    HTMLMediaElement.prototype.play = () => Promise.resolve();
    HTMLMediaElement.prototype.pause = () => void (kept.pausedAudio += 1);
  });
  credentialName = `Speech ${Date.now().toString(36)}`;
  const credentialId = await createOpenAiCredential(page.request, credentialName);
  flowId = await createConversationFlow(page.request, {
    name: `Spoken ${Date.now().toString(36)}`,
    credentialId,
  });
});
test.afterAll(async () => {
  await context.close();
  await suggester.close();
});

/** Opens a section of the Configuration dialog of the flow on the canvas. */
async function configure(section: string) {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Configuration' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chatflow Configuration' });
  await dialog.getByRole('navigation', { name: 'Configuration sections' }).getByText(section).click();
  return dialog;
}

async function choose(dialog: Locator, field: string, option: string) {
  await dialog.getByLabel(field).click();
  await page.getByRole('option', { name: option }).click();
}

const said = (question: string) => `Hello from the test LLM. You said: ${question}`;

test('follow-up prompts set in Configuration are offered after an answer; choosing one asks it', async () => {
  await page.goto(`/canvas/${flowId}`);
  const dialog = await configure('Follow-up Prompts');
  await dialog.getByRole('switch', { name: 'Enable Follow-up Prompts' }).check();
  await choose(dialog, 'Providers', 'Ollama');
  await dialog.getByLabel('Base URL').fill(suggester.url);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Follow-up Prompts configuration saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  suggester.script(
    { text: JSON.stringify({ questions: ['What is a shuttle?', 'Who invented the loom?'] }) },
    { text: JSON.stringify({ questions: ['How fast can a loom weave?'] }) },
  );
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('Tell me about looms');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByText(said('Tell me about looms'))).toBeVisible();
  const followUps = chat.getByRole('group', { name: 'Follow-up questions' });
  await expect(followUps.getByRole('button')).toHaveText(['What is a shuttle?', 'Who invented the loom?']);
  // The suggester read the answer the questions follow.
  expect(JSON.stringify(suggester.requests.at(-1)?.body)).toContain(said('Tell me about looms'));

  await followUps.getByRole('button', { name: 'What is a shuttle?' }).click();
  await expect(chat.getByText(said('What is a shuttle?'))).toBeVisible();
  await expect(followUps.getByRole('button')).toHaveText(['How fast can a loom weave?']);
});

test("answers are read aloud with the flow's voice, by themselves once autoPlay is on", async () => {
  await page.goto(`/canvas/${flowId}`);
  let dialog = await configure('Text to Speech');
  await choose(dialog, 'Text To Speech Provider', 'OpenAI TTS');
  await choose(dialog, 'Connect Credential', credentialName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Text To Speech Configuration Saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  const answer = said('What is a shuttle?');
  await expect(chat.getByText(answer)).toBeVisible();
  const speakers = chat.getByRole('button', { name: 'Read aloud' });
  await expect(speakers).toHaveCount(2);
  await speakers.last().click();
  const stop = chat.getByRole('button', { name: 'Stop reading aloud' });
  await expect(stop).toBeVisible();
  // The voice (OpenAI's speech endpoint, the scripted LLM here) spoke the answer itself.
  const played = () =>
    page.evaluate(() =>
      Promise.all((window as unknown as { playedAudio: Blob[] }).playedAudio.map((blob) => blob.text())),
    );
  expect(await played()).toEqual([spokenAudio('alloy', answer).toString('utf8')]);
  await stop.click();
  await expect(stop).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { pausedAudio: number }).pausedAudio)).toBe(1);
  await chat.getByRole('button', { name: 'Close chat window' }).click();
  // The first save's notice goes before the second save's is looked for.
  await expect(page.getByText('Text To Speech Configuration Saved')).toBeHidden({ timeout: 10_000 });

  dialog = await configure('Text to Speech');
  await dialog.getByRole('switch', { name: 'Automatically play audio' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Text To Speech Configuration Saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Open chat' }).click();
  await chat.getByRole('textbox', { name: 'Question' }).fill('Read this one');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByText(said('Read this one'))).toBeVisible();
  await expect(stop).toBeVisible();
  await expect.poll(played).toHaveLength(2);
  expect((await played())[1]).toBe(spokenAudio('alloy', said('Read this one')).toString('utf8'));
});

test('a question recorded from the microphone is transcribed, shown and answered', async () => {
  await page.goto(`/canvas/${flowId}`);
  const dialog = await configure('Speech to Text');
  await choose(dialog, 'Speech To Text Provider', 'OpenAI Whisper');
  await choose(dialog, 'Connect Credential', credentialName);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Speech To Text Configuration Saved')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('button', { name: 'Record question' }).click();
  const bar = chat.getByRole('group', { name: 'Recording a question' });
  await expect(bar.getByRole('timer')).toHaveText(/^Recording 0:0[1-9]$/);
  const [asked] = await Promise.all([
    page.waitForRequest((request) => request.url().includes('/internal-prediction/')),
    bar.getByRole('button', { name: 'Send recording' }).click(),
  ]);
  const body = asked.postDataJSON() as {
    question: string;
    uploads: { type: string; mime: string; data: string }[];
  };
  expect(body.question).toBe('');
  expect(body.uploads).toHaveLength(1);
  expect(body.uploads[0]).toMatchObject({ type: 'audio', mime: 'audio/webm' });
  expect(body.uploads[0]!.data).toMatch(/^data:audio\/webm(;codecs=opus)?;base64,/);

  // The scripted transcriber answers the recording's bytes as text: a WebM file names its type.
  const question = chat.getByTestId('user-bubble').last();
  await expect(question.getByLabel('Recorded question')).toBeVisible();
  await expect(question).toContainText('webm');
  await expect(chat.getByText(/^Hello from the test LLM\. You said: .*webm/)).toBeVisible();
  await expect(bar).toBeHidden();
  // The recording plays from its data URL under the app's content security policy.
  expect(violations).toEqual([]);
});
