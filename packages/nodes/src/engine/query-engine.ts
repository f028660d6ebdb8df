import type { NodeContext, NodeRunOutput } from '@flowloom/engine';
import type { NodeParam, SourceDocument } from '@flowloom/shared';
import { booleanInput } from '../llm/chat-model.js';
import { LLAMAINDEX_BADGE, LLAMAINDEX_TAGS } from '../llamaindex/variant.js';
import { synthesize, synthesizerOf } from '../response-synthesizers/synthesize.js';
import { requireIndexRetriever } from '../vector-stores/llamaindex-store.js';

/** An engine's answer: its text and the documents (or sub-answers) it came from. */
export interface QueryAnswer {
  text: string;
  sourceDocuments: SourceDocument[];
}

/**
 * What a query engine node builds (Flowise's `BaseQueryEngine`): a way to answer a question from its
 * data, for a QueryEngine Tool or another engine. Built within one run, whose stream it may use.
 */
export interface QueryEngineHandle {
  kind: 'queryEngine';
  /** The node, for messages: `Query Engine (queryEngine_0)`. */
  label: string;
  /** Answers `question`; its final model call streams tokens when `stream` (and the run streams). */
  query(question: string, options: { stream: boolean }): Promise<QueryAnswer>;
}

export function isQueryEngine(value: unknown): value is QueryEngineHandle {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'queryEngine';
}

/** What every Engine node shares in its definition (Flowise's LlamaIndex engines). */
export const ENGINE_DEFINITION = {
  category: 'Engine',
  tags: LLAMAINDEX_TAGS,
  badge: LLAMAINDEX_BADGE,
} as const;

export const returnSourceDocumentsInput: NodeParam = {
  label: 'Return Source Documents',
  name: 'returnSourceDocuments',
  type: 'boolean',
  optional: true,
};

export const responseSynthesizerInput: NodeParam = {
  label: 'Response Synthesizer',
  name: 'responseSynthesizer',
  type: 'ResponseSynthesizer',
  description:
    'How the retrieved passages and the question become an answer (one prompt, refining, or summarising in a tree). Compact and Refine when none is connected',
  optional: true,
};

/** A node named for messages: its label and id. */
export const nodeName = (ctx: NodeContext) => `${ctx.node.label} (${ctx.node.id || ctx.node.name})`;

/**
 * A query engine over a LlamaIndex retriever: the documents found for the question become the
 * synthesizer's chunks, answered with the chat model of the retriever's vector store.
 */
export function retrieverQueryEngine(ctx: NodeContext): QueryEngineHandle {
  const retriever = requireIndexRetriever(ctx.inputs.vectorStoreRetriever);
  const synthesizer = synthesizerOf(ctx.inputs.responseSynthesizer);
  return {
    kind: 'queryEngine',
    label: nodeName(ctx),
    async query(question, { stream }) {
      const documents = await retriever.retrieve(question);
      const text = await synthesize(synthesizer, {
        model: retriever.chatModel,
        run: ctx.run,
        query: question,
        chunks: documents.map((doc) => doc.pageContent),
        stream,
      });
      return { text, sourceDocuments: documents };
    },
  };
}

/** An engine's answer to the run's question as the node's output, with its sources when asked. */
export async function answerQuestion(ctx: NodeContext, engine: QueryEngineHandle): Promise<NodeRunOutput> {
  const { text, sourceDocuments } = await engine.query(ctx.run.question, { stream: true });
  return booleanInput(ctx.inputs.returnSourceDocuments, false) ? { text, sourceDocuments } : { text };
}
