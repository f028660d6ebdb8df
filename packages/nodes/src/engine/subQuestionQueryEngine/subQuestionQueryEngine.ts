import type { NodeContext, NodeType } from '@flowloom/engine';
import type { SourceDocument } from '@flowloom/shared';
import { requireChatModel } from '../../llm/chat-model.js';
import { generate } from '../../llm/generate.js';
import { isEmbeddings } from '../../embeddings/embeddings.js';
import { synthesize, synthesizerOf } from '../../response-synthesizers/synthesize.js';
import {
  isQueryEngineTool,
  type QueryEngineToolHandle,
} from '../../tools/queryEngineToolLlamaIndex/queryEngineToolLlamaIndex.js';
import { badgeIcon } from '../../utilities/icons.js';
import {
  answerQuestion,
  ENGINE_DEFINITION,
  nodeName,
  responseSynthesizerInput,
  returnSourceDocumentsInput,
  type QueryEngineHandle,
} from '../query-engine.js';
import { parseSubQuestions, subQuestionPrompt } from './sub-questions.js';

/** The connected QueryEngine Tools by name, or a readable error (none, not tools, a name twice). */
function toolsOf(value: unknown): Map<string, QueryEngineToolHandle> {
  const list = (Array.isArray(value) ? value : [value]).flat(2).filter((item) => item !== '' && item != null);
  if (list.length === 0) throw new Error('QueryEngine Tools: connect at least one QueryEngine Tool');
  const tools = new Map<string, QueryEngineToolHandle>();
  for (const item of list) {
    if (!isQueryEngineTool(item))
      throw new Error('QueryEngine Tools must be connected QueryEngine Tool nodes');
    if (tools.has(item.name)) throw new Error(`two connected QueryEngine Tools are named "${item.name}"`);
    tools.set(item.name, item);
  }
  return tools;
}

/**
 * The Sub Question Query Engine: the chat model splits the question into sub-questions, each for one
 * tool (asked in order), and the sub-answers are synthesised into the answer. Its sources are the
 * sub-answers, as LlamaIndex gives them (`Sub question: …\nResponse: …`).
 */
function subQuestionEngine(ctx: NodeContext): QueryEngineHandle {
  const tools = toolsOf(ctx.inputs.queryEngineTools);
  const model = requireChatModel(ctx.inputs.model, 'Chat Model');
  // LlamaIndex takes embeddings for its service context; splitting and answering do not use them.
  if (!isEmbeddings(ctx.inputs.embeddings)) throw new Error('Embeddings must be a connected embeddings node');
  const synthesizer = synthesizerOf(ctx.inputs.responseSynthesizer);
  const run = { ...ctx.run, images: undefined };
  return {
    kind: 'queryEngine',
    label: nodeName(ctx),
    async query(question, { stream }) {
      const planned = await generate(model, {
        messages: [{ role: 'user', content: subQuestionPrompt([...tools.values()], question) }],
        stream: false,
        run,
      });
      const answers: SourceDocument[] = [];
      for (const { subQuestion, toolName } of parseSubQuestions(planned, new Set(tools.keys()))) {
        const tool = tools.get(toolName)!;
        let text: string;
        try {
          text = (await tool.engine.query(subQuestion, { stream: false })).text;
        } catch (error) {
          if (ctx.run.signal.aborted) throw error;
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`the tool ${toolName} (${tool.engine.label}) failed: ${reason}`, { cause: error });
        }
        answers.push({
          pageContent: `Sub question: ${subQuestion}\nResponse: ${text}`,
          metadata: { toolName, subQuestion },
        });
      }
      const text = await synthesize(synthesizer, {
        model,
        run: ctx.run,
        query: question,
        chunks: answers.map((answer) => answer.pageContent),
        stream,
      });
      return { text, sourceDocuments: answers };
    },
  };
}

export const subQuestionQueryEngine: NodeType = {
  icon: badgeIcon('SQ', '#6d28d9'),
  streamable: true,
  definition: {
    ...ENGINE_DEFINITION,
    label: 'Sub Question Query Engine',
    name: 'subQuestionQueryEngine',
    version: 2,
    type: 'SubQuestionQueryEngine',
    baseClasses: ['SubQuestionQueryEngine', 'BaseQueryEngine'],
    description:
      'Splits a question into sub-questions for the query engines that know the answers, then combines their answers into one',
    inputs: [
      { label: 'QueryEngine Tools', name: 'queryEngineTools', type: 'QueryEngineTool', list: true },
      { label: 'Chat Model', name: 'model', type: 'BaseChatModel_LlamaIndex' },
      { label: 'Embeddings', name: 'embeddings', type: 'BaseEmbedding_LlamaIndex' },
      responseSynthesizerInput,
      returnSourceDocumentsInput,
    ],
  },
  init: (ctx): QueryEngineHandle => subQuestionEngine(ctx),
  run: (ctx) => answerQuestion(ctx, subQuestionEngine(ctx)),
};
