import type { NodeContext, NodeRunOutput, NodeType } from '@flowloom/engine';
import { requireChatModel } from '../../llm/chat-model.js';
import { moderate } from '../../moderation/moderation.js';
import { badgeIcon } from '../../utilities/icons.js';
import { chainHandle } from '../chain.js';
import { requireRetriever } from '../../vector-stores/vector-store.js';
import { answerFromDocuments } from '../retrieval.js';

const SYSTEM = `Use the documents between the <context> tags to answer the question. If they do not hold the answer, say you do not know rather than guessing.

<context>
{context}
</context>`;

async function answerFromRetriever(ctx: NodeContext): Promise<NodeRunOutput> {
  const question = ctx.run.question;
  const refused = await moderate(ctx.inputs.inputModeration, question);
  if (refused !== undefined) {
    ctx.run.emit('token', refused);
    return { text: refused };
  }
  const model = requireChatModel(ctx.inputs.model, 'Language Model');
  const documents = await requireRetriever(ctx.inputs.vectorStoreRetriever).retrieve(question);
  const text = await answerFromDocuments(model, ctx.run, { prompt: SYSTEM, documents, question });
  return { text };
}

/** One question, answered from retrieved documents (no conversation; Flowise marks it deprecating). */
export const retrievalQAChain: NodeType = {
  icon: badgeIcon('RQ', '#00897b'),
  streamable: true,
  definition: {
    label: 'Retrieval QA Chain',
    name: 'retrievalQAChain',
    version: 2,
    type: 'RetrievalQAChain',
    category: 'Chains',
    badge: 'DEPRECATING',
    baseClasses: ['RetrievalQAChain', 'BaseChain', 'Runnable'],
    description: 'Answers a question from the documents a retriever finds',
    inputs: [
      { label: 'Language Model', name: 'model', type: 'BaseLanguageModel' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'BaseRetriever' },
      { label: 'Input Moderation', name: 'inputModeration', type: 'Moderation', optional: true, list: true },
    ],
  },
  init: (ctx) => chainHandle(ctx, answerFromRetriever),
  run: answerFromRetriever,
};
