import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { generate } from '../../llm/generate.js';
import { booleanInput, requireChatModel, stringInput } from '../../llm/chat-model.js';
import { isMemory, rememberExchange, toModelMessages } from '../../memory/memory.js';
import { moderate } from '../../moderation/moderation.js';
import { renderTemplate } from '../../prompts/prompt.js';
import { badgeIcon } from '../../utilities/icons.js';
import { chainHandle } from '../chain.js';
import { requireRetriever } from '../../vector-stores/vector-store.js';
import { answerFromDocuments, historyText } from '../retrieval.js';

/** Our default: turn a follow-up into a question that stands on its own, for searching. */
export const DEFAULT_REPHRASE_PROMPT = `Rewrite the follow-up question so that it can be understood without the conversation before it, keeping its language. Answer with the rewritten question only.

Conversation:
{chat_history}

Follow-up question: {question}
Standalone question:`;

/** Our default: answer from the retrieved context only, and say so when it does not hold the answer. */
export const DEFAULT_RESPONSE_PROMPT = `Answer the user's question using only the context between the <context> tags. Be concise and accurate. If the context does not contain the answer, say "Hmm, I'm not sure." and do not make one up.

<context>
{context}
</context>`;

async function answerInConversation(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model, 'Chat Model');
  const retriever = requireRetriever(ctx.inputs.vectorStoreRetriever);
  const turns = isMemory(ctx.inputs.memory) ? await ctx.inputs.memory.load() : ctx.run.history;
  let standalone = question;
  if (turns.length > 0) {
    const rephrase = stringInput(ctx.inputs.rephrasePrompt) ?? DEFAULT_REPHRASE_PROMPT;
    const prompt = renderTemplate(rephrase, { chat_history: historyText(turns), question });
    standalone =
      (
        await generate(model, {
          messages: [{ role: 'user', content: prompt }],
          stream: false,
          run: { ...ctx.run, images: undefined },
        })
      ).trim() || question;
  }
  const documents = await retriever.retrieve(standalone);
  const text = await answerFromDocuments(model, ctx.run, {
    prompt: stringInput(ctx.inputs.responsePrompt) ?? DEFAULT_RESPONSE_PROMPT,
    documents,
    question,
    history: toModelMessages(turns),
  });
  await rememberExchange(ctx.inputs.memory, question, text);
  if (!booleanInput(ctx.inputs.returnSourceDocuments, false)) return { text };
  return { text, sourceDocuments: documents };
}

/**
 * Questions about documents, in a conversation: the first question goes to the retriever as it is;
 * a follow-up is first rewritten by the model into a standalone question (so "and its price?" finds
 * the right documents); the model then answers from the documents found. Flowise names and inputs.
 */
export const conversationalRetrievalQAChain: NodeType = {
  icon: badgeIcon('QA', '#00897b'),
  streamable: true,
  definition: {
    label: 'Conversational Retrieval QA Chain',
    name: 'conversationalRetrievalQAChain',
    version: 3,
    type: 'ConversationalRetrievalQAChain',
    category: 'Chains',
    baseClasses: ['ConversationalRetrievalQAChain', 'BaseChain', 'Runnable'],
    description: 'Answers questions from retrieved documents, following the conversation',
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      {
        label: 'Memory',
        name: 'memory',
        type: 'BaseMemory',
        optional: true,
        description: "If none is connected, the chat's own history is used",
      },
      { label: 'Return Source Documents', name: 'returnSourceDocuments', type: 'boolean', optional: true },
      {
        label: 'Rephrase Prompt',
        name: 'rephrasePrompt',
        type: 'string',
        description: 'Rewrites a follow-up into a standalone question; uses {chat_history} and {question}',
        warning: 'Prompt must include input variables: {chat_history} and {question}',
        rows: 4,
        additionalParams: true,
        optional: true,
        default: DEFAULT_REPHRASE_PROMPT,
      },
      {
        label: 'Response Prompt',
        name: 'responsePrompt',
        type: 'string',
        description: 'The system message of the answer; uses {context}',
        warning: 'Prompt must include input variable: {context}',
        rows: 4,
        additionalParams: true,
        optional: true,
        default: DEFAULT_RESPONSE_PROMPT,
      },
      { label: 'Input Moderation', name: 'inputModeration', type: 'Moderation', optional: true, list: true },
    ],
  },
  init: (ctx) => chainHandle(ctx, answerInConversation),
  run: answerInConversation,
};
