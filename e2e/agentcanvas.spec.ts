// The V1 agent canvas (/agentcanvas) as a new user meets it: Agentflows switched to V1, a Sequential
// Agents flow built by hand whose agent asks before it uses its calculator, the Flowise "Essay
// Writing & Grading" file run through its condition and loop, and the flow exported
// (SEQUENTIAL_AGENTS.md §1, §7.2, §8, §11). Models are the scripted test LLM.
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { canvasDriver } from './canvas-support';
import { createOpenAiCredential, INTERNAL, signInOwner, watchPolicyViolations } from './support';

const RUN = Date.now().toString(36);
const CREDENTIAL = `Agents LLM key ${RUN}`;
const QUESTION = 'What is 6*7? [[tool:calculator {"input":"6*7"}]]';
const ESSAY_FILE = new URL(
  '../../shared/compat/flowise/agentflows/Essay Writing & Grading.json',
  import.meta.url,
);
const ESSAY_NAME = 'Essay Writing & Grading.json';
const ESSAY_QUESTION = 'Write an essay about looms';
const ESSAY_ANSWER = `Hello from the test LLM. You said: ${ESSAY_QUESTION}`;

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  // Wide enough for Start → Agent → End beside the model, at a zoom where cards are editable.
  context = await browser.newContext({ viewport: { width: 2100, height: 1200 } });
  page = await context.newPage();
  violations = watchPolicyViolations(page);
  await signInOwner(page);
  await createOpenAiCredential(page.request, CREDENTIAL, 'sk-test-llm-0123456789');
});

test.afterAll(async () => {
  await context.close();
});

const { node, handle, outputHandle, measurePane, dragFromPalette, connect } = canvasDriver(() => page);
/** An input handle by its input's name (its id ends with the accepted types, e.g. "Start | Agent | …"). */
const inputHandle = (nodeId: string, input: string) =>
  page.locator(`.react-flow__handle.target[data-handleid^="${nodeId}-input-${input}-"]`);

interface SavedFlow {
  name: string;
  type: string;
  flowData: string;
}

async function savedFlow(id: string): Promise<SavedFlow> {
  const response = await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as SavedFlow;
}

/** Saves a new flow under `name` through the naming dialog; the canvas moves to /agentcanvas/<id>. */
async function saveNew(name: string): Promise<string> {
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toHaveAttribute('title', 'Save Agents');
  await save.click();
  const naming = page.getByRole('dialog', { name: 'Save New Agents' });
  await naming.getByLabel('Agents name').fill(name);
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(naming).toBeHidden();
  await expect(page).toHaveURL(/\/agentcanvas\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  return page.url().split('/').pop()!;
}

test('Agentflows switched to V1 warns that V1 is deprecated, and Add New opens the agent canvas', async () => {
  await page.goto('/agentflows');
  const versions = page.getByRole('group', { name: 'Agentflow version' });
  await expect(versions.getByRole('button', { name: 'V2' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('V1 Agentflows are deprecated.')).toBeHidden();
  await versions.getByRole('button', { name: 'V1' }).click();
  await expect(versions.getByRole('button', { name: 'V1' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('alert')).toContainText(
    'V1 Agentflows are deprecated. We recommend migrating to V2 for improved performance and continued support.',
  );
  // The choice is remembered as Flowise remembers it.
  expect(await page.evaluate(() => localStorage.getItem('agentFlowVersion'))).toBe('v1');
  await page.getByRole('button', { name: 'Add New' }).first().click();
  await expect(page).toHaveURL(/\/agentcanvas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Untitled agents' })).toBeVisible();
  await expect(page.locator('.react-flow__pane')).toBeVisible();
});

test('each canvas offers its own nodes: Sequential Agents only on the agent canvas', async () => {
  await page.goto('/agentcanvas');
  await page.getByLabel('Add nodes', { exact: true }).click();
  const palette = page.getByRole('dialog', { name: 'Add nodes' });
  const offered = (label: string) => palette.getByRole('button', { name: `Add ${label}`, exact: true });
  const search = palette.getByRole('textbox', { name: 'Search nodes' });
  for (const label of ['Start', 'Agent', 'LLM Node', 'Tool Node', 'Condition', 'Loop', 'End', 'Supervisor']) {
    await search.fill(label);
    await expect(offered(label)).toBeVisible();
  }
  // Models, tools, the agent memories and a few utilities stay; chains' memories and v2 nodes do not.
  for (const label of ['ChatOpenAI', 'Calculator', 'Agent Memory', 'Sticky Note']) {
    await search.fill(label);
    await expect(offered(label)).toBeVisible();
  }
  await search.fill('Buffer Memory');
  await expect(offered('Buffer Memory')).toHaveCount(0);
  await search.fill('Direct Reply');
  await expect(offered('Direct Reply')).toHaveCount(0);
  await search.fill('');
  await expect(palette.getByText('Agent Flows', { exact: true })).toHaveCount(0);
  await expect(palette.getByText('Sequential Agents', { exact: true })).toBeVisible();
  await expect(palette.getByText('Multi Agents', { exact: true })).toBeVisible();

  // The chatflow canvas, conversely, offers no Start nor Supervisor, but chains' memories.
  await page.goto('/canvas');
  await page.getByLabel('Add nodes', { exact: true }).click();
  await search.fill('Start');
  await expect(offered('Start')).toHaveCount(0);
  await search.fill('Supervisor');
  await expect(offered('Supervisor')).toHaveCount(0);
  await search.fill('Buffer Memory');
  await expect(offered('Buffer Memory')).toBeVisible();
  await search.fill('');
  await expect(palette.getByText('Sequential Agents', { exact: true })).toHaveCount(0);
});

test('an agent built by hand asks before it uses its calculator, then answers with the result', async () => {
  await page.goto('/agentcanvas');
  await expect(page.locator('.react-flow__pane')).toBeVisible();
  await measurePane();

  // Model and tool on the left, Start → Agent → End to the right.
  await dragFromPalette('ChatOpenAI', 'chatOpenAI_0', { x: 560, y: 140 });
  await dragFromPalette('Calculator', 'calculator_0', { x: 560, y: 760 });
  await dragFromPalette('Start', 'seqStart_0', { x: 920, y: 140 });
  await dragFromPalette('Agent', 'seqAgent_0', { x: 1280, y: 140 });
  await dragFromPalette('End', 'seqEnd_0', { x: 1640, y: 140 });
  await expect(page.locator('.react-flow__node')).toHaveCount(5);

  const model = node('chatOpenAI_0');
  await model.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();
  await expect(model.getByRole('combobox', { name: 'Connect Credential' })).toHaveText(CREDENTIAL);

  await connect(outputHandle('chatOpenAI_0'), handle('seqStart_0-input-model-BaseChatModel'));
  await connect(outputHandle('calculator_0'), handle('seqAgent_0-input-tools-Tool'));
  await connect(outputHandle('seqStart_0'), inputHandle('seqAgent_0', 'sequentialNode'));
  await connect(outputHandle('seqAgent_0'), inputHandle('seqEnd_0', 'sequentialNode'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);

  const agent = node('seqAgent_0');
  const agentName = agent.getByRole('textbox', { name: 'Agent Name', exact: true });
  await agentName.fill('Mathematician');
  await agentName.blur();
  await agent.getByRole('switch', { name: 'Require Approval' }).check();

  const name = `Calculator agents ${RUN}`;
  const id = await saveNew(name);
  const saved = await savedFlow(id);
  expect(saved.type).toBe('MULTIAGENT');
  const flow = JSON.parse(saved.flowData) as {
    nodes: { id: string; data: { inputs: Record<string, unknown> } }[];
    edges: { source: string; target: string }[];
  };
  const inputs = (nodeId: string) => flow.nodes.find((item) => item.id === nodeId)!.data.inputs;
  expect(inputs('seqAgent_0')).toMatchObject({
    agentName: 'Mathematician',
    interrupt: true,
    tools: ['{{calculator_0.data.instance}}'],
    sequentialNode: ['{{seqStart_0.data.instance}}'],
  });
  expect(inputs('seqStart_0').model).toBe('{{chatOpenAI_0.data.instance}}');
  expect(inputs('seqEnd_0').sequentialNode).toBe('{{seqAgent_0.data.instance}}');

  // The run stops before the tool: the answer asks, with Yes and No, and the question box waits.
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  const question = chat.getByRole('textbox', { name: 'Question' });
  await question.fill(QUESTION);
  await question.press('Enter');
  const approval = chat.getByRole('group', { name: 'Approve the tool calls' });
  await expect(approval.getByRole('button', { name: 'Yes' })).toBeVisible();
  await expect(approval.getByRole('button', { name: 'No' })).toBeVisible();
  await expect(question).toBeDisabled();
  await expect(question).toHaveAttribute('placeholder', 'Approve or reject the tool calls above first');
  // The question the agent asks names the tool it wants to run (the model wrote it from the prompt).
  await expect(chat.getByTestId('bot-bubble').last()).toContainText('"tool":"calculator"');

  // Yes: the tool runs, the agent's turn shows it, and the answer carries its result.
  await approval.getByRole('button', { name: 'Yes' }).click();
  await expect(approval).toBeHidden();
  await expect(chat.getByTestId('user-bubble').last()).toHaveText('Yes');
  const turns = chat.getByRole('list', { name: 'Agent reasoning' }).last();
  await expect(turns.getByText('Mathematician')).toBeVisible();
  await expect(turns.getByText('calculator')).toBeVisible();
  await expect(chat.getByText('The tool said 42').last()).toBeVisible();
  await expect(question).toBeEnabled();

  // A reload shows the stored conversation: the agents' turns, and no buttons any more.
  await page.reload();
  await expect(node('seqAgent_0')).toBeVisible();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const reopened = page.getByRole('dialog', { name: 'Chat' });
  await expect(reopened.getByTestId('user-bubble')).toHaveText([QUESTION, 'Yes']);
  await expect(reopened.getByText('The tool said 42').last()).toBeVisible();
  await expect(reopened.getByRole('list', { name: 'Agent reasoning' }).first()).toContainText(
    'Mathematician',
  );
  await expect(reopened.getByRole('group', { name: 'Approve the tool calls' })).toHaveCount(0);
  await expect(reopened.getByRole('textbox', { name: 'Question' })).toBeEnabled();
  expect(violations).toEqual([]);
});

test('the Flowise essay flow runs its condition and loop, and exports as "<name> Agents.json"', async () => {
  await page.goto('/agentcanvas');
  await expect(page.locator('.react-flow__pane')).toBeVisible();
  await page.getByLabel('Flow file to load').setInputFiles({
    name: ESSAY_NAME,
    mimeType: 'application/json',
    buffer: readFileSync(ESSAY_FILE),
  });
  await expect(page.getByText(`Loaded ${ESSAY_NAME}`)).toBeVisible();

  const model = node('chatOpenAI_0');
  await model.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();
  await expect(model.getByRole('combobox', { name: 'Connect Credential' })).toHaveText(CREDENTIAL);

  const name = `Essay ${RUN}`;
  await saveNew(name);

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill(ESSAY_QUESTION);
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  // Writer writes, the condition sends the essay to Grading, Teacher grades, the loop goes back to
  // Writer; after three rounds the condition chooses End and Writer's last essay is the answer.
  const turns = chat.getByRole('list', { name: 'Agent reasoning' });
  const round = ['Writer', 'If loop > 3 times', 'Teacher'];
  await expect(turns.getByRole('heading')).toHaveText([...round, ...round, ...round, 'Writer'], {
    timeout: 30_000,
  });
  const condition = turns.getByRole('listitem').filter({ hasText: 'If loop > 3 times' });
  await expect(condition).toHaveCount(3);
  for (const step of await condition.all()) await expect(step).toContainText('Route chosen: Grading');
  await expect(turns.getByRole('listitem').last()).toContainText(ESSAY_ANSWER);
  await expect(chat.getByTestId('bot-bubble').last()).toHaveText(ESSAY_ANSWER);
  await expect(chat.getByRole('button', { name: 'Send question' })).toBeVisible(); // no longer busy

  // Export: the file is named after the flow.
  await page.getByRole('button', { name: 'Settings' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menu').getByRole('menuitem', { name: 'Export Agents' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${name} Agents.json`);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as {
    nodes: { id: string; data: { credential?: string } }[];
  };
  expect(exported.nodes.map((item) => item.id)).toContain('seqCondition_0');
  // The credential is not part of the file.
  expect(exported.nodes.find((item) => item.id === 'chatOpenAI_0')!.data.credential ?? '').toBe('');

  // Both flows are V1 agentflows: listed there, not under V2, and they open on the agent canvas.
  await page.goto('/agentflows');
  await expect(
    page.getByRole('group', { name: 'Agentflow version' }).getByRole('button', { name: 'V1' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(`Calculator agents ${RUN}`)).toBeVisible();
  await page.getByText(name, { exact: true }).click();
  await expect(page).toHaveURL(/\/agentcanvas\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto('/agentflows');
  await page.getByRole('group', { name: 'Agentflow version' }).getByRole('button', { name: 'V2' }).click();
  await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  expect(violations).toEqual([]);
});
