import { generateText, jsonSchema, Output } from 'ai';
import { DEFAULT_FOLLOW_UP_PROMPT } from '@flowloom/shared';
import { quietRun, type EngineServices, type NodeRegistry } from '@flowloom/engine';
import { componentContext } from '../document-store/components.js';
import { isChatModel } from '../llm/chat-model.js';
import { callSettings } from '../agentflow/common/model-call.js';

/**
 * The chat-model node each follow-up provider of the Configuration dialog names (Flowise's
 * `selectedProvider` keys), so the questions are asked through the same nodes a flow uses.
 */
export const FOLLOW_UP_PROVIDER_NODES: Readonly<Record<string, string>> = {
  chatAnthropic: 'chatAnthropic',
  azureChatOpenAI: 'azureChatOpenAI',
  chatGoogleGenerativeAI: 'chatGoogleGenerativeAI',
  groqChat: 'groqChat',
  chatMistralAI: 'chatMistralAI',
  chatOpenAI: 'chatOpenAI',
  ollama: 'chatOllama',
};

/** Our own wording of the instruction (shared with the dialog); `{history}` is the answer just given. */
export { DEFAULT_FOLLOW_UP_PROMPT };

const QUESTIONS_SCHEMA = jsonSchema<{ questions: string[] }>({
  type: 'object',
  properties: { questions: { type: 'array', items: { type: 'string' } } },
  required: ['questions'],
  additionalProperties: false,
});

/** What the chatflow column `followUpPrompts` holds (FLOWISE_API.md §2.8). */
export interface FollowUpPromptsSettings {
  status?: boolean;
  selectedProvider?: string;
  [provider: string]: unknown;
}

const MAX_QUESTIONS = 5;
const MAX_QUESTION_CHARS = 300;

/**
 * Asks the configured model for follow-up questions to `answer`. Undefined when the setting is off
 * or incomplete; throws when the model fails or answers something other than a list of questions.
 */
export async function generateFollowUpPrompts(input: {
  settings: FollowUpPromptsSettings;
  answer: string;
  services: EngineServices;
  components: NodeRegistry;
  signal?: AbortSignal;
}): Promise<string[] | undefined> {
  const { settings } = input;
  if (settings.status !== true || typeof settings.selectedProvider !== 'string') return undefined;
  const provider = settings[settings.selectedProvider];
  const nodeName = FOLLOW_UP_PROVIDER_NODES[settings.selectedProvider];
  if (!nodeName || typeof provider !== 'object' || provider === null) return undefined;
  const config = provider as Record<string, unknown>;
  const type = input.components.get(nodeName);
  if (!type?.init) throw new Error(`The chat model "${nodeName}" is not available`);
  const run = quietRun(input.services, { ...(input.signal && { signal: input.signal }) });
  const inputs: Record<string, unknown> = {
    ...(typeof config.modelName === 'string' && config.modelName && { modelName: config.modelName }),
    ...(config.temperature !== undefined && config.temperature !== '' && { temperature: config.temperature }),
    ...(typeof config.baseUrl === 'string' && config.baseUrl && { baseUrl: config.baseUrl }),
    ...(typeof config.credentialId === 'string' &&
      config.credentialId && { credential: config.credentialId }),
  };
  const model = await type.init(componentContext(run, type, inputs));
  if (!isChatModel(model)) throw new Error(`"${nodeName}" did not build a chat model`);
  const template =
    typeof config.prompt === 'string' && config.prompt.trim() ? config.prompt : DEFAULT_FOLLOW_UP_PROMPT;
  const result = await generateText({
    ...callSettings(model, run),
    prompt: template.split('{history}').join(input.answer),
    output: Output.object({ schema: QUESTIONS_SCHEMA }),
  });
  const questions = result.output.questions;
  if (!Array.isArray(questions)) throw new Error('The model did not answer a list of questions');
  return questions
    .filter((q): q is string => typeof q === 'string' && q.trim() !== '')
    .slice(0, MAX_QUESTIONS)
    .map((q) => q.trim().slice(0, MAX_QUESTION_CHARS));
}
