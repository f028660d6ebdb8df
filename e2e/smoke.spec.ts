import { expect, test } from '@playwright/test';

test('the server answers pong and serves the web app at /, with SPA fallback', async ({ page, request }) => {
  expect(await (await request.get('/api/v1/ping')).text()).toBe('pong');
  await page.goto('/');
  await expect(page).toHaveTitle(/Flowloom/);
  const deep = await request.get('/some/client/route');
  expect(deep.status()).toBe(200);
  expect(await deep.text()).toContain('<div id="root">');
  const missingApi = await request.get('/api/v1/does-not-exist');
  expect(missingApi.status()).toBe(404);
});
