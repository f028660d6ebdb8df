// A chatflow's vector store from the canvas (issue 12): a Conversational Retrieval QA flow on the
// embedded vector store, fed by a Plain Text loader, is upserted with the canvas "Upsert Vector
// Database" button, shows its Upsert Record and history, and answers in the chat with its sources. A
// second flow has File Upload on: a .txt file attached in the chat is loaded for that chat first and
// the answer cites it. Both flows are created through the API from the server's node types, in the
// exact shape the canvas writes; embeddings and answers come from the scripted LLM.
import type { FlowNodeData, NodeDefinition } from '@flowloom/shared';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createNodeData } from '../packages/ui/src/features/canvas/document/createNode';
import { edgeId, nodeReference } from '../packages/ui/src/features/canvas/document/handles';
import { createOpenAiCredential, INTERNAL, openOwnerPage, type FlowNode } from './support';

const RUN = Date.now().toString(36);
const NOTES =
  'The keeper lights the lamp of the lighthouse at dusk.\n\nThe copper beacon guides every ship into the harbor at night.';
const FILE_TEXT = 'The tide tables of the harbor are posted beside the boathouse door every Monday.';

test.describe.configure({ mode: 'serial' });
test.use({ actionTimeout: 10_000 });

let context: BrowserContext;
let page: Page;
let credentialId = '';
let violations: string[] = [];

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  ({ context, page, violations } = await openOwnerPage(browser));
  credentialId = await createOpenAiCredential(page.request, `Upsert key ${RUN}`);
});

test.afterAll(async () => {
  await context.close();
});

/** A node of the server's type `name`, as the canvas creates it, with these inputs set. */
async function flowNode(
  name: string,
  id: string,
  x: number,
  inputs: Record<string, unknown> = {},
  extra: { credential?: string; output?: string } = {},
): Promise<FlowNode> {
  const response = await page.request.get(`/api/v1/nodes/${name}`, { headers: INTERNAL });
  expect(response.ok(), await response.text()).toBe(true);
  const data: FlowNodeData = createNodeData((await response.json()) as NodeDefinition, id);
  data.inputs = { ...data.inputs, ...inputs };
  if (extra.credential) data.credential = extra.credential;
  if (extra.output) data.outputs = { ...data.outputs, output: extra.output };
  return { id, type: 'customNode', position: { x, y: 120 }, width: 300, height: 500, data };
}

/** The handle of `source`'s output (the chosen option of a multi-output node). */
function outputHandle(source: FlowNode): string {
  const [anchor] = source.data.outputAnchors;
  if (anchor?.type === 'options') {
    const chosen = anchor.options?.find((option) => option.name === source.data.outputs.output);
    return chosen!.id!;
  }
  return anchor!.id!;
}

/** Wires `source` into `target`'s input `inputName`, in its inputs and as an edge. */
function connect(source: FlowNode, target: FlowNode, inputName: string) {
  const anchor = target.data.inputAnchors.find((input) => input.name === inputName);
  if (!anchor?.id) throw new Error(`${target.id} has no input ${inputName}`);
  const reference = nodeReference(source.id);
  const current = target.data.inputs[inputName];
  target.data.inputs[inputName] = anchor.list
    ? [...(Array.isArray(current) ? (current as string[]) : []), reference]
    : reference;
  const connection = {
    source: source.id,
    sourceHandle: outputHandle(source),
    target: target.id,
    targetHandle: anchor.id,
  };
  return { ...connection, id: edgeId(connection), type: 'buttonedge', data: { label: '' } };
}

/**
 * loader → embedded vector store (retriever, OpenAI embeddings) → Conversational Retrieval QA Chain
 * with ChatOpenAI and Return Source Documents on. Returns the new chatflow's id.
 */
async function createRagFlow(name: string, loader: FlowNode, store: Record<string, unknown> = {}) {
  const splitter = await flowNode('recursiveCharacterTextSplitter', 'recursiveCharacterTextSplitter_0', 0, {
    chunkSize: 80,
    chunkOverlap: 0,
  });
  const embeddings = await flowNode(
    'openAIEmbeddings',
    'openAIEmbeddings_0',
    350,
    {},
    { credential: credentialId },
  );
  const vectors = await flowNode('embeddedVectorStore', 'embeddedVectorStore_0', 700, store, {
    output: 'retriever',
  });
  const model = await flowNode('chatOpenAI', 'chatOpenAI_0', 700, {}, { credential: credentialId });
  const chain = await flowNode('conversationalRetrievalQAChain', 'conversationalRetrievalQAChain_0', 1050, {
    returnSourceDocuments: true,
  });
  const edges = [
    connect(splitter, loader, 'textSplitter'),
    connect(loader, vectors, 'document'),
    connect(embeddings, vectors, 'embeddings'),
    connect(vectors, chain, 'vectorStoreRetriever'),
    connect(model, chain, 'model'),
  ];
  const created = await page.request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: {
      name,
      type: 'CHATFLOW',
      flowData: JSON.stringify({ nodes: [splitter, loader, embeddings, vectors, model, chain], edges }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}

test('a chatflow is upserted from the canvas, and its chat answers with the sources', async () => {
  const loader = await flowNode('plainText', 'plainText_0', 350, {
    text: NOTES,
    metadata: JSON.stringify({ source: 'keeper-notes' }),
  });
  const flowId = await createRagFlow(`Keeper notes ${RUN}`, loader);

  await page.goto(`/canvas/${flowId}`);
  await expect(page.locator('.react-flow__node[data-id="embeddedVectorStore_0"]')).toBeVisible();
  await page.getByRole('button', { name: 'Upsert Vector Database' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upsert Vector Store' });
  await expect(
    dialog.getByRole('button', { name: /^Embedded Vector Store embeddedVectorStore_0/ }),
  ).toBeVisible();
  for (const label of ['OpenAI Embeddings', 'Plain Text', 'Recursive Character Text Splitter'])
    await expect(dialog.getByRole('heading', { name: label, exact: true })).toBeVisible();
  await expect(
    dialog.getByRole('table', { name: 'Recursive Character Text Splitter settings' }),
  ).toContainText('Chunk Size80');

  // The API examples post JSON (no loader reads files) to this flow's upsert endpoint.
  await dialog.getByRole('checkbox', { name: 'Show API' }).check();
  await dialog.getByRole('tab', { name: 'cURL' }).click();
  await expect(dialog.getByLabel('cURL code', { exact: true })).toContainText(
    `/api/v1/vector/upsert/${flowId}`,
  );
  await expect(dialog.getByLabel('cURL code', { exact: true })).toContainText('"overrideConfig":{"topK":2}');

  await dialog.getByRole('button', { name: 'Upsert', exact: true }).click();
  const record = page.getByRole('dialog', { name: 'Upsert Record' });
  await expect(record).toBeVisible({ timeout: 45_000 });
  await expect(
    page.getByText('Successfully upserted vector store. You can start chatting now!'),
  ).toBeVisible();
  await expect(record.getByLabel(/^Added: [1-9]\d*$/)).toBeVisible();
  await expect(record.getByText(/^\d+ Added Documents$/)).toBeVisible();
  await expect(record.getByRole('article').first()).toContainText('keeper-notes');
  await record.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Upsert History' }).click();
  const history = page.getByRole('region', { name: 'Upsert History' });
  await expect(history.getByText(/^Added: [1-9]\d*$/)).toBeVisible();
  await history.getByRole('button', { name: 'Details' }).first().click();
  await expect(page.getByRole('table', { name: 'Plain Text settings' })).toBeVisible();
  await page.getByRole('dialog').last().getByRole('button', { name: 'Close' }).click();
  await history.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await chat.getByRole('textbox', { name: 'Question' }).fill('What guides every ship into the harbor?');
  await chat.getByRole('textbox', { name: 'Question' }).press('Enter');
  await expect(chat.getByText(/^Hello from the test LLM/)).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByText('Sources', { exact: true })).toBeVisible();
  await expect(chat.getByRole('button', { name: 'keeper-notes' }).first()).toBeVisible();
  // A flow without File Upload takes no files in the chat.
  await expect(chat.getByRole('button', { name: 'Attach files' })).toHaveCount(0);
});

test('a file attached in the chat of a flow with File Upload on is searched, and cited', async () => {
  const loader = await flowNode('textFile', 'textFile_0', 350);
  const flowId = await createRagFlow(`Harbor files ${RUN}`, loader, { fileUpload: true });

  await page.goto(`/canvas/${flowId}`);
  await expect(page.locator('.react-flow__node[data-id="embeddedVectorStore_0"]')).toBeVisible();
  await page.getByRole('button', { name: 'Open chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Chat' });
  await expect(chat.getByRole('button', { name: 'Attach files' })).toBeVisible();
  await chat.getByLabel('Files to attach').setInputFiles({
    name: 'tides.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(FILE_TEXT),
  });
  await expect(
    chat.getByRole('list', { name: 'Attached files' }).getByRole('listitem', { name: 'tides.txt' }),
  ).toBeVisible();

  await chat.getByRole('textbox', { name: 'Question' }).fill('Where are the tide tables posted?');
  await chat.getByRole('button', { name: 'Send question' }).click();
  await expect(chat.getByText(/^Hello from the test LLM/)).toBeVisible({ timeout: 45_000 });
  // The question shows the file it carried; the answer cites it.
  await expect(chat.getByRole('log').getByText('tides.txt').first()).toBeVisible();
  await expect(chat.getByText('Sources', { exact: true })).toBeVisible();
  const source = chat.getByRole('button', { name: 'tides.txt', exact: true });
  await expect(source).toBeVisible();
  await source.click();
  await expect(chat.getByText(/tide tables of the harbor/).first()).toBeVisible();
  await expect(chat.getByRole('list', { name: 'Attached files' })).toHaveCount(0);
});

test('nothing on these pages was blocked by the content security policy', () => {
  expect(violations).toEqual([]);
});
