// Sequential-agent condition nodes of a real Flowise file on the agent canvas (/agentcanvas): the
// condition editor (table and code tabs), output handles that follow the condition, and the alerts
// that keep an incomplete condition from being saved (SPEC §4–5, SEQUENTIAL_AGENTS.md §6.1, §11).
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { INTERNAL, signInOwner } from './support';

// The real Flowise export, from the shared compatibility folder beside the repository.
const ESSAY_FILE = new URL(
  '../../shared/compat/flowise/agentflows/Essay Writing & Grading.json',
  import.meta.url,
);
const ESSAY_NAME = 'Essay Writing & Grading.json';
const CONDITION = 'seqCondition_0';
const TAB = `selectedConditionFunctionTab_${CONDITION}`;

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  // Wide enough for the whole flow to fit at a zoom where cards are editable.
  context = await browser.newContext({ viewport: { width: 2200, height: 1200 } });
  page = await context.newPage();
  await signInOwner(page);
});

test.afterAll(async () => {
  await context.close();
});

const node = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const branch = (name: string) =>
  page.locator(`.react-flow__handle.source[data-handleid="${CONDITION}-output-${name}-Condition"]`);
const branches = () => page.locator(`.react-flow__handle.source[data-handleid^="${CONDITION}-output-"]`);
const edges = () => page.locator('.react-flow__edge');

/** Opens a new agent canvas and loads the essay flow file onto it (optionally changed first). */
async function loadEssay(change?: (flow: EssayFlow) => void) {
  await page.goto('/agentcanvas');
  await expect(page.locator('.react-flow__pane')).toBeVisible();
  const flow = JSON.parse(readFileSync(ESSAY_FILE, 'utf8')) as EssayFlow;
  change?.(flow);
  await page.getByLabel('Flow file to load').setInputFiles({
    name: ESSAY_NAME,
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(flow)),
  });
  await expect(page.getByText(`Loaded ${ESSAY_NAME}`)).toBeVisible();
  await expect(node(CONDITION).getByRole('button', { name: 'Edit Condition' })).toBeVisible();
}

interface EssayFlow {
  nodes: { id: string; data: { inputs: Record<string, unknown> } }[];
  edges: unknown[];
}

async function openCondition() {
  await node(CONDITION).getByRole('button', { name: 'Edit Condition' }).click();
  const dialog = page.getByRole('dialog', { name: /Condition/ });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the condition of a Flowise file edits as a table or as code, and its outputs follow', async () => {
  await loadEssay();
  // As stored: one table item (Grading) and End, each with its edge.
  await expect(node(CONDITION).getByText('Table: 1 condition')).toBeVisible();
  await expect(branches()).toHaveCount(2);
  await expect(branch('grading')).toBeVisible();
  await expect(branch('end')).toBeVisible();
  await expect(edges()).toHaveCount(7);

  // A second item with the output "Retry": a Retry handle appears, next to End.
  let dialog = await openCondition();
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await dialog.getByRole('combobox', { name: 'Variable 2' }).fill('$flow.state.next');
  await dialog.getByRole('combobox', { name: 'Operation 2' }).click();
  await page.getByRole('option', { name: 'Is', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Value 2' }).fill('retry');
  await dialog.getByRole('textbox', { name: 'Output Name 2' }).fill('Retry');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(branches()).toHaveCount(3);
  await expect(branch('retry')).toBeVisible();
  await expect(branch('end')).toBeVisible();
  await expect(node(CONDITION).getByText('Retry', { exact: true })).toBeVisible();
  await expect(node(CONDITION).getByText('End', { exact: true })).toBeVisible();
  const retryBox = (await branch('retry').boundingBox())!;
  const endBox = (await branch('end').boundingBox())!;
  expect(endBox.y).toBeGreaterThan(retryBox.y); // End comes last
  await expect(edges()).toHaveCount(7); // Grading and End keep their edges

  // Code mode: the returned literal is the only output; the edges of Grading and End go.
  dialog = await openCondition();
  await dialog.getByRole('tab', { name: 'Condition (Code)' }).click();
  await dialog.getByRole('textbox', { name: 'Condition (Code)' }).fill('return "Again";');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(branches()).toHaveCount(1);
  await expect(branch('again')).toBeVisible();
  await expect(node(CONDITION).getByText('Again', { exact: true })).toBeVisible();
  await expect(branch('retry')).toHaveCount(0);
  await expect(branch('end')).toHaveCount(0);
  await expect(edges()).toHaveCount(5);

  // An item without an output name is refused with the alert, and the dialog stays open.
  dialog = await openCondition();
  await dialog.getByRole('tab', { name: 'Condition (Table)' }).click();
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await dialog.getByRole('combobox', { name: 'Variable 3' }).fill('$flow.state.next');
  await dialog.getByRole('combobox', { name: 'Operation 3' }).click();
  await page.getByRole('option', { name: 'Is Not', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please specify an Output Name');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(branch('again')).toBeVisible();

  // Saved as Flowise stores it: the chosen tab, the code, the table and the outputs.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: 'Save New Agents' });
  await naming.getByLabel('Agents name').fill(`Essay grading ${Date.now().toString(36)}`);
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/agentcanvas\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  const saved = (await (await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL })).json()) as {
    flowData: string;
    type: string;
  };
  expect(saved.type).toBe('MULTIAGENT');
  const flow = JSON.parse(saved.flowData) as {
    nodes: {
      id: string;
      data: {
        inputs: Record<string, unknown>;
        outputAnchors: { name: string; type: string; options: { id: string; label: string }[] }[];
      };
    }[];
    edges: { source: string }[];
  };
  const condition = flow.nodes.find((item) => item.id === CONDITION)!.data;
  expect(condition.inputs[TAB]).toBe('conditionFunction');
  expect(condition.inputs.conditionFunction).toBe('return "Again";');
  expect(JSON.parse(condition.inputs.conditionUI as string)).toEqual([
    {
      variable: '$flow.state.messages.length',
      operation: 'Less Than or Equal To',
      value: '6',
      output: 'Grading',
      actions: '',
      id: 0,
    },
    { variable: '$flow.state.next', operation: 'Is', value: 'retry', output: 'Retry', actions: '', id: 1 },
  ]);
  expect(condition.outputAnchors).toEqual([
    {
      name: 'output',
      label: 'Output',
      type: 'options',
      options: [
        {
          id: `${CONDITION}-output-again-Condition`,
          name: 'again',
          label: 'Again',
          type: 'Condition',
          isAnchor: true,
        },
      ],
    },
  ]);
  expect(flow.edges.filter((edge) => edge.source === CONDITION)).toHaveLength(0);
});

test('a flow whose condition item lacks an output name is not saved, and says why', async () => {
  await loadEssay((flow) => {
    const condition = flow.nodes.find((item) => item.id === CONDITION)!;
    condition.data.inputs.conditionUI = JSON.stringify([
      { variable: '$flow.state.next', operation: 'Is', value: 'x', output: '', actions: '', id: 0 },
    ]);
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please specify an Output Name', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Save New Agents' })).toBeHidden();
  await expect(page).toHaveURL(/\/agentcanvas$/);
  await expect(node(CONDITION)).toHaveClass(/selected/);
});

test('the chatflow canvas refuses the file and says where it opens', async () => {
  await page.goto('/canvas');
  await expect(page.locator('.react-flow__pane')).toBeVisible();
  await page.getByLabel('Flow file to load').setInputFiles({
    name: ESSAY_NAME,
    mimeType: 'application/json',
    buffer: readFileSync(ESSAY_FILE),
  });
  await expect(
    page.getByText(
      'This is a V1 Agentflow file (Sequential Agents or a supervisor team); open it from Agentflows, V1.',
    ),
  ).toBeVisible();
  await expect(page.locator('.react-flow__node')).toHaveCount(0);
});
