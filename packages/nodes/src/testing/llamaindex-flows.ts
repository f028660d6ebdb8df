import { createTestEngine, runVectorUpsert, type EngineServices, type NodeType } from '@flowloom/engine';
import type { FlowData } from '@flowloom/shared';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  startFakePinecone,
  startTestLlmServer,
  type FakePinecone,
  type TestLlmServer,
} from '@flowloom/test-llm';
import { chatOpenAI_LlamaIndex } from '../chat-models/llamaindex-chat-models.js';
import { plainText } from '../document-loaders/plainText/plainText.js';
import { openAIEmbedding_LlamaIndex } from '../embeddings/llamaindex-embeddings.js';
import { chatflowNodes } from '../registry.js';
import { characterTextSplitter } from '../text-splitters/characterTextSplitter/characterTextSplitter.js';
import { pineconeLlamaIndex } from '../vector-stores/pineconeLlamaIndex/pineconeLlamaIndex.js';
import { recordingHttp } from './vector-store-contract.js';
import type { EdgeSpec, NodeSpec } from './flow-builder.js';

/**
 * Pieces of LlamaIndex flows for the engine tests: the scripted LLM for models and embeddings, the
 * Pinecone fake for the store, and the nodes that feed a store its documents.
 */

export const PINECONE_KEY = 'pc-key';

/**
 * The scripted LLM and a Pinecone fake (index `docs`) for one test file: started before its tests,
 * the LLM's script and requests forgotten before each, both closed after.
 */
export function scriptedServers(): { llm: TestLlmServer; pinecone: FakePinecone } {
  const servers = {} as { llm: TestLlmServer; pinecone: FakePinecone };
  beforeAll(async () => {
    servers.llm = await startTestLlmServer();
    servers.pinecone = await startFakePinecone({ apiKey: PINECONE_KEY, indexes: ['docs'] });
  });
  afterAll(async () => {
    await servers.llm.close();
    await servers.pinecone.close();
  });
  beforeEach(() => servers.llm.reset());
  return servers;
}

/**
 * Every chatflow node (and `extra` ones), on the scripted LLM (credential `openai`) and the Pinecone
 * fake (credential `pinecone`).
 */
export function llamaIndexEngine(
  llm: TestLlmServer,
  pinecone: FakePinecone,
  options: { services?: Partial<EngineServices>; extra?: NodeType[] } = {},
) {
  return createTestEngine({
    nodes: [...chatflowNodes, ...(options.extra ?? [])],
    credentials: {
      openai: { credentialName: 'openAIApi', data: { openAIApiKey: 'sk-test' } },
      pinecone: {
        credentialName: 'pineconeApi',
        data: { pineconeApiKey: PINECONE_KEY, controllerHostUrl: pinecone.url },
      },
    },
    services: {
      providerBaseUrls: { openai: llm.openAiBaseUrl },
      http: recordingHttp(),
      ...options.services,
    },
  });
}

export type LlamaIndexEngine = ReturnType<typeof llamaIndexEngine>;

/**
 * A text split into paragraphs, a LlamaIndex chat model and embeddings, and a Pinecone store (id
 * `store`) they feed, in namespace `namespace`: the upstream half of every LlamaIndex RAG flow.
 */
export function pineconeStore(
  store: string,
  options: { text: string; namespace: string; source?: string; inputs?: Record<string, unknown> },
): { nodes: NodeSpec[]; edges: EdgeSpec[] } {
  const loader = `${store}_text`;
  const splitter = `${store}_splitter`;
  const model = `${store}_model`;
  const embeddings = `${store}_embeddings`;
  return {
    nodes: [
      {
        id: splitter,
        type: characterTextSplitter,
        inputs: { chunkSize: 32, chunkOverlap: 0, separator: '\n\n' },
      },
      {
        id: loader,
        type: plainText,
        inputs: { text: options.text, metadata: JSON.stringify({ source: options.source ?? store }) },
      },
      { id: model, type: chatOpenAI_LlamaIndex, credential: 'openai', inputs: { modelName: 'gpt-4o-mini' } },
      {
        id: embeddings,
        type: openAIEmbedding_LlamaIndex,
        credential: 'openai',
        inputs: { modelName: 'text-embedding-3-small' },
      },
      {
        id: store,
        type: pineconeLlamaIndex,
        credential: 'pinecone',
        output: 'retriever',
        inputs: { pineconeIndex: 'docs', pineconeNamespace: options.namespace, ...options.inputs },
      },
    ],
    edges: [
      [splitter, loader, 'textSplitter'],
      [loader, store, 'document'],
      [model, store, 'model'],
      [embeddings, store, 'embeddings'],
    ],
  };
}

/** Writes the documents of the flow's store `stopNodeId` (Flowise's vector upsert). */
export async function upsert(engine: LlamaIndexEngine, flow: FlowData, stopNodeId: string) {
  const { result } = await runVectorUpsert(engine.registry, engine.services, {
    flowId: 'test-flow',
    flow,
    chatId: '',
    sessionId: '',
    signal: new AbortController().signal,
    vars: {},
    stopNodeId,
  });
  return result;
}

/** The prompts the scripted server received for chat completions, in order. */
export function chatPrompts(llm: TestLlmServer): string[] {
  return llm.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => (r.body as { messages: { content: string }[] }).messages.at(-1)!.content);
}
