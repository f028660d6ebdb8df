import type { NodeContext, NodeType } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import { isChatModel, requireChatModel, type ChatModelHandle } from '../llm/chat-model.js';
import type { EmbeddingsHandle } from '../embeddings/embeddings.js';
import { LLAMAINDEX_BADGE, LLAMAINDEX_TAGS } from '../llamaindex/variant.js';
import { indexDocuments } from './indexing.js';
import {
  documentsToWrite,
  isRetriever,
  requireEmbeddings,
  retrieverOf,
  VECTOR_STORE_CATEGORY,
  type RetrieverHandle,
  type VectorStoreHandle,
} from './vector-store.js';

/**
 * A LlamaIndex vector store's retriever (Flowise's `VectorIndexRetriever`): a retriever that also
 * carries the chat model the store was given, which LlamaIndex's query engines answer with.
 */
export interface IndexRetrieverHandle extends RetrieverHandle {
  chatModel: ChatModelHandle;
}

export function isIndexRetriever(value: unknown): value is IndexRetrieverHandle {
  return isRetriever(value) && isChatModel((value as { chatModel?: unknown }).chatModel);
}

/** The LlamaIndex retriever an engine was connected to, or a readable error. */
export function requireIndexRetriever(
  value: unknown,
  inputLabel = 'Vector Store Retriever',
): IndexRetrieverHandle {
  if (!isIndexRetriever(value))
    throw new Error(
      `${inputLabel} must be a connected LlamaIndex vector store (Pinecone or SimpleStore) with its Retriever output`,
    );
  return value;
}

export interface LlamaIndexStoreSpec {
  label: string;
  name: string;
  type: string;
  description: string;
  icon: string;
  credential?: NodeParam;
  /** Inputs after Document, Chat Model and Embeddings. */
  inputs: NodeParam[];
  open(ctx: NodeContext, embeddings: EmbeddingsHandle): Promise<VectorStoreHandle>;
}

/**
 * A LlamaIndex vector store node (Flowise's `pineconeLlamaIndex`, `simpleStoreLlamaIndex`): documents,
 * a chat model and LlamaIndex embeddings in; a Retriever output for the engines (searching with the
 * node's Top K and filter) and a Vector Store Index output. Upserting writes the connected documents.
 */
export function llamaIndexStoreNode(spec: LlamaIndexStoreSpec): NodeType {
  const baseClasses = [spec.type, 'VectorIndexRetriever'];
  const open = (ctx: NodeContext) => spec.open(ctx, requireEmbeddings(ctx.inputs.embeddings));
  const who = (ctx: NodeContext) => `${ctx.node.label || spec.label} (${ctx.node.id || spec.name})`;
  return {
    icon: spec.icon,
    definition: {
      label: spec.label,
      name: spec.name,
      version: 1,
      type: spec.type,
      category: VECTOR_STORE_CATEGORY,
      baseClasses,
      tags: LLAMAINDEX_TAGS,
      badge: LLAMAINDEX_BADGE,
      description: spec.description,
      ...(spec.credential && { credential: spec.credential }),
      inputs: [
        { label: 'Document', name: 'document', type: 'Document', list: true, optional: true },
        { label: 'Chat Model', name: 'model', type: 'BaseChatModel_LlamaIndex' },
        { label: 'Embeddings', name: 'embeddings', type: 'BaseEmbedding_LlamaIndex' },
        ...spec.inputs,
      ],
      outputs: [
        { label: `${spec.label} Retriever`, name: 'retriever', baseClasses },
        {
          label: `${spec.label} Vector Store Index`,
          name: 'vectorStore',
          baseClasses: [spec.type, 'VectorStoreIndex'],
        },
      ],
    },
    async init(ctx) {
      const chatModel = requireChatModel(ctx.inputs.model, 'Chat Model');
      const store = await open(ctx);
      if (ctx.outputName === 'vectorStore') return { ...store, chatModel };
      const retriever = retrieverOf(store, { k: store.k });
      const searched: IndexRetrieverHandle = {
        ...retriever,
        chatModel,
        // The engine that searches fails with its own name; the store's is kept in the message.
        async retrieve(query, options) {
          try {
            return await retriever.retrieve(query, options);
          } catch (error) {
            if (ctx.run.signal.aborted) throw error;
            const reason = error instanceof Error ? error.message : String(error);
            throw new Error(`searching the vector store ${who(ctx)} failed: ${reason}`, { cause: error });
          }
        },
      };
      return searched;
    },
    async upsert(ctx) {
      const store = await open(ctx);
      return indexDocuments({ documents: documentsToWrite(ctx), store, defaultNamespace: ctx.run.flowId });
    },
  };
}
