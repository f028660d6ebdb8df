import type { SourceDocument } from '@flowloom/shared';

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
