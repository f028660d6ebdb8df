import type { NodeContext } from '@flowloom/engine';
import type { Metadata, Where } from 'chromadb';
import { stringInput } from '../../llm/chat-model.js';
import { badgeIcon } from '../../utilities/icons.js';
import { credentialServer, urlServer } from '../../connections/credential-server.js';
import { jsonApi } from '../../connections/service-call.js';
import type { EmbeddingsHandle } from '../../embeddings/embeddings.js';
import { allOf, storeFilterInput } from '../filters.js';
import { topKInput, vectorStoreNode, type VectorStoreHandle, resultCount } from '../vector-store.js';

/** Chroma Cloud, where a Chroma key goes when its credential names no server. */
export const CHROMA_CLOUD = 'https://api.trychroma.com';
/** Where Chroma runs when nothing says otherwise (Chroma's own default). */
const LOCAL_CHROMA = 'http://localhost:8000';

interface CollectionJson {
  id: string;
  name: string;
  metadata?: Record<string, unknown> | null;
  configuration_json?: { hnsw?: { space?: string } | null; spann?: { space?: string } | null } | null;
}

interface QueryJson {
  ids: string[][];
  documents?: (string | null)[][] | null;
  metadatas?: (Record<string, unknown> | null)[][] | null;
  distances?: (number | null)[][] | null;
  embeddings?: number[][][] | null;
}

const chromaError = (body: unknown) => {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
};

/**
 * Metadata as Chroma stores it (strings, numbers, booleans): `loc.lines` becomes `locFrom`/`locTo`
 * as Flowise writes it, other objects and lists JSON text; empty values are left out.
 */
export function chromaMetadata(metadata: Record<string, unknown>): Metadata {
  const out: Metadata = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (value === null || value === undefined) continue;
    if (key === 'loc' && typeof value === 'object') {
      const lines = (value as { lines?: { from?: unknown; to?: unknown } }).lines;
      if (typeof lines?.from === 'number') out.locFrom = lines.from;
      if (typeof lines?.to === 'number') out.locTo = lines.to;
      continue;
    }
    out[key] = typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean);
  }
  return out;
}

/** The metadata a document had before {@link chromaMetadata}, as far as `loc` goes. */
function readMetadata(stored: Record<string, unknown> | null | undefined): Record<string, unknown> {
  if (!stored) return {};
  const { locFrom, locTo, ...rest } = stored;
  return locFrom !== undefined && locTo !== undefined
    ? { ...rest, loc: { lines: { from: locFrom, to: locTo } } }
    : stored;
}

/** Chroma takes one condition per level: several become an `$and`. */
function chromaWhere(filter: Record<string, unknown>): Where {
  const keys = Object.keys(filter);
  return (keys.length > 1 ? { $and: keys.map((key) => ({ [key]: filter[key] })) } : filter) as Where;
}

/** A Chroma distance as a similarity (higher is closer), by the collection's space. */
function similarity(space: string, distance: number): number {
  return space === 'l2' ? 1 / (1 + distance) : 1 - distance;
}

async function openChroma(ctx: NodeContext, embeddings: EmbeddingsHandle): Promise<VectorStoreHandle> {
  const label = ctx.node.label || 'Chroma';
  const name = stringInput(ctx.inputs.collectionName);
  if (!name) throw new Error(`${label}: Collection Name is required`);
  const { server, credential } = await credentialServer(ctx, {
    service: label,
    typed: stringInput(ctx.inputs.chromaURL),
    secretField: 'chromaApiKey',
    serverField: 'serverUrl',
    serverFieldLabel: 'Chroma Server URL',
    defaultServer: CHROMA_CLOUD,
    form: urlServer,
  });
  const base = (server ?? LOCAL_CHROMA).replace(/\/+$/, '');
  if (!/^https?:\/\//i.test(base))
    throw new Error(`${label}: Chroma URL must start with http:// or https://`);
  const apiKey = stringInput(credential.chromaApiKey);
  const tenant = stringInput(credential.chromaTenant) ?? 'default_tenant';
  const database = stringInput(credential.chromaDatabase) ?? 'default_database';
  // The official client calls the global fetch, which would skip the guard: we speak its REST API
  // (v2) ourselves, and never ask Chroma to embed (no embedding function: our vectors are sent).
  const api = jsonApi(ctx, {
    service: label,
    baseUrl: base,
    ...(apiKey && { headers: { 'x-chroma-token': apiKey } }),
    errorText: chromaError,
  });
  const collections = `/api/v2/tenants/${encodeURIComponent(tenant)}/databases/${encodeURIComponent(database)}/collections`;

  const checked = (found: CollectionJson) => {
    if (typeof found?.id !== 'string') throw new Error(`${label}: the collection answer holds no id`);
    return found;
  };
  let known: CollectionJson | undefined;
  /** The collection; made on the first write (`create`), else undefined while it does not exist. */
  const collection = async (create: boolean): Promise<CollectionJson | undefined> => {
    if (known) return known;
    const found = await api.request<CollectionJson>(
      'GET',
      `${collections}/${encodeURIComponent(name)}`,
      undefined,
      [404],
    );
    if (found.status !== 404) known = checked(found.body);
    else if (create)
      known = checked(
        (await api.request<CollectionJson>('POST', collections, { name, get_or_create: true })).body,
      );
    return known;
  };
  const space = (c: CollectionJson) =>
    c.configuration_json?.hnsw?.space ??
    c.configuration_json?.spann?.space ??
    (typeof c.metadata?.['hnsw:space'] === 'string' ? c.metadata['hnsw:space'] : 'l2');

  return {
    kind: 'vectorStore',
    label,
    embeddings,
    k: resultCount(ctx.inputs.topK),
    filter: storeFilterInput(ctx.inputs.chromaMetadataFilter, 'Chroma Metadata Filter'),
    namespaceSuffix: name,
    async addVectors(vectors, documents, ids) {
      if (documents.length === 0) return;
      const { id } = (await collection(true))!;
      await api.request('POST', `${collections}/${id}/upsert`, {
        ids,
        embeddings: vectors,
        documents: documents.map((doc) => doc.pageContent),
        metadatas: documents.map((doc) => chromaMetadata(doc.metadata)),
      });
    },
    async searchByVector(vector, count, options = {}) {
      const found = await collection(false);
      if (!found)
        throw new Error(
          `${label}: collection "${name}" does not exist at ${base}; upsert documents into it first`,
        );
      const { body } = await api.request<QueryJson>('POST', `${collections}/${found.id}/query`, {
        query_embeddings: [vector],
        n_results: count,
        include: ['documents', 'metadatas', 'distances', ...(options.withVectors ? ['embeddings'] : [])],
        ...(options.filter &&
          Object.keys(options.filter).length > 0 && { where: chromaWhere(options.filter) }),
      });
      const ids = body?.ids?.[0];
      if (!Array.isArray(ids)) throw new Error(`${label}: the query answer holds no ids`);
      const kind = space(found);
      return ids.map((id, i) => ({
        document: {
          pageContent: body.documents?.[0]?.[i] ?? '',
          metadata: readMetadata(body.metadatas?.[0]?.[i]),
        },
        score: similarity(kind, body.distances?.[0]?.[i] ?? Infinity),
        id,
        ...(options.withVectors && body.embeddings?.[0]?.[i] && { vector: body.embeddings[0][i] }),
      }));
    },
    async delete(ids) {
      if (ids.length === 0) return;
      const found = await collection(false);
      if (found) await api.request('POST', `${collections}/${found.id}/delete`, { ids });
    },
    combineFilters: (base, extra) => allOf(base, extra) ?? extra,
  };
}

/** Chroma, the open-source embedding database (self-hosted or Chroma Cloud): one collection per node. */
export const chroma = vectorStoreNode({
  label: 'Chroma',
  name: 'chroma',
  version: 2,
  type: 'Chroma',
  description: 'Stores embedded documents in a Chroma collection and searches them by similarity',
  icon: badgeIcon('C', '#ff6446'),
  credential: {
    label: 'Connect Credential',
    name: 'credential',
    type: 'credential',
    description: 'Only needed when the server asks for an API key (Chroma Cloud)',
    optional: true,
    credentialNames: ['chromaApi'],
  },
  recordManager: true,
  vectorStoreClasses: ['Chroma', 'VectorStore'],
  inputs: [
    { label: 'Collection Name', name: 'collectionName', type: 'string' },
    { label: 'Chroma URL', name: 'chromaURL', type: 'string', placeholder: LOCAL_CHROMA, optional: true },
    {
      label: 'Chroma Metadata Filter',
      name: 'chromaMetadataFilter',
      type: 'json',
      description: 'Chroma where-filter, e.g. {"source": "a.pdf"} or {"page": {"$gte": 3}}',
      optional: true,
      additionalParams: true,
      acceptVariable: true,
    },
    topKInput(),
  ],
  open: openChroma,
});
