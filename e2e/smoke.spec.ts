import { expect, test } from '@playwright/test';
import { INTERNAL, signInOwner } from './support';

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

// The built server bundles the sandbox's JavaScript away from its WebAssembly file: user code must
// still run there, not only from the sources the other suites use.
test('user code runs in the QuickJS sandbox of the built server', async ({ page }) => {
  await signInOwner(page);
  const node = (id: string, name: string, inputs: Record<string, unknown>) => ({
    id,
    type: 'agentFlow',
    position: { x: 0, y: 0 },
    data: { id, label: id, name, version: 1, type: name, category: 'Agent Flows', inputs },
  });
  const flowData = {
    nodes: [
      node('startAgentflow_0', 'startAgentflow', { startInputType: 'chatInput' }),
      node('customFunctionAgentflow_0', 'customFunctionAgentflow', {
        customFunctionJavascriptFunction: 'return `sandbox says ${$flow.input} (${6 * 7})`;',
      }),
    ],
    edges: [
      {
        id: 'e1',
        source: 'startAgentflow_0',
        target: 'customFunctionAgentflow_0',
        sourceHandle: 'startAgentflow_0-output-startAgentflow',
        targetHandle: 'customFunctionAgentflow_0',
      },
    ],
  };
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: { name: 'Sandbox smoke', type: 'AGENTFLOW', flowData: JSON.stringify(flowData) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const answer = await page.request.post(`/api/v1/prediction/${id}`, { data: { question: 'hello' } });
  expect(answer.ok(), await answer.text()).toBe(true);
  expect(((await answer.json()) as { text: string }).text).toBe('sandbox says hello (42)');
});

test('at 390 px a list row keeps its actions on screen, without scrolling the table sideways', async ({
  page,
}) => {
  await signInOwner(page);
  const name = `NARROW_${Date.now().toString(36).toUpperCase()}`;
  const created = await page.request.post('/api/v1/variables', {
    headers: INTERNAL,
    data: { name, value: 'a value long enough to make the table wider than a phone', type: 'static' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/variables');
  const edit = page.getByRole('button', { name: `Edit ${name}` });
  await expect(edit).toBeVisible();
  const box = (await edit.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeInViewport();
});

test('tool code is edited in a code editor and refused with its line when it does not compile', async ({
  page,
}) => {
  await signInOwner(page);
  await page.goto('/tools');
  await page
    .getByRole('button', { name: /Create|Add New/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add New Tool' });
  const name = `broken_${Date.now().toString(36)}`;
  await dialog.getByLabel('Tool Name *').fill(name);
  await dialog.getByLabel('Tool Description *').fill('Adds numbers');
  const code = dialog.getByRole('textbox', { name: 'JavaScript Function' });
  await expect(code).toHaveAttribute('contenteditable', 'true');
  // The example code is replaced by the user's.
  await code.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('const total = 1 +;\nreturn total;');
  // Highlighted as JavaScript by CodeMirror.
  await expect(dialog.locator('.cm-content')).toContainText('const total');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    /The tool's JavaScript function has a syntax error on line 1, column \d+/,
  );
  await expect(dialog).toBeVisible();
});
