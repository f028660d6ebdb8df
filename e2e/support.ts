// Shared by the spec files of one run, which all use the same fresh data folder.
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';

/** The owner account: journey.spec.ts creates it through the first-run page. */
export const OWNER = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'Analytical-Engine-1!' };

/** Headers of a web-app call: the session cookie is only honoured with `x-request-from: internal`. */
export const INTERNAL = { 'x-request-from': 'internal' };

/**
 * Signs the owner in through the sign-in page. When the install is still fresh (this file ran on
 * its own, without the journey), the owner is created first, with the journey's credentials.
 */
export async function signInOwner(page: Page): Promise<void> {
  const resolved = await page.request.post('/api/v1/auth/resolve');
  const { redirectUrl } = (await resolved.json()) as { redirectUrl: string };
  if (redirectUrl === '/organization-setup') {
    const registered = await page.request.post('/api/v1/account/register', {
      data: { user: { name: OWNER.name, email: OWNER.email, credential: OWNER.password } },
    });
    expect(registered.status()).toBe(201);
  }
  await page.goto('/login');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/chatflows$/);
}

/** Creates a credential through the API of the signed-in session and returns its id. */
export async function createCredential(
  request: APIRequestContext,
  body: { name: string; credentialName: string; plainDataObj: Record<string, string> },
): Promise<string> {
  const response = await request.post('/api/v1/credentials', { headers: INTERNAL, data: body });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Collects what the browser's content security policy blocked on a page (console errors such as
 * "Refused to execute inline script…"): the built app must work under the policy the server sends.
 */
export function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

/**
 * A page of its own context signed in as the owner, watching for policy violations; wide enough
 * for a canvas with three nodes side by side (React Flow draws only the nodes in view).
 */
export async function openOwnerPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; violations: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  const violations = watchPolicyViolations(page);
  await signInOwner(page);
  return { context, page, violations };
}

/** Creates an OpenAI credential (the scripted test LLM takes any key) and returns its id. */
export function createOpenAiCredential(request: APIRequestContext, name: string, apiKey = 'sk-test') {
  return createCredential(request, {
    name,
    credentialName: 'openAIApi',
    plainDataObj: { openAIApiKey: apiKey },
  });
}
