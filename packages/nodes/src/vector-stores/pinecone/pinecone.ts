import { createHash } from 'node:crypto';
import type { NodeContext } from '@flowloom/engine';
import type { NodeParam } from '@flowloom/shared';
import type { Index, Pinecone as PineconeClient, RecordMetadata } from '@pinecone-database/pinecone';
import { booleanInput, stringInput } from '../../llm/chat-model.js';
import { cachedLoad } from '../../utilities/cached-load.js';
import { badgeIcon } from '../../utilities/icons.js';
import { credentialServer, urlServer } from '../../connections/credential-server.js';
import { callService, serviceFetch } from '../../connections/service-call.js';
import type { EmbeddingsHandle } from '../../embeddings/embeddings.js';
import { allOf, storeFilterInput } from '../filters.js';
import {
  CHAT_ID_KEY,
  fileUploadInput,
  mmrInputs,
  topKInput,
  vectorStoreNode,
  type VectorStoreHandle,
  resultCount,
} from '../vector-store.js';

/** The Pinecone client, loaded on first use (it is large to parse at start-up). */
const pineconeModule = cachedLoad(() => import('@pinecone-database/pinecone')).get;

/** Pinecone's API, where its keys go unless the credential names a proxy. */
export const PINECONE_API = 'https://api.pinecone.io';

type MetadataValue = RecordMetadata[string];

/**
 * Index hosts found by describing indexes, per controller, key and index. The client keeps its own
 * cache per key and index only, which would send a key to a host learned from another controller
 * (say, before the credential's Controller Host URL changed); we pass the host ourselves instead.
 */
const indexHosts = new Map<string, string>();

async function indexHost(
  client: PineconeClient,
  controller: string,
  apiKey: string,
  name: string,
): Promise<string> {
  const key = JSON.stringify([controller, createHash('sha256').update(apiKey).digest('hex'), name]);
  const known = indexHosts.get(key);
  if (known) return known;
  const described = await client.describeIndex(name).catch((error: unknown) => {
    if ((error as { name?: string }).name !== 'PineconeNotFoundError') throw error;
    throw new Error(`there is no index "${name}" at ${controller}`, { cause: error });
  });
  const host = described.privateHost || described.host;
  if (!host) throw new Error(`index ${name} has no host yet (is it ready?)`);
  indexHosts.set(key, host);
  if (indexHosts.size > 256) indexHosts.delete(indexHosts.keys().next().value!);
  return host;
}

/**
 * Metadata as Pinecone stores it: strings, numbers, booleans and lists of strings. Nested objects
 * become dotted keys (`loc.lines.from`), other list items JSON text; empty values are left out.
 */
export function pineconeMetadata(
  metadata: Record<string, unknown>,
  prefix = '',
  out: Record<string, MetadataValue> = {},
): Record<string, MetadataValue> {
  for (const [key, value] of Object.entries(metadata)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = value;
    else if (Array.isArray(value))
      out[name] = value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
    else if (typeof value === 'object') pineconeMetadata(value as Record<string, unknown>, name, out);
  }
  return out;
}

/**
 * The node's filter in Pinecone's language, with the File Upload rule when on: documents of this
 * chat's uploads, or uploaded in no chat at all.
 */
function nodeFilter(ctx: NodeContext): Record<string, unknown> | undefined {
  const filter = storeFilterInput(ctx.inputs.pineconeMetadataFilter, 'Pinecone Metadata Filter');
  if (!booleanInput(ctx.inputs.fileUpload, false) || !ctx.run.chatId) return filter;
  // Flowise appends to the filter's own `$or`, which would widen it; `allOf` keeps it whole.
  return allOf(filter, {
    $or: [{ [CHAT_ID_KEY]: { $eq: ctx.run.chatId } }, { [CHAT_ID_KEY]: { $exists: false } }],
  });
}

export async function openPinecone(
  ctx: NodeContext,
  embeddings: EmbeddingsHandle,
): Promise<VectorStoreHandle> {
  const label = ctx.node.label || 'Pinecone';
  const indexName = stringInput(ctx.inputs.pineconeIndex);
  if (!indexName) throw new Error(`${label}: Pinecone Index is required`);
  const { server, credential } = await credentialServer(ctx, {
    service: label,
    typed: undefined,
    secretField: 'pineconeApiKey',
    serverField: 'controllerHostUrl',
    serverFieldLabel: 'Controller Host URL',
    defaultServer: PINECONE_API,
    form: urlServer,
  });
  const apiKey = stringInput(credential.pineconeApiKey);
  if (!apiKey) throw new Error(`${label}: connect a Pinecone API credential holding the API key`);
  const { Pinecone } = await pineconeModule();
  const controller = server ?? PINECONE_API;
  const client = new Pinecone({
    apiKey,
    controllerHostUrl: controller,
    // Every request, the index lookup and the index's own host included, goes through the guard.
    fetchApi: serviceFetch(ctx),
    maxRetries: 2,
  });
  const namespace = stringInput(ctx.inputs.pineconeNamespace);
  let opened: Index | undefined;
  const textKey = stringInput(ctx.inputs.pineconeTextKey) ?? 'text';
  /** Runs one call on the index, its host looked up on first use. */
  const call = <T>(run: (index: Index) => Promise<T>) =>
    callService(ctx, label, async () => {
      opened ??= client.index({
        name: indexName,
        host: await indexHost(client, controller, apiKey, indexName),
        ...(namespace && { namespace }),
      });
      return run(opened);
    });
  return {
    kind: 'vectorStore',
    label,
    embeddings,
    k: resultCount(ctx.inputs.topK),
    filter: nodeFilter(ctx),
    ...(namespace && { namespaceSuffix: namespace }),
    async addVectors(vectors, documents, ids) {
      if (documents.length === 0) return;
      await call((index) =>
        index.upsert({
          records: documents.map((doc, i) => ({
            id: ids[i]!,
            values: vectors[i]!,
            metadata: { ...pineconeMetadata(doc.metadata), [textKey]: doc.pageContent },
          })),
        }),
      );
    },
    async searchByVector(vector, count, options = {}) {
      const answer = await call((index) =>
        index.query({
          vector,
          topK: count,
          includeMetadata: true,
          includeValues: options.withVectors === true,
          ...(options.filter && Object.keys(options.filter).length > 0 && { filter: options.filter }),
        }),
      );
      if (!Array.isArray(answer?.matches)) throw new Error(`${label}: the query answer holds no matches`);
      return answer.matches.map((match) => {
        const { [textKey]: text, ...metadata } = match.metadata ?? {};
        return {
          document: { pageContent: typeof text === 'string' ? text : '', metadata },
          score: match.score ?? 0,
          id: match.id,
          ...(options.withVectors && match.values?.length && { vector: match.values }),
        };
      });
    },
    async delete(ids) {
      if (ids.length > 0) await call((index) => index.deleteMany({ ids }));
    },
    combineFilters: (base, extra) => allOf(base, extra) ?? extra,
  };
}

/** The index and namespace a Pinecone node reads and writes (also the LlamaIndex node's). */
export const PINECONE_LOCATION_INPUTS: NodeParam[] = [
  { label: 'Pinecone Index', name: 'pineconeIndex', type: 'string' },
  {
    label: 'Pinecone Namespace',
    name: 'pineconeNamespace',
    type: 'string',
    placeholder: 'my-first-namespace',
    additionalParams: true,
    optional: true,
  },
];

export const PINECONE_FILTER_INPUT: NodeParam = {
  label: 'Pinecone Metadata Filter',
  name: 'pineconeMetadataFilter',
  type: 'json',
  description: 'Pinecone filter, e.g. {"source": "a.pdf"} or {"page": {"$gte": 3}}',
  optional: true,
  additionalParams: true,
  acceptVariable: true,
};

/**
 * Pinecone, the hosted vector database: one index (and optionally one namespace of it) per node.
 * Filters are Pinecone's own metadata filter language.
 */
export const pinecone = vectorStoreNode({
  label: 'Pinecone',
  name: 'pinecone',
  version: 5,
  type: 'Pinecone',
  description: 'Stores embedded documents in a Pinecone index and searches them by similarity or MMR',
  icon: badgeIcon('P', '#1c17ff'),
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    credentialNames: ['pineconeApi'],
  },
  recordManager: true,
  vectorStoreClasses: ['PineconeStore', 'VectorStore'],
  inputs: [
    ...PINECONE_LOCATION_INPUTS,
    fileUploadInput,
    {
      label: 'Pinecone Text Key',
      name: 'pineconeTextKey',
      type: 'string',
      description: 'Metadata key the text of each document is kept under. Default to `text`',
      placeholder: 'text',
      additionalParams: true,
      optional: true,
    },
    PINECONE_FILTER_INPUT,
    topKInput(),
    ...mmrInputs,
  ],
  open: openPinecone,
});
