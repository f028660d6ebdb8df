// The open-source user journey of the "Done when", in order, against one fresh server:
// first-run owner setup → sign-in → side menu → dark mode → variables → credentials → API keys →
// flagged route → logout. The steps share one data folder, so they run serially.
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { OWNER, watchPolicyViolations } from './support';

/** SPEC §2 primary items, in order: everything open source shows. */
const OPEN_SOURCE_MENU = [
  'Chatflows',
  'Agentflows',
  'Executions',
  'Assistants',
  'Marketplaces',
  'Tools',
  'Credentials',
  'Variables',
  'API Keys',
  'Document Stores',
];
/** Items of the Evaluations, User & Workspace Management and Others groups (all feature-flagged). */
const FLAGGED_MENU = [
  'Datasets',
  'Evaluators',
  'Evaluations',
  'SSO Config',
  'Roles',
  'Users',
  'Workspaces',
  'Login Activity',
  'Logs',
  'Account Settings',
];

test.describe.configure({ mode: 'serial' });
// A step that cannot find its target fails in seconds instead of waiting for the test timeout.
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
  violations = watchPolicyViolations(page);
});

test.afterAll(async () => {
  await context.close();
});

const pageHeading = (p: Page, name: string) => p.getByRole('heading', { level: 1, name, exact: true });
const mainMenu = (p: Page) => p.getByRole('navigation', { name: 'Main menu' });

test('a fresh install opens the first-run page, which creates the owner and signs in', async ({
  browser,
}) => {
  const setup = await browser.newContext();
  const first = await setup.newPage();
  try {
    await first.goto('/');
    await expect(first).toHaveURL(/\/organization-setup$/);
    await expect(pageHeading(first, 'Set up Flowloom')).toBeVisible();
    // /login also sends a fresh install to the first-run page.
    await first.goto('/login');
    await expect(first).toHaveURL(/\/organization-setup$/);

    await first.getByRole('button', { name: 'Create account and continue' }).click();
    await expect(first.getByText('name is required')).toBeVisible();

    await first.getByLabel('Name').fill(OWNER.name);
    await first.getByLabel('Email').fill(OWNER.email);
    await first.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await first.getByLabel('Confirm Password').fill('Something-else-1!');
    await first.getByRole('button', { name: 'Create account and continue' }).click();
    await expect(first.getByText('The passwords do not match')).toBeVisible();
    await expect(first).toHaveURL(/\/organization-setup$/);

    await first.getByLabel('Confirm Password').fill(OWNER.password);
    await first.getByRole('button', { name: 'Create account and continue' }).click();
    await expect(first).toHaveURL(/\/chatflows$/);
    await expect(pageHeading(first, 'Chatflows')).toBeVisible();
  } finally {
    await setup.close();
  }
});

test('once the owner exists, the first-run page is gone: visitors go to sign-in', async () => {
  await page.goto('/chatflows');
  await expect(page).toHaveURL(/\/login$/);
  await expect(pageHeading(page, 'Sign in')).toBeVisible();
});

test('sign-in shows field messages on an empty submit and a readable error for a wrong password', async () => {
  await page.goto('/login');
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
  await signIn.click();
  await expect(page.getByText('email is required')).toBeVisible();
  await expect(page.getByText('password is required')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-the-password-9!');
  await signIn.click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page.getByText('email is required')).toBeHidden();
  await expect(page).toHaveURL(/\/login$/);
});

test('the owner signs in and lands on Chatflows', async () => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chatflows$/);
  await expect(pageHeading(page, 'Chatflows')).toBeVisible();
  await expect(page.getByRole('status').getByText('No Chatflows Yet')).toBeVisible();
});

test('the side menu shows exactly the open-source items', async () => {
  const links = mainMenu(page).getByRole('link');
  await expect(links).toHaveText(OPEN_SOURCE_MENU);
  for (const group of ['Evaluations', 'User & Workspace Management', 'Others']) {
    await expect(mainMenu(page).getByRole('list', { name: group })).toHaveCount(0);
  }
  for (const item of FLAGGED_MENU) {
    await expect(mainMenu(page).getByRole('link', { name: item, exact: true })).toHaveCount(0);
  }
  await mainMenu(page).getByRole('link', { name: 'Variables' }).click();
  await expect(page).toHaveURL(/\/variables$/);
  await expect(mainMenu(page).getByRole('link', { name: 'Variables' })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('dark mode survives a reload', async () => {
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const isDark = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
    return (r! + g! + b!) / 3 < 60;
  };
  await page.goto('/chatflows');
  await expect(pageHeading(page, 'Chatflows')).toBeVisible();
  expect(isDark(await background())).toBe(false);

  await page.getByRole('switch', { name: 'Switch to dark mode' }).click();
  await expect(page.getByRole('switch', { name: 'Switch to light mode' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect.poll(async () => isDark(await background())).toBe(true);

  await page.reload();
  await expect(pageHeading(page, 'Chatflows')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Switch to light mode' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  expect(isDark(await background())).toBe(true);

  // And back: light mode is remembered too.
  await page.getByRole('switch', { name: 'Switch to light mode' }).click();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Switch to dark mode' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(isDark(await background())).toBe(false);
});

test('a variable is created, edited and deleted', async () => {
  await page.goto('/variables');
  await expect(pageHeading(page, 'Variables')).toBeVisible();
  await expect(page.getByText('No Variables Yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Variable' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add Variable' });
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeVisible(); // the empty name is refused
  await dialog.getByLabel('Variable Name *').fill('MODEL_NAME');
  await dialog.getByLabel('Value').fill('gpt-4o-mini');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Variables' });
  const row = table.getByRole('row').filter({ hasText: 'MODEL_NAME' });
  await expect(row).toContainText('gpt-4o-mini');
  await expect(row).toContainText('Static');

  await row.getByRole('button', { name: 'Edit MODEL_NAME' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Variable' });
  await expect(edit.getByLabel('Variable Name *')).toHaveValue('MODEL_NAME');
  await expect(edit.getByLabel('Value')).toHaveValue('gpt-4o-mini');
  await edit.getByLabel('Value').fill('gpt-4.1');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('gpt-4.1');

  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: 'MODEL_NAME' })).toContainText('gpt-4.1');

  await table.getByRole('button', { name: 'Delete MODEL_NAME' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete variable' });
  await expect(confirm).toContainText('MODEL_NAME');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No Variables Yet')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Variables' })).toHaveCount(0);
});

test('a credential is created, edited with its secret kept, and deleted', async () => {
  const secret = 'sk-test-0123456789abcdefghijklmnop';
  await page.goto('/credentials');
  await expect(pageHeading(page, 'Credentials')).toBeVisible();
  await expect(page.getByText('No Credentials Yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Credential' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Add New Credential' });
  await picker.getByLabel('Search credential').fill('openai');
  await picker.getByRole('button', { name: /^OpenAI API/ }).click();

  const add = page.getByRole('dialog', { name: 'Add OpenAI API credential' });
  await add.getByLabel('Credential Name *').fill('My OpenAI');
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add.getByText('OpenAI Api Key is required')).toBeVisible();
  await add.getByLabel('OpenAI Api Key *').fill(secret);
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toBeHidden();

  const table = page.getByRole('table', { name: 'Credentials' });
  const row = table.getByRole('row').filter({ hasText: 'My OpenAI' });
  await expect(row).toContainText('OpenAI API');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Edit: the secret never comes back in clear, not even as the server's placeholder token; the field
  // says it is saved, and saving it unchanged keeps it.
  await row.getByRole('button', { name: 'Edit My OpenAI' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit OpenAI API credential' });
  const key = edit.getByLabel('OpenAI Api Key *');
  await expect(edit.getByLabel('Credential Name *')).toHaveValue('My OpenAI');
  await expect(key).toHaveValue('');
  await expect(key).toHaveAttribute('placeholder', 'Saved — type to replace');
  await edit.getByRole('button', { name: 'Show password' }).click();
  await expect(key).toHaveValue('');
  await edit.getByLabel('Credential Name *').fill('OpenAI production');
  const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/v1/credentials/'));
  await edit.getByRole('button', { name: 'Save' }).click();
  // The placeholder token goes back unchanged, which tells the server to keep the stored secret.
  const sent = (await put).postDataJSON() as { name: string; plainDataObj: { openAIApiKey: string } };
  expect(sent.name).toBe('OpenAI production');
  expect(sent.plainDataObj.openAIApiKey).toMatch(/^_FLOWISE_BLANK_/);
  await expect(edit).toBeHidden();
  const renamed = table.getByRole('row').filter({ hasText: 'OpenAI production' });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Edit OpenAI production' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Edit OpenAI API credential' }).getByLabel('OpenAI Api Key *'),
  ).toHaveAttribute('placeholder', 'Saved — type to replace');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await renamed.getByRole('button', { name: 'Delete OpenAI production' }).click();
  await page
    .getByRole('dialog', { name: 'Delete credential' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('No Credentials Yet')).toBeVisible();
});

test('a new API key shows its full secret once; the list only shows it masked', async ({ request }) => {
  await page.goto('/apikey');
  await expect(pageHeading(page, 'API Keys')).toBeVisible();
  await page.getByRole('button', { name: 'Create Key' }).first().click();
  const create = page.getByRole('dialog', { name: 'Create New API Key' });
  await create.getByLabel('Key Name *').fill('ci-bot');
  await create.getByRole('button', { name: 'Create', exact: true }).click();

  const shown = page.getByRole('dialog', { name: 'API key "ci-bot" created' });
  await expect(shown).toContainText('it will not be shown again');
  const secret = (await shown.getByTestId('apikey-secret').textContent())?.trim() ?? '';
  expect(secret.length).toBeGreaterThanOrEqual(20);
  expect(secret).not.toContain('…');

  // The secret really is the key: it authenticates an API call.
  const withKey = await request.get('/api/v1/chatflows', { headers: { authorization: `Bearer ${secret}` } });
  expect(withKey.status()).toBe(200);

  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row').filter({ hasText: 'ci-bot' });
  await expect(row).toContainText('…');
  await expect(page.getByText(secret)).toHaveCount(0);

  await page.reload();
  const reloaded = page
    .getByRole('table', { name: 'API keys' })
    .getByRole('row')
    .filter({ hasText: 'ci-bot' });
  await expect(reloaded).toContainText(`${secret.slice(0, 4)}…${secret.slice(-4)}`);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
});

test('a feature-flagged route goes to /unauthorized in open source', async () => {
  await page.goto('/datasets');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(pageHeading(page, 'Unauthorized')).toBeVisible();
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  // Unflagged areas stay open.
  await page.goto('/executions');
  await expect(page).toHaveURL(/\/executions$/);
  await expect(pageHeading(page, 'Agent Executions')).toBeVisible();
  await page.goto('/assistants/openai');
  await expect(pageHeading(page, 'OpenAI Assistant')).toBeVisible();
});

test('logout returns to /login and ends the session', async () => {
  await page.goto('/chatflows');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(pageHeading(page, 'Sign in')).toBeVisible();

  await page.goto('/variables');
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/v1/variables', { headers: { 'x-request-from': 'internal' } });
  expect(me.status()).toBe(401);
});

test('nothing on these pages was blocked by the content security policy', () => {
  expect(violations).toEqual([]);
});
