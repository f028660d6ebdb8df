import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { Permission } from '@flowloom/shared';
import {
  dataUri,
  ENGINES,
  ownerSession,
  openAiCredential,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

/**
 * What a store keeps whatever happens to its neighbours and to a failed step: vectors of stores
 * sharing a collection, files of a loader whose processing failed, who may use the upsert API, which
 * settings a caller may save or override.
 */
describe.each(ENGINES)('document store integrity (%s)', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  const keys = new Map<string, string>();

  const api = (method: string, path: string, body?: unknown) =>
    owner.request(method, `/api/v1/document-store${path}`, body);
  const withKey = (name: string, method: 'POST' | 'PUT', path: string, payload: object) =>
    server.app.inject({
      method,
      url: `/api/v1/document-store${path}`,
      headers: { authorization: `Bearer ${keys.get(name)!}` },
      payload,
    });

  async function key(name: string, permissions: Permission[]) {
    const listed = (await owner.request('POST', '/api/v1/apikey', { keyName: name, permissions })).json() as {
      keyName: string;
      apiKey: string;
    }[];
    keys.set(name, listed.find((k) => k.keyName === name)!.apiKey);
  }

  async function store(name: string): Promise<string> {
    return (await api('POST', '/store', { name })).json().id as string;
  }

  /** A store with one processed plain-text loader, upserted into the embedded store. */
  async function filledStore(name: string, text: string, vectorStoreConfig: Record<string, unknown>) {
    const storeId = await store(name);
    const body = { storeId, loaderId: 'plainText', loaderConfig: { text } };
    const saved = (await api('POST', '/loader/save', body)).json();
    expect((await api('POST', `/loader/process/${saved.id}`, { ...body, id: saved.id })).statusCode).toBe(
      200,
    );
    const inserted = await api('POST', '/vectorstore/insert', {
      storeId,
      embeddingName: 'openAIEmbeddings',
      embeddingConfig: { modelName: 'text-embedding-3-small', credential: await credential },
      vectorStoreName: 'embeddedVectorStore',
      vectorStoreConfig,
    });
    expect(inserted.statusCode).toBe(200);
    return storeId;
  }

  const texts = async (storeId: string, query: string, inputs: Record<string, unknown> = {}) => {
    const response = await api('POST', '/vectorstore/query', {
      storeId,
      query,
      inputs: { topK: 10, ...inputs },
    });
    expect(response.statusCode).toBe(200);
    return (response.json().docs as { pageContent: string }[]).map((d) => d.pageContent);
  };

  let credential: Promise<string>;
  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ engine, env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    credential = openAiCredential(owner);
    await credential;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  it('two stores sharing a named collection never delete or replace each other’s vectors', async () => {
    const shared = { collectionName: 'team-knowledge', topK: 10 };
    const first = await filledStore('First', 'Owls hunt at night in quiet forests.', shared);
    const second = await filledStore('Second', 'Whales sing songs across the deep ocean.', shared);
    // Upserting the first again replaces its own records only.
    expect((await api('POST', '/vectorstore/insert', { storeId: first })).statusCode).toBe(200);
    expect(await texts(second, 'whales singing')).toContain('Whales sing songs across the deep ocean.');

    const removed = await api('DELETE', `/vectorstore/${first}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().numDeleted).toBe(1);
    expect(await texts(second, 'whales singing')).toEqual(['Whales sing songs across the deep ocean.']);

    await api('POST', '/vectorstore/insert', { storeId: first });
    expect((await api('DELETE', `/store/${first}`)).statusCode).toBe(200);
    expect(await texts(second, 'whales singing')).toEqual(['Whales sing songs across the deep ocean.']);
  });

  it('a store’s own collection goes with it, and a query cannot point it at another collection', async () => {
    const own = await filledStore('Own', 'Bees make honey from the nectar of flowers.', { topK: 4 });
    const other = await filledStore('Other', 'Glaciers carve valleys over thousands of years.', { topK: 4 });
    // Only how many and which documents may change for one query, not where it searches.
    expect(await texts(own, 'bees', { collectionName: other })).toEqual([
      'Bees make honey from the nectar of flowers.',
    ]);
    expect((await api('DELETE', `/store/${own}`)).statusCode).toBe(200);
    const left = await server.database.db
      .selectFrom('document_store')
      .select('id')
      .where('id', '=', own)
      .executeTakeFirst();
    expect(left).toBeUndefined();
    expect(await texts(other, 'glaciers')).toEqual(['Glaciers carve valleys over thousands of years.']);
  });

  it('a failed processing keeps the loader’s file of before, and leaves no file of its own', async () => {
    const storeId = await store('Files');
    const body = {
      storeId,
      loaderId: 'textFile',
      loaderConfig: { txtFile: dataUri('Version one of the notes.', 'a.txt') },
    };
    const saved = (await api('POST', '/loader/save', body)).json();
    expect((await api('POST', `/loader/process/${saved.id}`, { ...body, id: saved.id })).statusCode).toBe(
      200,
    );

    const failed = await api('POST', `/loader/process/${saved.id}`, {
      ...body,
      id: saved.id,
      loaderConfig: { txtFile: dataUri('Version two of the notes.', 'b.txt') },
      splitterId: 'characterTextSplitter',
      splitterConfig: { chunkSize: 5, chunkOverlap: 10 },
    });
    expect(failed.statusCode).toBe(400);
    const files = await server.database.db
      .selectFrom('stored_file')
      .select('name')
      .where('scope', '=', `docstore:${storeId}/${saved.id}`)
      .execute();
    expect(files.map((f) => f.name)).toEqual(['a.txt']);

    // The same name uploaded again with a failing setting: the bytes of before come back.
    const sameName = await api('POST', `/loader/process/${saved.id}`, {
      ...body,
      id: saved.id,
      loaderConfig: { txtFile: dataUri('Version three of the notes.', 'a.txt') },
      splitterId: 'characterTextSplitter',
      splitterConfig: { chunkSize: 5, chunkOverlap: 10 },
    });
    expect(sameName.statusCode).toBe(400);

    // Processed again as saved: the file of before is still there to read.
    const again = await api('POST', `/loader/process/${saved.id}?storeId=${storeId}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().chunks[0].pageContent).toBe('Version one of the notes.');
  });

  it('the upsert API copies a file loader with its files into a new loader', async () => {
    const storeId = await store('Copies');
    const body = {
      storeId,
      loaderId: 'textFile',
      loaderConfig: { txtFile: dataUri('Maps show roads and rivers.', 'maps.txt') },
    };
    const saved = (await api('POST', '/loader/save', body)).json();
    await api('POST', `/loader/process/${saved.id}`, { ...body, id: saved.id });
    const copied = await api('POST', `/upsert/${storeId}`, {
      docId: saved.id,
      embedding: {
        name: 'openAIEmbeddings',
        config: { modelName: 'text-embedding-3-small', credential: await credential },
      },
      vectorStore: { name: 'embeddedVectorStore', config: {} },
    });
    expect(copied.statusCode).toBe(200);
    const copyId = copied.json().docId as string;
    expect(copyId).not.toBe(saved.id);
    const page = (await api('GET', `/chunks/${storeId}/${copyId}/1`)).json();
    expect(page.chunks[0].pageContent).toBe('Maps show roads and rivers.');
    // Deleting the original loader leaves the copy's file.
    await api('DELETE', `/loader/${storeId}/${saved.id}`);
    expect((await api('POST', `/loader/process/${copyId}?storeId=${storeId}`)).statusCode).toBe(200);
  });

  it('a failed upsert API call leaves no new loader or store, and a replaced loader keeps its settings', async () => {
    const storeId = await store('Atomic');
    const embedding = {
      name: 'openAIEmbeddings',
      config: { modelName: 'text-embedding-3-small', credential: await credential },
    };
    const first = await api('POST', `/upsert/${storeId}`, {
      loader: { name: 'plainText', config: { text: 'Clocks tell the time of day.' } },
      embedding,
      vectorStore: { name: 'embeddedVectorStore', config: {} },
    });
    expect(first.statusCode).toBe(200);
    const docId = first.json().docId as string;
    const badSplitter = { name: 'characterTextSplitter', config: { chunkSize: 5, chunkOverlap: 10 } };
    const stores = async () =>
      (await server.database.db.selectFrom('document_store').select('id').execute()).length;
    const before = await stores();

    const failedNew = await api('POST', `/upsert/${storeId}`, {
      loader: { name: 'plainText', config: { text: 'Never kept.' } },
      splitter: badSplitter,
    });
    expect(failedNew.statusCode).toBe(400);
    const failedStore = await api('POST', `/upsert/${storeId}`, {
      createNewDocStore: true,
      loader: { name: 'plainText', config: { text: 'Never kept.' } },
      splitter: badSplitter,
      embedding,
      vectorStore: { name: 'embeddedVectorStore', config: {} },
    });
    expect(failedStore.statusCode).toBe(400);
    expect(await stores()).toBe(before);

    const failedReplace = await api('POST', `/upsert/${storeId}`, {
      docId,
      replaceExisting: true,
      loader: { name: 'plainText', config: { text: 'Not the new text.' } },
      splitter: badSplitter,
    });
    expect(failedReplace.statusCode).toBe(400);
    const kept = (await api('GET', `/store/${storeId}`)).json();
    expect(kept.loaders).toHaveLength(1);
    expect(kept.loaders[0]).toMatchObject({
      id: docId,
      loaderConfig: { text: 'Clocks tell the time of day.' },
    });
    expect(kept.loaders[0].splitterId).toBeUndefined();
  });

  it('a loader deleted takes its vectors from a shared collection; another store’s loader is not found', async () => {
    const shared = { collectionName: 'loader-shared', topK: 10 };
    const mine = await filledStore('Mine', 'Lanterns glow in the dark harbour.', shared);
    const theirs = await filledStore('Theirs', 'Pebbles line the shallow stream.', shared);
    const theirLoader = (await api('GET', `/store/${theirs}`)).json().loaders[0].id as string;
    const wrong = await api('DELETE', `/vectorstore/${mine}?docId=${theirLoader}`);
    expect(wrong.statusCode).toBe(404);
    const myLoader = (await api('GET', `/store/${mine}`)).json().loaders[0].id as string;
    expect((await api('DELETE', `/loader/${mine}/${myLoader}`)).statusCode).toBe(200);
    expect(await texts(theirs, 'lanterns harbour')).toEqual(['Pebbles line the shallow stream.']);
  });

  it('the upsert API needs both of its permissions, and a new store documentStores:create', async () => {
    const storeId = await store('Guarded');
    await key('processor', ['documentStores:preview-process']);
    await key('upserter', ['documentStores:preview-process', 'documentStores:upsert-config']);
    const body = {
      loader: { name: 'plainText', config: { text: 'Kites fly on windy days.' } },
      embedding: { name: 'openAIEmbeddings', config: { modelName: 'text-embedding-3-small' } },
      vectorStore: { name: 'embeddedVectorStore', config: {} },
    };
    const processor = await withKey('processor', 'POST', `/upsert/${storeId}`, body);
    expect(processor.statusCode).toBe(403);
    expect(processor.json().message).toMatch(/documentStores:upsert-config/);

    const count = async () =>
      (await server.database.db.selectFrom('document_store').select('id').execute()).length;
    const before = await count();
    const creator = await withKey('upserter', 'POST', `/upsert/${storeId}`, {
      ...body,
      createNewDocStore: true,
    });
    expect(creator.statusCode).toBe(403);
    expect(creator.json().message).toMatch(/documentStores:create/);
    // Bad settings are refused before a new store is made.
    const unknown = await api('POST', `/upsert/${storeId}`, {
      ...body,
      createNewDocStore: true,
      loader: { name: 'noSuchLoader' },
    });
    expect(unknown.statusCode).toBe(400);
    const noCredential = await api('POST', `/upsert/${storeId}`, {
      ...body,
      createNewDocStore: true,
      embedding: { name: 'openAIEmbeddings', config: { credential: '00000000-0000-4000-8000-00000000beef' } },
    });
    expect(noCredential.statusCode).toBe(404);
    expect(await count()).toBe(before);
    const refresh = await api('POST', `/refresh/${storeId}`, {
      items: [{ ...body, createNewDocStore: true }],
    });
    expect(refresh.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('a store’s settings are checked wherever they are saved', async () => {
    const storeId = await store('Checked');
    const put = (payload: object) => api('PUT', `/store/${storeId}`, payload);
    const unknown = await put({ vectorStoreConfig: JSON.stringify({ name: 'noSuchStore', config: {} }) });
    expect(unknown.statusCode).toBe(400);
    const notJson = await put({ embeddingConfig: '{"name":' });
    expect(notJson.statusCode).toBe(400);
    const nullConfig = await put({
      vectorStoreConfig: JSON.stringify({ name: 'embeddedVectorStore', config: null }),
    });
    expect(nullConfig.statusCode).toBe(400);
    const foreign = await put({
      embeddingConfig: JSON.stringify({
        name: 'openAIEmbeddings',
        config: { credential: '00000000-0000-4000-8000-00000000beef' },
      }),
    });
    expect(foreign.statusCode).toBe(404);
    await key('renamer', ['documentStores:update']);
    const renamer = await withKey('renamer', 'PUT', `/store/${storeId}`, {
      vectorStoreConfig: JSON.stringify({ name: 'embeddedVectorStore', config: {} }),
    });
    expect(renamer.statusCode).toBe(403);
    expect((await withKey('renamer', 'PUT', `/store/${storeId}`, { name: 'Renamed' })).statusCode).toBe(200);
    const row = (await api('GET', `/store/${storeId}`)).json();
    expect(row).toMatchObject({ name: 'Renamed', vectorStoreConfig: null, embeddingConfig: null });
  });

  it('the upsert history refuses a date that is not one', async () => {
    const storeId = await store('Dated');
    const bad = await owner.request('GET', `/api/v1/upsert-history/${storeId}?startDate=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/startDate must be a date/);
    const good = await owner.request(
      'GET',
      `/api/v1/upsert-history/${storeId}?startDate=2026-01-01&endDate=2099-01-01`,
    );
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual([]);
  });
});
