// Chromium for the web app benchmarks: Debian's browser (never a downloaded one), signed in as an owner.
import { chromium } from 'playwright-core';

export { chromium };
export { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../scripts/chromium.mjs';
export const OWNER = { name: 'Bench UI', email: 'bench-ui@example.com', credential: 'Bench-ui-pass-1!' };

/** Signs the owner in through the UI once and returns the browser state (cookies + local storage). */
export async function signedInState(browser, base) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.credential);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Chatflows' }).waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}
