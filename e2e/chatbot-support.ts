// Shared by chatbot.spec.ts and embed.spec.ts: a chatflow the scripted LLM answers, created through
// the API in the shape the canvas writes (ChatOpenAI and a Prompt Template into an LLM Chain).
import { expect, type APIRequestContext } from '@playwright/test';
import { connect, flowNode, INTERNAL } from './support';

/** The template of the prompt: the scripted LLM answers "Hello from the test LLM. You said: <prompt>". */
export const TEMPLATE = 'Answer briefly: {question}';
export const answerTo = (question: string) =>
  `Hello from the test LLM. You said: Answer briefly: ${question}`;

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
