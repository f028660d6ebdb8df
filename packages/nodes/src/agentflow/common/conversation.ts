import { generateText, type ModelMessage } from 'ai';
import type { AgentflowNodeContext, RuntimeMessage } from '@flowloom/engine';
import { numberInput, stringInput, type ChatModelHandle } from '../../llm/chat-model.js';
import { friendlyModelError, withImages } from '../../llm/generate.js';
import { callSettings } from './model-call.js';
import { rowsInput, textInput } from './values.js';

/** The memory and message inputs of an LLM or Agent node (`<prefix>Messages`, `<prefix>EnableMemory`…). */
export interface ConversationInputs {
  messages: unknown;
  enableMemory: unknown;
  memoryType: unknown;
  windowSize: unknown;
  maxTokenLimit: unknown;
  userMessage: unknown;
}

export function conversationInputs(inputs: Record<string, unknown>, prefix: string): ConversationInputs {
  return {
    messages: inputs[`${prefix}Messages`],
    enableMemory: inputs[`${prefix}EnableMemory`],
    memoryType: inputs[`${prefix}MemoryType`],
    windowSize: inputs[`${prefix}MemoryWindowSize`],
    maxTokenLimit: inputs[`${prefix}MemoryMaxTokenLimit`],
    userMessage: inputs[`${prefix}UserMessage`],
  };
}

export interface Conversation {
  messages: ModelMessage[];
  /** No conversational node ran before this one in the run (AGENTFLOW_V2.md §0.5). */
  isFirst: boolean;
  /** What this node adds to the run's chat history before its answer (the user input, on the first node). */
  historyPrefix: RuntimeMessage[];
}

type Row = { role?: unknown; content?: unknown };

const SUMMARY_INSTRUCTION =
  'Write a concise summary of the conversation below. Keep names, facts, decisions and open questions; leave out pleasantries. Answer with the summary only.';

/** Rough token count (four characters a token): enough to decide when a summary buffer overflows. */
function estimateTokens(messages: ModelMessage[]): number {
  return messages.reduce((sum, m) => sum + Math.ceil(textInput(m.content).length / 4), 0);
}

async function summarize(
  model: ChatModelHandle,
  ctx: AgentflowNodeContext,
  messages: ModelMessage[],
): Promise<string> {
  const transcript = messages
    .map((m) => `${m.role === 'user' ? 'Human' : 'Assistant'}: ${textInput(m.content)}`)
    .join('\n');
  try {
    const result = await generateText({
      ...callSettings(model, ctx.run),
      messages: [
        { role: 'system', content: SUMMARY_INSTRUCTION },
        { role: 'user', content: transcript },
      ],
    });
    return result.text;
  } catch (error) {
    throw friendlyModelError(error, model);
  }
}

/** Past turns of the session, then what earlier nodes of this run said. */
function memoryMessages(ctx: AgentflowNodeContext): ModelMessage[] {
  const past: ModelMessage[] = ctx.run.history.map((turn) => ({
    role: turn.role === 'userMessage' ? 'user' : 'assistant',
    content: turn.content,
  }));
  const runtime: ModelMessage[] = ctx.runtimeHistory
    .filter((m) => m.role === 'user' || m.role === 'assistant')
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  return [...past, ...runtime].filter((m) => textInput(m.content) !== '');
}

/**
 * The messages an LLM or Agent node sends, in Flowise's order: configured messages (system ones
 * first), memory, the user input when this is the first node, then the Input Message.
 */
export async function buildConversation(
  ctx: AgentflowNodeContext,
  inputs: ConversationInputs,
  model: ChatModelHandle,
): Promise<Conversation> {
  const rows = rowsInput<Row>(inputs.messages).filter((r) => textInput(r.content).trim() !== '');
  const configured: ModelMessage[] = rows.map((r) => {
    const content = textInput(r.content);
    if (r.role === 'assistant') return { role: 'assistant', content };
    if (r.role === 'user') return { role: 'user', content };
    return { role: 'system', content }; // system and developer
  });
  const system = configured.filter((m) => m.role === 'system');
  const others = configured.filter((m) => m.role !== 'system');
  const messages: ModelMessage[] = [...system, ...others];
  const isFirst = ctx.runtimeHistory.length === 0;
  const question = ctx.input;
  const memoryOn = inputs.enableMemory !== false && inputs.enableMemory !== 'false';

  if (memoryOn) {
    let memory = memoryMessages(ctx);
    const type = stringInput(inputs.memoryType) ?? 'allMessages';
    if (type === 'windowSize') {
      const size = numberInput(inputs.windowSize) ?? 20;
      memory = memory.slice(-Math.max(0, size * 2));
    } else if (type === 'conversationSummary' && memory.length > 0) {
      memory = [{ role: 'assistant', content: await summarize(model, ctx, memory) }];
    } else if (type === 'conversationSummaryBuffer' && memory.length > 0) {
      const limit = numberInput(inputs.maxTokenLimit) ?? 2000;
      const dropped: ModelMessage[] = [];
      while (memory.length > 0 && estimateTokens(memory) > limit) dropped.push(memory.shift()!);
      if (dropped.length > 0) {
        const summary = await summarize(model, ctx, dropped);
        memory.unshift({ role: system.length > 0 ? 'user' : 'system', content: summary });
      }
    }
    messages.push(...memory);
    if (isFirst && question) messages.push({ role: 'user', content: question });
    const userMessage = textInput(inputs.userMessage);
    if (userMessage.trim()) messages.push({ role: 'user', content: userMessage });
  } else if (isFirst && question && !others.some((m) => m.role === 'user')) {
    messages.push({ role: 'user', content: question });
  }
  return {
    // The question's images go with the last user message of the first turn to a model that takes
    // them (the question itself or a configured message quoting it); the history keeps text only.
    messages: isFirst ? withImages(model, messages, ctx.run.images) : messages,
    isFirst,
    historyPrefix: isFirst && question ? [{ role: 'user', content: question }] : [],
  };
}

/** The role an answer takes in the run's chat history (Return Response As). */
export function answerRole(value: unknown): 'user' | 'assistant' {
  return value === 'assistantMessage' ? 'assistant' : 'user';
}
