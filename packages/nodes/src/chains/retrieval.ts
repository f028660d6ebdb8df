import type { ModelMessage } from 'ai';
import type { RunContext } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import type { ChatModelHandle } from '../llm/chat-model.js';
import { generate } from '../llm/generate.js';
import { renderTemplate } from '../prompts/prompt.js';

/** The retrieved documents as the context a prompt's `{context}` receives, each in its own tag. */
export function formatContext(documents: readonly SourceDocument[]): string {
  return documents.map((doc, i) => `<doc id='${i}'>${doc.pageContent}</doc>`).join('\n');
}

/** Past turns as the `{chat_history}` text of a prompt. */
export function historyText(turns: readonly { role: string; content: string }[]): string {
  return turns
    .map((turn) => `${turn.role === 'userMessage' ? 'Human' : 'Assistant'}: ${turn.content}`)
    .join('\n');
}

/**
 * A retrieval chain's answer, streamed to the client: the model reads `prompt` as its system message,
 * with the documents as its `{context}` (and `{question}`), and answers the question after `history`.
 */
export function answerFromDocuments(
  model: ChatModelHandle,
  run: RunContext,
  request: {
    prompt: string;
    documents: readonly SourceDocument[];
    question: string;
    history?: ModelMessage[];
  },
): Promise<string> {
  const { prompt, documents, question, history = [] } = request;
  return generate(model, {
    system: renderTemplate(prompt, { context: formatContext(documents), question, chat_history: '' }),
    messages: [...history, { role: 'user', content: question }],
    stream: true,
    run,
  });
}
