import type { NodeContext } from '@flowloom/engine';
import type { Schemas } from '@qdrant/js-client-rest';
import { booleanInput, numberInput, objectInput, stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { cachedLoad } from '../../utilities/cached-load.js';
import { credentialServer, urlServer } from '../../connections/credential-server.js';
import { jsonApi } from '../../connections/service-call.js';
import type { EmbeddingsHandle } from '../../embeddings/embeddings.js';
import { storeFilterInput } from '../filters.js';
import {
  CHAT_ID_KEY,
  fileUploadInput,
  topKInput,
  vectorStoreNode,
  type VectorStoreHandle,
  resultCount,
} from '../vector-store.js';

type Distance = 'Cosine' | 'Euclid' | 'Dot';
type Filter = Record<string, unknown>;

/** Qdrant's answers: the result in `result`, or the error in `status.error`. */
interface Answer<T> {
  result?: T;
}

const qdrantError = (body: unknown) => {
  if (typeof body === 'string') return body;
  const error = (body as { status?: { error?: unknown } } | undefined)?.status?.error;
  return typeof error === 'string' ? error : undefined;
};

/**
 * The node's Qdrant filter, with the File Upload rule when on: points of this chat's uploads, or
 * uploaded in no chat (`is_empty`), as a `should` clause.
 */
function nodeFilter(ctx: NodeContext, metadataKey: string): Filter | undefined {
  const filter = storeFilterInput(ctx.inputs.qdrantFilter, 'Qdrant Search Filter');
  if (!booleanInput(ctx.inputs.fileUpload, false) || !ctx.run.chatId) return filter;
  const key = `${metadataKey}.${CHAT_ID_KEY}`;
  const chatRule = [{ key, match: { value: ctx.run.chatId } }, { is_empty: { key } }];
  if (!filter) return { should: chatRule };
  // Flowise appends to an existing `should`, which would widen it; a nested clause keeps it whole.
  if (filter.should === undefined) return { ...filter, should: chatRule };
  const must: unknown[] = Array.isArray(filter.must)
    ? (filter.must as unknown[])
    : filter.must
      ? [filter.must]
      : [];
  return { ...filter, must: [...must, { should: chatRule }] };
}

function similarity(distance: Distance, score: number): number {
  // Euclid answers a distance (smaller is closer); the others a similarity.
  return distance === 'Euclid' ? 1 / (1 + score) : score;
}

async function openQdrant(ctx: NodeContext, embeddings: EmbeddingsHandle): Promise<VectorStoreHandle> {
  const label = ctx.node.label || 'Qdrant';
  const { server, credential } = await credentialServer(ctx, {
    service: label,
    typed: stringInput(ctx.inputs.qdrantServerUrl),
    secretField: 'qdrantApiKey',
    serverField: 'serverUrl',
    serverFieldLabel: 'Qdrant Server URL',
    form: urlServer,
  });
  if (!server) throw new Error(`${label}: Qdrant Server URL is required`);
  if (!/^https?:\/\//i.test(server))
    throw new Error(`${label}: Qdrant Server URL must start with http:// or https://`);
  const collection = stringInput(ctx.inputs.qdrantCollection);
  if (!collection) throw new Error(`${label}: Qdrant Collection Name is required`);
  const apiKey = stringInput(credential.qdrantApiKey);
  // The official client cannot take our fetch (it calls the global one), so we speak its REST API.
  const api = jsonApi(ctx, {
    service: label,
    baseUrl: server.replace(/\/+$/, ''),
    ...(apiKey && { headers: { 'api-key': apiKey } }),
    errorText: qdrantError,
  });
  const path = `/collections/${encodeURIComponent(collection)}`;
  const contentKey = stringInput(ctx.inputs.contentPayloadKey) ?? 'content';
  const metadataKey = stringInput(ctx.inputs.metadataPayloadKey) ?? 'metadata';
  const dimension = Math.floor(numberInput(ctx.inputs.qdrantVectorDimension) ?? 1536);
  const distanceInput = stringInput(ctx.inputs.qdrantSimilarity) ?? 'Cosine';
  if (distanceInput !== 'Cosine' && distanceInput !== 'Euclid' && distanceInput !== 'Dot')
    throw new Error(`${label}: Similarity must be Cosine, Euclid or Dot (it is ${distanceInput})`);
  const distance: Distance = distanceInput;
  const batchSize = Math.max(1, Math.floor(numberInput(ctx.inputs.batchSize) ?? Infinity));
  let collectionInput: Filter | undefined;
  try {
    collectionInput = objectInput(ctx.inputs.qdrantCollectionConfiguration);
  } catch {
    throw new Error(`${label}: Additional Collection Configuration is not a JSON object`);
  }
  const collectionConfig = collectionInput ?? {};

  /** The collection's vector size, creating the collection (as configured) on the first write. */
  const ensureCollection = cachedLoad(async () => {
    const found = await api.request<Answer<Schemas['CollectionInfo']>>('GET', path, undefined, [404]);
    if (found.status !== 404) {
      const vectors = found.body.result?.config?.params?.vectors as { size?: number } | undefined;
      return vectors?.size ?? dimension;
    }
    const vectors = (collectionConfig.vectors as Filter | undefined) ?? {};
    await api.request(
      'PUT',
      path,
      { ...collectionConfig, vectors: { ...vectors, size: dimension, distance } },
      [409],
    );
    return dimension;
  }).get;

  return {
    kind: 'vectorStore',
    label,
    embeddings,
    k: resultCount(ctx.inputs.topK),
    filter: nodeFilter(ctx, metadataKey),
    namespaceSuffix: collection,
    async addVectors(vectors, documents, ids) {
      if (documents.length === 0) return;
      const expected = await ensureCollection();
      const given = vectors[0]!.length;
      if (given !== expected)
        throw new Error(
          `${label}: collection "${collection}" holds vectors of ${expected} dimensions but the embeddings give ${given}; set Vector Dimension to ${given} for a new collection, or use a collection made with these embeddings`,
        );
      const points = documents.map((doc, i) => ({
        id: ids[i]!,
        vector: vectors[i]!,
        payload: { [contentKey]: doc.pageContent, [metadataKey]: doc.metadata },
      }));
      for (let start = 0; start < points.length; start += batchSize)
        await api.request('PUT', `${path}/points?wait=true`, {
          points: points.slice(start, start + batchSize),
        });
    },
    async searchByVector(vector, count, options = {}) {
      const { body } = await api.request<Answer<Schemas['ScoredPoint'][]>>('POST', `${path}/points/search`, {
        vector,
        limit: count,
        with_payload: true,
        with_vector: options.withVectors === true,
        ...(options.filter && Object.keys(options.filter).length > 0 && { filter: options.filter }),
      });
      if (!Array.isArray(body?.result)) throw new Error(`${label}: the search answer holds no result list`);
      return body.result.map((point) => {
        const payload = point.payload ?? {};
        const text = payload[contentKey];
        const metadata = payload[metadataKey];
        return {
          document: {
            pageContent: typeof text === 'string' ? text : '',
            metadata: metadata && typeof metadata === 'object' ? (metadata as Record<string, unknown>) : {},
          },
          score: similarity(distance, point.score),
          id: String(point.id),
          ...(options.withVectors && Array.isArray(point.vector) && { vector: point.vector as number[] }),
        };
      });
    },
    async delete(ids) {
      if (ids.length > 0) await api.request('POST', `${path}/points/delete?wait=true`, { points: ids });
    },
    combineFilters: (base, extra) => (base ? { must: [base, extra] } : extra),
  };
}

/**
 * Qdrant, the open-source vector database (self-hosted or Qdrant Cloud): one collection per node,
 * created on the first upsert with the configured dimension and similarity. Filters are Qdrant's.
 */
export const qdrant = vectorStoreNode({
  label: 'Qdrant',
  name: 'qdrant',
  version: 5,
  type: 'Qdrant',
  description: 'Stores embedded documents in a Qdrant collection and searches them by similarity',
  icon: badgeIcon('Q', '#dc244c'),
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    description: 'Only needed when the server asks for an API key (Qdrant Cloud)',
    optional: true,
    credentialNames: ['qdrantApi'],
  },
  recordManager: true,
  vectorStoreClasses: ['QdrantVectorStore', 'VectorStore'],
  inputs: [
    {
      label: 'Qdrant Server URL',
      name: 'qdrantServerUrl',
      type: 'string',
      placeholder: 'http://localhost:6333',
    },
    { label: 'Qdrant Collection Name', name: 'qdrantCollection', type: 'string', acceptVariable: true },
    fileUploadInput,
    {
      label: 'Vector Dimension',
      name: 'qdrantVectorDimension',
      type: 'number',
      description: 'Size of the vectors, used when the collection is created',
      default: 1536,
      additionalParams: true,
    },
    {
      label: 'Content Key',
      name: 'contentPayloadKey',
      type: 'string',
      description: 'Payload key the text is kept under. Default to `content`',
      default: 'content',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Metadata Key',
      name: 'metadataPayloadKey',
      type: 'string',
      description: 'Payload key the metadata is kept under. Default to `metadata`',
      default: 'metadata',
      optional: true,
      additionalParams: true,
    },
    {
      label: 'Upsert Batch Size',
      name: 'batchSize',
      type: 'number',
      step: 1,
      description: 'Points written per request',
      additionalParams: true,
      optional: true,
    },
    {
      label: 'Similarity',
      name: 'qdrantSimilarity',
      type: 'options',
      description: 'Distance used when the collection is created',
      default: 'Cosine',
      options: [
        { label: 'Cosine', name: 'Cosine' },
        { label: 'Euclid', name: 'Euclid' },
        { label: 'Dot', name: 'Dot' },
      ],
      additionalParams: true,
    },
    {
      label: 'Additional Collection Cofiguration',
      name: 'qdrantCollectionConfiguration',
      type: 'json',
      description:
        'Other settings of a new collection, as in Qdrant\'s <a target="_blank" href="https://qdrant.tech/documentation/concepts/collections">collection docs</a>',
      optional: true,
      additionalParams: true,
    },
    topKInput(),
    {
      label: 'Qdrant Search Filter',
      name: 'qdrantFilter',
      type: 'json',
      description: 'Qdrant filter, e.g. {"must": [{"key": "metadata.source", "match": {"value": "a.pdf"}}]}',
      additionalParams: true,
      optional: true,
      acceptVariable: true,
    },
  ],
  open: openQdrant,
});
