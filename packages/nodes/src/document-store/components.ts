import {
  credentialForNode,
  credentialWithInputs,
  type ComponentConfig,
  type NodeContext,
  type NodeRegistry,
  type NodeType,
  type RunContext,
  type UpsertResult,
} from '@flowloom/engine';
import type { FlowNodeData, SourceDocument } from '@flowloom/shared';
import { requireChatModel, stringInput } from '../llm/chat-model.js';
import { generate } from '../llm/generate.js';
import { asPromise } from '../tools/tool.js';
import { isDocumentList } from '../document-loaders/loader.js';
import { isEmbeddings, type EmbeddingsHandle } from '../embeddings/embeddings.js';
import { isLlamaIndexNode } from '../llamaindex/variant.js';
import { isRecordManager, type RecordManagerHandle } from '../record-managers/record-manager.js';
import { isTextSplitter } from '../text-splitters/split.js';
import { documentKey, indexDocuments } from '../vector-stores/indexing.js';
import {
  isVectorStore,
  searchStore,
  type FoundDocument,
  type RetrieverSettings,
  type VectorStoreHandle,
} from '../vector-stores/vector-store.js';

/**
 * Building the parts of a document store (loader, splitter, embeddings, vector store, record manager)
 * from their saved `{name, config}`, outside any flow: the server's document-store routes and the
 * nodes that read a store (Document Store (Vector), agent knowledge) all go through here.
 */

const CATEGORIES = {
  loader: 'Document Loaders',
  splitter: 'Text Splitters',
  embeddings: 'Embeddings',
  vectorStore: 'Vector Stores',
  recordManager: 'Record Manager',
  chatModel: 'Chat Models',
} as const;
type Part = keyof typeof CATEGORIES;

/** Texts per embedding call of an upsert without record manager (each call reports progress). */
const EMBED_ROUND = 500;

const PART_NAMES: Record<Part, string> = {
  loader: 'document loader',
  splitter: 'text splitter',
  embeddings: 'embeddings',
  vectorStore: 'vector store',
  recordManager: 'record manager',
  chatModel: 'chat model',
};

/** The node type a store part names, or a readable error. */
export function componentType(registry: NodeRegistry, part: Part, name: string): NodeType {
  const type = registry.get(name);
  // LlamaIndex nodes need connections a store's form cannot give (a chat model for its stores).
  if (
    !type ||
    type.definition.category !== CATEGORIES[part] ||
    !type.init ||
    isLlamaIndexNode(type.definition)
  )
    throw new Error(`"${name}" is not an available ${PART_NAMES[part]}`);
  return type;
}

/** Inputs of a saved config: the type's defaults under the values set ('' means unset, as on the canvas). */
function inputsOf(type: NodeType, config: Record<string, unknown>): Record<string, unknown> {
  const defaults = Object.fromEntries(
    type.definition.inputs.filter((i) => i.default !== undefined).map((i) => [i.name, i.default]),
  );
  const set = Object.fromEntries(
    Object.entries(config).filter(([key, v]) => v !== '' && v !== null && key !== 'credential'),
  );
  return { ...defaults, ...set };
}

/** The context a part is built in: its config as inputs, its credential read through the run's services. */
export function componentContext(
  run: RunContext,
  type: NodeType,
  config: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  outputName?: string,
): NodeContext {
  const inputs = { ...inputsOf(type, config), ...extra };
  const credentialId = stringInput(config.credential) ?? stringInput(config.FLOWISE_CREDENTIAL_ID);
  const node: FlowNodeData = {
    id: `${type.definition.name}_0`,
    label: type.definition.label,
    name: type.definition.name,
    version: type.definition.version,
    type: type.definition.type,
    baseClasses: type.definition.baseClasses,
    category: type.definition.category,
    inputParams: [],
    inputAnchors: [],
    inputs,
    outputAnchors: [],
    outputs: outputName ? { output: outputName } : {},
    ...(credentialId && { credential: credentialId }),
  };
  return {
    node,
    inputs,
    outputName,
    credential: async () => {
      if (!credentialId) return {};
      const data = credentialForNode(type.definition, await run.services.credentials.get(credentialId));
      return credentialWithInputs(data, inputs, new Set(type.definition.inputs.map((i) => i.name)));
    },
    run,
  };
}

export interface LoaderConfig {
  loaderName: string;
  loaderConfig: Record<string, unknown>;
  splitterName?: string | undefined;
  splitterConfig?: Record<string, unknown> | undefined;
  /** The loader's credential (loaders that need one keep it beside their config). */
  credential?: string | undefined;
}

/**
 * Builds a text splitter from its saved config; throws what is wrong with the config (a chunk size
 * of 0, an overlap larger than the chunk) before any document is read.
 */
export async function buildSplitter(
  registry: NodeRegistry,
  run: RunContext,
  name: string,
  config: Record<string, unknown>,
): Promise<unknown> {
  const type = componentType(registry, 'splitter', name);
  const splitter = await asPromise(() => type.init!(componentContext(run, type, config)));
  if (!isTextSplitter(splitter)) throw new Error(`"${name}" did not build a text splitter`);
  return splitter;
}

/** Loads (and splits, when a splitter is chosen) a store loader's documents. */
export async function loadDocuments(
  registry: NodeRegistry,
  run: RunContext,
  loader: LoaderConfig,
): Promise<SourceDocument[]> {
  const loaderType = componentType(registry, 'loader', loader.loaderName);
  const extra: Record<string, unknown> = {};
  if (loader.splitterName && loader.splitterConfig !== undefined)
    extra.textSplitter = await buildSplitter(registry, run, loader.splitterName, loader.splitterConfig);
  const config = loader.credential
    ? { ...loader.loaderConfig, credential: loader.credential }
    : loader.loaderConfig;
  const documents = await asPromise(() =>
    loaderType.init!(componentContext(run, loaderType, config, extra, 'document')),
  );
  if (!isDocumentList(documents)) throw new Error(`"${loader.loaderName}" did not load documents`);
  return documents;
}

/** A store's saved embedding, vector store and record manager. */
export interface StoreConfigs {
  embedding: ComponentConfig | null;
  vectorStore: ComponentConfig | null;
  recordManager: ComponentConfig | null;
}

export interface OpenedStore {
  embeddings: EmbeddingsHandle;
  vectorStoreType: NodeType;
  /** The vector store's context, with embeddings and record manager connected. */
  context: (extra?: Record<string, unknown>, outputName?: string) => NodeContext;
  recordManager: RecordManagerHandle | undefined;
}

/** Builds a store's embeddings and record manager, ready to build its vector store in any mode. */
export async function openStoreParts(
  registry: NodeRegistry,
  run: RunContext,
  configs: StoreConfigs,
  storeId: string,
  options: {
    recordManager?: boolean;
    vectorStoreOverrides?: Record<string, unknown>;
    /** Told how many texts each embedding request of an upsert covered (progress). */
    onEmbedded?: (count: number) => void;
  } = {},
): Promise<OpenedStore> {
  if (!configs.embedding?.name) throw new Error(`Embeddings of document store ${storeId} are not configured`);
  if (!configs.vectorStore?.name)
    throw new Error(`The vector store of document store ${storeId} is not configured`);
  const embeddingType = componentType(registry, 'embeddings', configs.embedding.name);
  const built = await asPromise(() =>
    embeddingType.init!(componentContext(run, embeddingType, configs.embedding!.config)),
  );
  if (!isEmbeddings(built)) throw new Error(`"${configs.embedding.name}" did not build embeddings`);
  const { onEmbedded } = options;
  const embeddings: EmbeddingsHandle = onEmbedded
    ? {
        ...built,
        embedDocuments: async (texts) => {
          const vectors = await built.embedDocuments(texts);
          onEmbedded(texts.length);
          return vectors;
        },
      }
    : built;
  let recordManager: RecordManagerHandle | undefined;
  if (options.recordManager !== false && configs.recordManager?.name) {
    const recordManagerType = componentType(registry, 'recordManager', configs.recordManager.name);
    const built = await asPromise(() =>
      recordManagerType.init!(componentContext(run, recordManagerType, configs.recordManager!.config)),
    );
    if (!isRecordManager(built))
      throw new Error(`"${configs.recordManager.name}" did not build a record manager`);
    recordManager = built;
  }
  const vectorStoreType = componentType(registry, 'vectorStore', configs.vectorStore.name);
  const vectorStoreConfig = { ...configs.vectorStore.config, ...options.vectorStoreOverrides };
  return {
    embeddings,
    vectorStoreType,
    recordManager,
    context: (extra = {}, outputName) =>
      componentContext(
        run,
        vectorStoreType,
        vectorStoreConfig,
        { embeddings, ...(recordManager && { recordManager }), ...extra },
        outputName,
      ),
  };
}

/** The vector store handle of an opened store (its Vector Store output). */
export async function vectorStoreOf(opened: OpenedStore): Promise<VectorStoreHandle> {
  const built = await asPromise(() => opened.vectorStoreType.init!(opened.context({}, 'vectorStore')));
  if (!isVectorStore(built))
    throw new Error(`"${opened.vectorStoreType.definition.name}" did not build a vector store`);
  return built;
}

/**
 * Writes documents into a store's vector store. With a record manager the store's indexing rules
 * apply (skip what is there, clean up). Without one, a store that can replace records in one step
 * (the embedded one) first drops what earlier upserts of the same loaders wrote, so the vectors
 * mirror the chunks instead of piling up copies; other stores get the documents added, as in Flowise.
 */
export async function upsertDocuments(
  opened: OpenedStore,
  documents: SourceDocument[],
  scope: {
    docId?: string | undefined;
    /** Ids of the documents (a store's chunk ids), kept by stores that mirror the chunks. */
    ids?: string[];
    /**
     * The records this upsert replaces in a store that mirrors the chunks (metadata filter; `{}`
     * for all). The caller decides: a collection other stores or flows share must never be emptied.
     */
    replaces: Record<string, unknown>;
  },
): Promise<UpsertResult> {
  if (opened.recordManager) {
    if (!opened.vectorStoreType.upsert) throw new Error('This vector store cannot be written to');
    return opened.vectorStoreType.upsert(
      opened.context({ document: [documents] }),
      scope.docId ? { cleanupDocId: scope.docId } : {},
    );
  }
  const store = await vectorStoreOf(opened);
  if (!store.replaceWhere)
    return indexDocuments({ documents, store, defaultNamespace: opened.context().run.flowId });
  const kept = documents
    .map((doc, i) => ({ doc, id: scope.ids?.[i] }))
    .filter(({ doc }) => doc.pageContent.trim() !== '');
  const docs = kept.map(({ doc }) => doc);
  // Embedded in rounds so progress can be told; written in one step at the end.
  const vectors: number[][] = [];
  for (let start = 0; start < docs.length; start += EMBED_ROUND)
    vectors.push(
      ...(await store.embeddings.embedDocuments(
        docs.slice(start, start + EMBED_ROUND).map((doc) => doc.pageContent),
      )),
    );
  await store.replaceWhere(
    scope.replaces,
    vectors,
    docs,
    kept.map(({ doc, id }) => id ?? documentKey(doc)),
  );
  return { numAdded: docs.length, addedDocs: docs };
}

/** The nearest documents of a store for a query, with their scores. */
export async function queryStore(
  opened: OpenedStore,
  query: string,
  settings: RetrieverSettings = {},
): Promise<FoundDocument[]> {
  const store = await vectorStoreOf(opened);
  return searchStore(store, query, settings);
}

/** Removes what the record manager says the store holds (one loader's, with `docId`). */
export async function removeDocuments(
  opened: OpenedStore,
  docId: string | undefined,
  /** What a store that mirrors the chunks removes (metadata filter), as for {@link upsertDocuments}. */
  where: Record<string, unknown>,
): Promise<number> {
  if (!opened.recordManager) {
    const store = await vectorStoreOf(opened);
    // The embedded store finds a store's (or a loader's) records by their metadata.
    if (store.deleteWhere) return store.deleteWhere(where);
  }
  if (!opened.vectorStoreType.removeRecords) throw new Error('This vector store cannot delete records');
  return (await opened.vectorStoreType.removeRecords(opened.context(), docId === undefined ? {} : { docId }))
    .numDeleted;
}

/** The chat model a caller named with its settings (the Agent node's model and its config). */
export interface ChosenModel {
  name: string;
  inputs: Record<string, unknown>;
  credential?: string | undefined;
}

const DESCRIBE_INSTRUCTION =
  'Below is the beginning of a collection of documents that an AI assistant will be able to search. Write one sentence, under 200 words, that tells the assistant what the collection contains and when searching it helps. Answer with the sentence only.';

/**
 * The chosen chat model's answer to one message (with an optional system message), outside any flow:
 * the helpers that write text for a builder (a store's description, an assistant's instructions).
 */
export async function askChatModel(
  registry: NodeRegistry,
  run: RunContext,
  chosen: ChosenModel,
  prompt: { system?: string; message: string },
): Promise<string> {
  const type = componentType(registry, 'chatModel', chosen.name);
  const config = chosen.credential ? { ...chosen.inputs, credential: chosen.credential } : chosen.inputs;
  const model = requireChatModel(
    await asPromise(() => type.init!(componentContext(run, type, config))),
    'Chat Model',
  );
  return generate(model, {
    ...(prompt.system !== undefined && { system: prompt.system }),
    messages: [{ role: 'user', content: prompt.message }],
    stream: false,
    run,
  });
}

/**
 * A one-sentence description of a store's contents from its first chunks, written by the chosen chat
 * model: the description an agent reads to decide when to search the store.
 */
export async function describeKnowledge(
  registry: NodeRegistry,
  run: RunContext,
  chosen: ChosenModel,
  sample: string,
): Promise<string> {
  const text = await askChatModel(registry, run, chosen, { system: DESCRIBE_INSTRUCTION, message: sample });
  return text.trim().slice(0, 1024);
}
