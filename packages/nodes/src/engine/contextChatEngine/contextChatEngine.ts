import type { NodeType } from '@flowloom/engine';
import { booleanInput, requireChatModel } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { rememberExchange } from '../../memory/memory.js';
import { formatContext } from '../../chains/retrieval.js';
import { badgeIcon } from '../../utilities/icons.js';
import { requireIndexRetriever } from '../../vector-stores/llamaindex-store.js';
import { chatTurns, systemMessageInput, systemMessageOf } from '../chat-engine.js';
import { ENGINE_DEFINITION, returnSourceDocumentsInput } from '../query-engine.js';

/** How the documents found are introduced to the model, after the System Message. */
export const CONTEXT_INTRO =
  'Use the following documents when they help to answer the user. They were found for the latest message:';

/**
 * A conversation about documents: each question is searched in the vector store, and the model
 * answers with the documents found, the System Message and the memory's turns.
 */
export const contextChatEngine: NodeType = {
  icon: badgeIcon('CC', '#6d28d9'),
  streamable: true,
  definition: {
    ...ENGINE_DEFINITION,
    label: 'Context Chat Engine',
    name: 'contextChatEngine',
    version: 1,
    type: 'ContextChatEngine',
    baseClasses: ['ContextChatEngine'],
    description: 'Chats about the documents found for each question, remembering the conversation',
    inputs: [
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel_LlamaIndex' },
      { label: 'Vector Store Retriever', name: 'vectorStoreRetriever', type: 'VectorIndexRetriever' },
      { label: 'Memory', name: 'memory', type: 'BaseChatMemory' },
      returnSourceDocumentsInput,
      systemMessageInput(
        'You answer questions about the documents you are given, as their librarian. When they do not hold the answer, say "I could not find that in the documents." and nothing else.',
      ),
    ],
  },
  async run(ctx) {
    const model = requireChatModel(ctx.inputs.model, 'Chat Model');
    const retriever = requireIndexRetriever(ctx.inputs.vectorStoreRetriever);
    const system = systemMessageOf(ctx);
    const question = ctx.run.question;
    const history = await chatTurns(ctx);
    const documents = await retriever.retrieve(question);
    const context = `${CONTEXT_INTRO}\n${formatContext(documents)}`;
    const text = await generate(model, {
      system: system ? `${system}\n\n${context}` : context,
      messages: [...history, { role: 'user', content: question }],
      stream: true,
      run: ctx.run,
    });
    await rememberExchange(ctx.inputs.memory, question, text);
    return booleanInput(ctx.inputs.returnSourceDocuments, false)
      ? { text, sourceDocuments: documents }
      : { text };
  },
};
