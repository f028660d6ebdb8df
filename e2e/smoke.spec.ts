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
