// The Agentflow v2 canvas end to end: a Start → LLM → Condition → two Direct Replies flow built by
// drag and drop, saved as an AGENTFLOW, run from the chat (live step trace, the taken branch's
// reply) and found again under Executions; then a Human Input flow that pauses for Proceed; an LLM
// message written with the variable picker ({{ typed, and the button); a rejection with feedback.
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { createOpenAiCredential, INTERNAL, openOwnerPage } from './support';

const RUN = Date.now().toString(36);
const CREDENTIAL = `Agentflow LLM key ${RUN}`;
const FLOW_NAME = `Fruit router ${RUN}`;
const QUESTION = 'apple';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let violations: string[] = [];

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  await createOpenAiCredential(page.request, CREDENTIAL, 'sk-test-llm-0123456789');
});

test.afterAll(async () => {
  await context.close();
});

const node = (id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const handle = (handleId: string) => page.locator(`.react-flow__handle[data-handleid="${handleId}"]`);
const editor = (label: string) => page.getByRole('region', { name: `Edit ${label}` });

async function center(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error('Not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a node type from the palette onto the canvas at a screen point. */
async function dragFromPalette(label: string, nodeId: string, at: { x: number; y: number }) {
  await page.getByLabel('Add nodes', { exact: true }).click();
  const palette = page.getByRole('dialog', { name: 'Add nodes' });
  await palette.getByRole('textbox', { name: 'Search nodes' }).fill(label);
  const pane = await page.locator('.react-flow__pane').boundingBox();
  await palette
    .getByRole('button', { name: `Add ${label}`, exact: true })
    .dragTo(page.locator('.react-flow__pane'), { targetPosition: { x: at.x - pane!.x, y: at.y - pane!.y } });
  await expect(palette).toBeHidden();
  await expect(node(nodeId)).toBeVisible();
}

/** Draws a connection with the mouse, from an output handle to a node's input handle. */
async function connect(from: Locator, to: Locator) {
  const start = await center(from);
  const end = await center(to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 5 });
  await page.mouse.move(end.x, end.y, { steps: 5 });
  await page.mouse.up();
}

/** Types into a text input of the node editor and commits it. */
async function fillField(panel: Locator, label: string, value: string) {
  const field = panel.getByRole('textbox', { name: label, exact: true });
  await field.fill(value);
  await field.blur();
}

test('a branching agentflow is built, saved, run from the chat and traced in Executions', async () => {
  await page.goto('/agentflows');
  await page.getByRole('button', { name: 'Add New' }).first().click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas$/);
  await expect(page.locator('.react-flow__pane')).toBeVisible();

  // The palette holds the v2 nodes only.
  await page.getByLabel('Add nodes', { exact: true }).click();
  const palette = page.getByRole('dialog', { name: 'Add nodes' });
  await expect(palette.getByRole('button', { name: 'Add Condition', exact: true })).toBeVisible();
  await expect(palette.getByRole('button', { name: 'Add ChatOpenAI', exact: true })).toHaveCount(0);
  await page.getByLabel('Close node list', { exact: true }).first().click();

  // A new agentflow starts with its Start node, and that alone is no unsaved change.
  await expect(node('startAgentflow_0')).toBeVisible();
  await expect(node('startAgentflow_0')).toContainText('Start');
  await expect(page.getByText('Unsaved changes')).toBeHidden();
  await expect(handle('startAgentflow_0')).toHaveCount(0); // Start has no input
  await dragFromPalette('LLM', 'llmAgentflow_0', { x: 480, y: 420 });
  // LLM: the model sub-form of ChatOpenAI with its credential.
  const llm = editor('LLM 0');
  await llm
    .getByRole('combobox', { name: /^Model/ })
    .first()
    .click();
  await page.getByRole('option', { name: 'ChatOpenAI', exact: true }).click();
  await expect(llm.getByTestId('llmModelConfig-form')).toBeVisible();
  await llm.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();
  await llm.getByRole('button', { name: 'Close node editor' }).click();

  await dragFromPalette('Condition', 'conditionAgentflow_0', { x: 780, y: 300 });
  const condition = editor('Condition 0');
  await fillField(condition, 'Value 1', '{{question}}');
  await fillField(condition, 'Value 2', QUESTION);
  // Row 0 and Else.
  await expect(handle('conditionAgentflow_0-output-0')).toBeVisible();
  await expect(handle('conditionAgentflow_0-output-1')).toBeVisible();
  await condition.getByRole('button', { name: 'Close node editor' }).click();

  await dragFromPalette('Direct Reply', 'directReplyAgentflow_0', { x: 1040, y: 170 });
  await fillField(editor('Direct Reply 0'), 'Message', 'Branch A: {{ llmAgentflow_0 }}');
  await dragFromPalette('Direct Reply', 'directReplyAgentflow_1', { x: 1040, y: 480 });
  await fillField(editor('Direct Reply 1'), 'Message', 'Branch B: not an apple');
  await editor('Direct Reply 1').getByRole('button', { name: 'Close node editor' }).click();
  await expect(page.locator('.react-flow__node')).toHaveCount(5);

  await connect(handle('startAgentflow_0-output-startAgentflow'), handle('llmAgentflow_0'));
  await connect(handle('llmAgentflow_0-output-llmAgentflow'), handle('conditionAgentflow_0'));
  await connect(handle('conditionAgentflow_0-output-0'), handle('directReplyAgentflow_0'));
  await connect(handle('conditionAgentflow_0-output-1'), handle('directReplyAgentflow_1'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(4);
  await expect(page.getByTestId('edge-label')).toHaveText(['0', '1']);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: 'Save New Agentflow' });
  await naming.getByLabel('Agentflow name').fill(FLOW_NAME);
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;

  // Stored as an AGENTFLOW in the v2 shape.
  const stored = (await (
    await page.request.get(`/api/v1/chatflows/${id}`, { headers: INTERNAL })
  ).json()) as {
    type: string;
    flowData: string;
  };
  expect(stored.type).toBe('AGENTFLOW');
  const flow = JSON.parse(stored.flowData) as {
    nodes: { id: string; type: string; data: { inputs: Record<string, unknown> } }[];
    edges: {
      sourceHandle: string;
      targetHandle: string;
      target: string;
      type: string;
      data: { edgeLabel?: string };
    }[];
  };
  expect(flow.nodes.every((item) => item.type === 'agentFlow')).toBe(true);
  const toA = flow.edges.find((edge) => edge.target === 'directReplyAgentflow_0')!;
  expect(toA).toMatchObject({
    sourceHandle: 'conditionAgentflow_0-output-0',
    targetHandle: 'directReplyAgentflow_0',
    type: 'agentFlow',
    data: { edgeLabel: '0' },
  });
  const config = flow.nodes.find((item) => item.id === 'llmAgentflow_0')!.data.inputs
    .llmModelConfig as Record<string, unknown>;
  expect(config.llmModel).toBe('chatOpenAI');
  expect(config.FLOWISE_CREDENTIAL_ID).toMatch(/^[0-9a-f-]{36}$/);

  // Run it: the steps stream in the bubble and as badges; the apple branch answers.
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill(QUESTION);
  await chat.getByRole('button', { name: 'Send question' }).click();
  const log = chat.getByRole('log', { name: 'Chat messages' });
  await expect(log).toContainText(`Branch A: Hello from the test LLM. You said: ${QUESTION}`, {
    timeout: 20_000,
  });
  await expect(log).not.toContainText('Branch B');
  const steps = log.getByRole('list', { name: 'Steps' }).last();
  await expect(steps.getByRole('listitem')).toHaveText(['Start', 'LLM 0', 'Condition 0', 'Direct Reply 0']);
  await expect(page.getByTestId('status-directReplyAgentflow_0')).toHaveAttribute('data-status', 'FINISHED');
  await expect(page.getByTestId('status-directReplyAgentflow_1')).toHaveCount(0);

  // The run is an execution whose trace shows the nodes.
  await page.goto('/executions');
  await page
    .getByRole('row', { name: new RegExp(`^Open execution of ${FLOW_NAME}`) })
    .first()
    .click();
  const tree = page.getByRole('tree', { name: 'Executed nodes' });
  await expect(tree).toBeVisible();
  for (const label of ['Start', 'LLM 0', 'Condition 0', 'Direct Reply 0'])
    await expect(tree.getByRole('treeitem', { name: new RegExp(label) }).first()).toBeVisible();
});

const color = { start: '#7EE787', human: '#6E6EFD', reply: '#4DDBBB' };
const base = (id: string, name: string, label: string, inputs: Record<string, unknown>, extra = {}) => ({
  id,
  type: 'agentFlow',
  position: { x: 0, y: 0 },
  data: {
    id,
    name,
    label,
    type: label,
    category: 'Agent Flows',
    version: 1,
    baseClasses: [label],
    inputs,
    inputParams: [],
    inputAnchors: [],
    outputs: {},
    ...extra,
  },
});

test('a Human Input flow stops with Proceed / Reject, and Proceed finishes the run', async () => {
  const flowData = {
    nodes: [
      base(
        'startAgentflow_0',
        'startAgentflow',
        'Start',
        { startInputType: 'chatInput' },
        {
          hideInput: true,
          color: color.start,
          outputAnchors: [
            { id: 'startAgentflow_0-output-startAgentflow', name: 'startAgentflow', label: 'Start' },
          ],
        },
      ),
      base(
        'humanInputAgentflow_0',
        'humanInputAgentflow',
        'Human Input 0',
        {
          humanInputDescriptionType: 'fixed',
          humanInputDescription: 'Ship it?',
          humanInputEnableFeedback: false,
        },
        {
          color: color.human,
          outputs: { humanInputAgentflow: '' },
          outputAnchors: [
            { id: 'humanInputAgentflow_0-output-0', name: 'proceed', label: 'Proceed' },
            { id: 'humanInputAgentflow_0-output-1', name: 'reject', label: 'Reject' },
          ],
        },
      ),
      base(
        'directReplyAgentflow_0',
        'directReplyAgentflow',
        'Direct Reply 0',
        { directReplyMessage: 'Approved and shipped.' },
        {
          hideOutput: true,
          color: color.reply,
          outputAnchors: [],
        },
      ),
    ],
    edges: [
      {
        id: 'startAgentflow_0-startAgentflow_0-output-startAgentflow-humanInputAgentflow_0-humanInputAgentflow_0',
        source: 'startAgentflow_0',
        sourceHandle: 'startAgentflow_0-output-startAgentflow',
        target: 'humanInputAgentflow_0',
        targetHandle: 'humanInputAgentflow_0',
        type: 'agentFlow',
        data: { sourceColor: color.start, targetColor: color.human, isHumanInput: false },
      },
      {
        id: 'humanInputAgentflow_0-humanInputAgentflow_0-output-0-directReplyAgentflow_0-directReplyAgentflow_0',
        source: 'humanInputAgentflow_0',
        sourceHandle: 'humanInputAgentflow_0-output-0',
        target: 'directReplyAgentflow_0',
        targetHandle: 'directReplyAgentflow_0',
        type: 'agentFlow',
        data: {
          sourceColor: color.human,
          targetColor: color.reply,
          edgeLabel: 'proceed',
          isHumanInput: true,
        },
      },
    ],
  };
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: { name: `Approval ${RUN}`, type: 'AGENTFLOW', flowData: JSON.stringify(flowData) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/v2/agentcanvas/${id}`);
  await expect(page.locator('.react-flow__node')).toHaveCount(3);
  await expect(page.getByTestId('edge-label')).toHaveText(['proceed']);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('Deploy please');
  await chat.getByRole('button', { name: 'Send question' }).click();

  const proceed = chat.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeVisible({ timeout: 20_000 });
  await expect(chat.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(chat).toContainText('Ship it?');
  await expect(page.getByTestId('status-humanInputAgentflow_0')).toHaveAttribute('data-status', 'STOPPED');

  await proceed.click();
  await expect(chat.getByRole('log')).toContainText('Approved and shipped.', { timeout: 20_000 });
  await expect(chat.getByRole('button', { name: 'Proceed' })).toHaveCount(0);
  await expect(page.getByTestId('status-directReplyAgentflow_0')).toHaveAttribute('data-status', 'FINISHED');
});

test('a variable picked in the LLM message is resolved by the run', async () => {
  await page.goto('/agentflows');
  await page.getByRole('button', { name: 'Add New' }).first().click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas$/);

  // Start declares the flow state key `topic`.
  await node('startAgentflow_0').dblclick();
  const start = editor('Start');
  await start.getByRole('button', { name: 'Add Flow State' }).click();
  await fillField(start, 'Key', 'topic');
  await fillField(start, 'Value', 'lighthouses');
  await start.getByRole('button', { name: 'Close node editor' }).click();

  await dragFromPalette('LLM', 'llmAgentflow_0', { x: 480, y: 420 });
  const llm = editor('LLM 0');
  await llm
    .getByRole('combobox', { name: /^Model/ })
    .first()
    .click();
  await page.getByRole('option', { name: 'ChatOpenAI', exact: true }).click();
  await llm.getByRole('combobox', { name: 'Connect Credential' }).click();
  await page.getByRole('option', { name: CREDENTIAL, exact: true }).click();

  // Typing {{ opens the variables, filtered by what follows; Enter writes the highlighted one.
  const message = llm.getByRole('textbox', { name: 'Input Message', exact: true });
  await message.click();
  await message.pressSequentially('Tell me about {{top');
  const variables = page.getByRole('listbox', { name: 'Variables' });
  await expect(variables.getByRole('option')).toHaveCount(1);
  await expect(variables.getByRole('option')).toContainText('{{ $flow.state.topic }}');
  await message.press('Enter');
  await expect(variables).toBeHidden();
  await message.pressSequentially(' for ');
  // The button opens the same list with a search box.
  await llm.getByRole('button', { name: 'Insert variable into Input Message' }).click();
  const search = page.getByRole('combobox', { name: 'Search variables' });
  await search.fill('quest');
  await expect(variables.getByRole('option').first()).toContainText('{{ question }}');
  await search.press('Enter');
  await expect(message).toHaveValue('Tell me about {{ $flow.state.topic }} for {{ question }}');
  await expect(message).toBeFocused();
  await llm.getByRole('button', { name: 'Close node editor' }).click();

  await connect(handle('startAgentflow_0-output-startAgentflow'), handle('llmAgentflow_0'));
  await expect(page.locator('.react-flow__edge')).toHaveCount(1);

  // Options of v2 inputs come from the node's load method on the server, which is told the
  // upstream nodes: "Update Flow State" keys are the ones Start declares. Its value may use the
  // node's own output.
  await node('llmAgentflow_0').dblclick();
  await llm.getByRole('button', { name: 'Add Update Flow State' }).click();
  await llm.getByRole('textbox', { name: 'Key', exact: true }).click();
  await page.getByRole('option', { name: 'topic', exact: true }).click();
  const stateValue = llm.getByRole('textbox', { name: 'Value', exact: true });
  await stateValue.click();
  await stateValue.pressSequentially('{{out');
  await expect(variables.getByRole('option')).toHaveCount(1);
  await expect(variables.getByRole('option')).toContainText('{{ output }}');
  await stateValue.press('Enter');
  await expect(stateValue).toHaveValue('{{ output }}');
  await llm.getByRole('button', { name: 'Close node editor' }).click();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const naming = page.getByRole('dialog', { name: 'Save New Agentflow' });
  await naming.getByLabel('Agentflow name').fill(`Lighthouse guide ${RUN}`);
  await naming.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/v2\/agentcanvas\/[0-9a-f-]{36}$/);

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('sailors');
  await chat.getByRole('button', { name: 'Send question' }).click();
  await expect(chat.getByRole('log', { name: 'Chat messages' })).toContainText(
    'Hello from the test LLM. You said: Tell me about lighthouses for sailors',
    { timeout: 20_000 },
  );
});

test('Reject takes feedback, which the resumed run receives', async () => {
  const flowData = {
    nodes: [
      base(
        'startAgentflow_0',
        'startAgentflow',
        'Start',
        { startInputType: 'chatInput' },
        {
          hideInput: true,
          color: color.start,
          outputAnchors: [
            { id: 'startAgentflow_0-output-startAgentflow', name: 'startAgentflow', label: 'Start' },
          ],
        },
      ),
      base(
        'humanInputAgentflow_0',
        'humanInputAgentflow',
        'Human Input 0',
        {
          humanInputDescriptionType: 'fixed',
          humanInputDescription: 'Publish the release notes?',
          humanInputEnableFeedback: true,
        },
        {
          color: color.human,
          outputs: { humanInputAgentflow: '' },
          outputAnchors: [
            { id: 'humanInputAgentflow_0-output-0', name: 'proceed', label: 'Proceed' },
            { id: 'humanInputAgentflow_0-output-1', name: 'reject', label: 'Reject' },
          ],
        },
      ),
      base(
        'directReplyAgentflow_0',
        'directReplyAgentflow',
        'Direct Reply 0',
        { directReplyMessage: 'Published.' },
        { hideOutput: true, color: color.reply, outputAnchors: [] },
      ),
      base(
        'directReplyAgentflow_1',
        'directReplyAgentflow',
        'Direct Reply 1',
        { directReplyMessage: 'Held back because: {{ humanInputAgentflow_0 }}' },
        { hideOutput: true, color: color.reply, outputAnchors: [] },
      ),
    ],
    edges: [
      ['startAgentflow_0', 'startAgentflow_0-output-startAgentflow', 'humanInputAgentflow_0', undefined],
      ['humanInputAgentflow_0', 'humanInputAgentflow_0-output-0', 'directReplyAgentflow_0', 'proceed'],
      ['humanInputAgentflow_0', 'humanInputAgentflow_0-output-1', 'directReplyAgentflow_1', 'reject'],
    ].map(([source, sourceHandle, target, edgeLabel]) => ({
      id: `${source}-${sourceHandle}-${target}-${target}`,
      source,
      sourceHandle,
      target,
      targetHandle: target,
      type: 'agentFlow',
      data: { ...(edgeLabel && { edgeLabel }), isHumanInput: source === 'humanInputAgentflow_0' },
    })),
  };
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: { name: `Release notes ${RUN}`, type: 'AGENTFLOW', flowData: JSON.stringify(flowData) },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/v2/agentcanvas/${id}`);
  await expect(page.getByTestId('edge-label')).toHaveText(['proceed', 'reject']);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('Release 2.0 is ready');
  await chat.getByRole('button', { name: 'Send question' }).click();
  await expect(chat).toContainText('Publish the release notes?', { timeout: 20_000 });

  await chat.getByRole('button', { name: 'Reject' }).click();
  const feedback = chat.getByRole('textbox', { name: 'Feedback' });
  await expect(feedback).toBeFocused();
  await feedback.fill('The changelog is missing');
  await chat
    .getByRole('form', { name: 'Reject with feedback' })
    .getByRole('button', { name: 'Reject' })
    .click();
  // The Human Input node answers with the feedback it was sent (`humanInput.feedback`), which the
  // reject branch's reply reads; the feedback is also the user's message of that turn.
  const log = chat.getByRole('log', { name: 'Chat messages' });
  await expect(log).toContainText('Held back because: The changelog is missing', { timeout: 20_000 });
  await expect(log).not.toContainText('Published.');
  await expect(log.getByText('The changelog is missing', { exact: true })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(page.getByTestId('status-directReplyAgentflow_1')).toHaveAttribute('data-status', 'FINISHED');
});

test('nothing on these pages was blocked by the content security policy', () => {
  expect(violations).toEqual([]);
});
