// Shared by chatbot.spec.ts and embed.spec.ts: a chatflow the scripted LLM answers, created through
// the API in the shape the canvas writes (ChatOpenAI and a Prompt Template into an LLM Chain).
import type { FlowNodeData, NodeDefinition } from '@flowloom/shared';
import { expect, type APIRequestContext } from '@playwright/test';
import { createNodeData } from '../packages/ui/src/features/canvas/document/createNode';
import { edgeId, nodeReference } from '../packages/ui/src/features/canvas/document/handles';
import { INTERNAL } from './support';

/** The template of the prompt: the scripted LLM answers "Hello from the test LLM. You said: <prompt>". */
export const TEMPLATE = 'Answer briefly: {question}';
export const answerTo = (question: string) =>
  `Hello from the test LLM. You said: Answer briefly: ${question}`;

interface FlowNode {
  id: string;
  type: 'customNode';
  position: { x: number; y: number };
  width: number;
  height: number;
  data: FlowNodeData;
}

async function flowNode(
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

function connect(source: FlowNode, target: FlowNode, inputName: string) {
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

/** Creates the chatflow with these settings (`isPublic`, `chatbotConfig` object…) and returns its id. */
export async function createAnsweringFlow(
  request: APIRequestContext,
  credentialId: string,
  name: string,
  settings: { isPublic?: boolean; chatbotConfig?: object; apikeyid?: string } = {},
): Promise<string> {
  const model = await flowNode(request, 'chatOpenAI', 'chatOpenAI_0', 0, {}, credentialId);
  const prompt = await flowNode(request, 'promptTemplate', 'promptTemplate_0', 0, { template: TEMPLATE });
  const chain = await flowNode(request, 'llmChain', 'llmChain_0', 400);
  const edges = [connect(model, chain, 'model'), connect(prompt, chain, 'prompt')];
  const created = await request.post('/api/v1/chatflows', {
    headers: INTERNAL,
    data: {
      name,
      type: 'CHATFLOW',
      flowData: JSON.stringify({ nodes: [model, prompt, chain], edges }),
      isPublic: settings.isPublic ?? true,
      ...(settings.chatbotConfig && { chatbotConfig: JSON.stringify(settings.chatbotConfig) }),
      ...(settings.apikeyid && { apikeyid: settings.apikeyid }),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { id: string }).id;
}
