// Shared by the spec files of one run, which all use the same fresh data folder.
import { readFileSync } from 'node:fs';
import type { FlowNodeData, NodeDefinition } from '@flowloom/shared';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { createNodeData } from '../packages/ui/src/features/canvas/document/createNode';
import { edgeId, nodeReference } from '../packages/ui/src/features/canvas/document/handles';

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

/** A node of a flow written through the API, in the shape the canvas saves. */
export interface FlowNode {
  id: string;
  type: 'customNode';
  position: { x: number; y: number };
  width: number;
  height: number;
  data: FlowNodeData;
}

/**
 * A node of type `name` as the canvas creates it from the server's definition, at `x`, with some
 * `inputs` and a credential set.
 */
export async function flowNode(
  request: APIRequestContext,
  name: string,
  id: string,
  x: number,
  inputs: Record<string, unknown> = {},
  credential?: string,
): Promise<FlowNode> {
  const response = await request.get(`/api/v1/nodes/${name}`, { headers: INTERNAL });
  expect(response.ok(), await response.text()).toBe(true);
  const data = createNodeData((await response.json()) as NodeDefinition, id);
  data.inputs = { ...data.inputs, ...inputs };
  if (credential) data.credential = credential;
  return { id, type: 'customNode', position: { x, y: 120 }, width: 300, height: 500, data };
}

/** Wires `source`'s first output into `target`'s input `inputName`, as the canvas does; the edge. */
export function connect(source: FlowNode, target: FlowNode, inputName: string) {
  const anchor = target.data.inputAnchors.find((input) => input.name === inputName);
  if (!anchor?.id) throw new Error(`${target.id} has no input ${inputName}`);
  target.data.inputs[inputName] = nodeReference(source.id);
  const connection = {
    source: source.id,
    sourceHandle: source.data.outputAnchors[0]!.id!,
    target: target.id,
    targetHandle: anchor.id,
  };
  return { ...connection, id: edgeId(connection), type: 'buttonedge', data: { label: '' } };
}

/**
 * Creates a chatflow from the Flowise "Conversation Chain" file through the API, its ChatOpenAI on
 * `credentialId` (with `modelInputs` set over its inputs); answers the flow's id.
 */
export async function createConversationFlow(
  request: APIRequestContext,
  {
    name,
    credentialId,
    modelInputs = {},
  }: { name: string; credentialId: string; modelInputs?: Record<string, unknown> },
): Promise<string> {
  const template = JSON.parse(
    readFileSync(
      new URL('../../shared/compat/flowise/chatflows/Conversation Chain.json', import.meta.url),
      'utf8',
    ),
  ) as {
    nodes: { data: { name: string; inputs: Record<string, unknown>; credential?: string } }[];
    edges: unknown[];
  };
  for (const item of template.nodes)
    if (item.data.name === 'chatOpenAI') {
      item.data.credential = credentialId;
      Object.assign(item.data.inputs, modelInputs);
    }
  const created = await request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: {
      name,
      type: 'CHATFLOW',
      flowData: JSON.stringify({ nodes: template.nodes, edges: template.edges }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}
