import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import {
  dataUri,
  ENGINES,
  ownerSession,
  openAiCredential,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

const TEXT = [
  'Apples are red fruit that grow on apple trees in orchards.',
  'Bananas are long yellow fruit from tropical plants.',
  'Cars drive on roads and need fuel or electricity to run.',
  'Trains run on rails between cities and carry many people.',
].join('\n\n');

describe.each(ENGINES)('document stores through the HTTP API (%s)', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let credential: string;
  let storeId: string;
  let loaderId: string;

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ engine, env: { OPENAI_BASE_URL: llm.openAiBaseUrl } });
    owner = await ownerSession(server.app);
    credential = await openAiCredential(owner);
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });

  const api = (method: string, path: string, body?: unknown) =>
    owner.request(method, `/api/v1/document-store${path}`, body);
  const loader = (extra: Record<string, unknown> = {}) => ({
    storeId,
    loaderId: 'plainText',
    loaderName: 'Facts',
    loaderConfig: { text: TEXT, metadata: '{"source":"facts"}' },
    splitterId: 'recursiveCharacterTextSplitter',
    splitterName: 'Recursive Character Text Splitter',
    splitterConfig: { chunkSize: 70, chunkOverlap: 0 },
    ...extra,
  });
  const vectorConfig = {
    embeddingName: 'openAIEmbeddings',
    embeddingConfig: { modelName: 'text-embedding-3-small', credential: '' },
    vectorStoreName: 'embeddedVectorStore',
    vectorStoreConfig: { topK: 2 },
    recordManagerName: 'SQLiteRecordManager',
    recordManagerConfig: { cleanup: 'full' },
  };

  it('creates a store, EMPTY, and lists it', async () => {
    const created = await api('POST', '/store', { name: 'Knowledge', description: 'Facts about things' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Knowledge', status: 'EMPTY', loaders: '[]' });
    storeId = created.json().id;
    const list = await api('GET', '/store');
    expect(list.json()).toEqual([
      expect.objectContaining({ id: storeId, status: 'EMPTY', totalChunks: 0, loaders: [] }),
    ]);
    const page = await api('GET', '/store?page=1&limit=10');
    expect(page.json()).toMatchObject({ total: 1, data: [{ id: storeId }] });
  });

  it('previews chunks without saving anything', async () => {
    const response = await api('POST', '/loader/preview', { ...loader(), previewChunkCount: 2 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.totalChunks).toBe(4);
    expect(body.previewChunkCount).toBe(2);
    expect(body.chunks[0]).toEqual({
      pageContent: expect.stringContaining('Apples'),
      metadata: { source: 'facts' },
    });
    expect((await api('GET', `/store/${storeId}`)).json().loaders).toEqual([]);
  });

  it('saves a loader (store STALE until processed), processes it and pages its chunks', async () => {
    const saved = await api('POST', '/loader/save', loader());
    expect(saved.statusCode).toBe(200);
    loaderId = saved.json().id;
    expect(saved.json()).toMatchObject({
      loaderId: 'plainText',
      loaderName: 'Facts',
      status: 'SYNCING',
      source: 'None',
    });
    expect((await api('GET', `/store/${storeId}`)).json().status).toBe('STALE');

    const processed = await api('POST', `/loader/process/${loaderId}`, { ...loader(), id: loaderId });
    expect(processed.statusCode).toBe(200);
    expect(processed.json()).toMatchObject({
      count: 4,
      currentPage: 1,
      storeName: 'Knowledge',
      docId: loaderId,
    });
    expect(processed.json().chunks.map((c: { chunkNo: number }) => c.chunkNo)).toEqual([1, 2, 3, 4]);
    const store = (await api('GET', `/store/${storeId}`)).json();
    expect(store).toMatchObject({ status: 'SYNC', totalChunks: 4 });
    expect(store.loaders[0]).toMatchObject({ status: 'SYNC', totalChunks: 4 });
    expect(store.totalChars).toBeGreaterThan(100);
    const all = (await api('GET', `/chunks/${storeId}/all/1`)).json();
    expect(all.count).toBe(4);
    expect(all.file).toBeUndefined();
  });

  it('keeps files uploaded as data URIs (the web app) in storage, and previews a saved loader from them', async () => {
    const body = {
      storeId,
      loaderId: 'textFile',
      loaderConfig: { txtFile: dataUri('Kites fly high in windy weather.', 'kites.txt') },
    };
    const saved = (await api('POST', '/loader/save', body)).json();
    expect(saved.loaderConfig.txtFile).toBe('FILE-STORAGE::["kites.txt"]');
    expect(saved.files).toEqual([expect.objectContaining({ name: 'kites.txt', size: 32, status: 'NEW' })]);
    const preview = await api('POST', '/loader/preview', {
      ...body,
      id: saved.id,
      loaderConfig: saved.loaderConfig,
    });
    expect(preview.json().chunks[0].pageContent).toBe('Kites fly high in windy weather.');
    const processed = await api('POST', `/loader/process/${saved.id}`, {
      ...body,
      id: saved.id,
      loaderConfig: saved.loaderConfig,
    });
    expect(processed.json().count).toBe(1);
    const deleted = await api('DELETE', `/loader/${storeId}/${saved.id}`);
    expect(deleted.statusCode).toBe(200);
    const files = await server.database.db
      .selectFrom('stored_file')
      .selectAll()
      .where('name', '=', 'kites.txt')
      .execute();
    expect(files).toEqual([]);
  });

  it('edits a chunk (text and metadata) and deletes one, keeping the totals', async () => {
    const page = (await api('GET', `/chunks/${storeId}/${loaderId}/1`)).json();
    const first = page.chunks[0];
    const edited = await api('PUT', `/chunks/${storeId}/${loaderId}/${first.id}`, {
      pageContent: 'Apples are red. Edited by hand.',
      metadata: { source: 'facts', checked: true },
    });
    expect(edited.statusCode).toBe(200);
    const chunk = edited.json().chunks.find((c: { id: string }) => c.id === first.id);
    expect(chunk.pageContent).toBe('Apples are red. Edited by hand.');
    expect(JSON.parse(chunk.metadata)).toEqual({ source: 'facts', checked: true });
    expect(edited.json().characters).toBe(page.characters - first.pageContent.length + 31);
    const bad = await api('PUT', `/chunks/${storeId}/${loaderId}/${first.id}`, {
      pageContent: '',
      metadata: {},
    });
    expect(bad.statusCode).toBe(400);
    const missing = await api('PUT', `/chunks/${storeId}/${loaderId}/nope`, { pageContent: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it("describes the store's contents with the chosen chat model (the Agent knowledge wand)", async () => {
    llm.script({ text: 'Facts about fruit and vehicles; search it for those.' });
    const described = await api('POST', `/generate-tool-desc/${storeId}`, {
      selectedChatModel: {
        name: 'chatOpenAI',
        inputs: { modelName: 'gpt-4o-mini', FLOWISE_CREDENTIAL_ID: credential },
      },
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({ content: 'Facts about fruit and vehicles; search it for those.' });
    const sent = llm.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[1]!.content).toContain('Bananas are long yellow fruit');
    const noModel = await api('POST', `/generate-tool-desc/${storeId}`, {
      selectedChatModel: { name: 'nope' },
    });
    expect(noModel.statusCode).toBe(400);
    expect(noModel.json().message).toBe(
      'Error generating tool description: "nope" is not an available chat model',
    );
  });

  it('upserts into the embedded store, queries it with scores, and skips what is unchanged', async () => {
    const config = { ...vectorConfig, embeddingConfig: { ...vectorConfig.embeddingConfig, credential } };
    const saved = await api('POST', '/vectorstore/save', { storeId, ...config });
    expect(saved.statusCode).toBe(200);
    const inserted = await api('POST', '/vectorstore/insert', { storeId, ...config });
    expect(inserted.statusCode).toBe(200);
    expect(inserted.json()).toMatchObject({ numAdded: 4, numSkipped: 0, totalKeys: 4 });
    expect((await api('GET', `/store/${storeId}`)).json().status).toBe('UPSERTED');

    const query = await api('POST', '/vectorstore/query', { storeId, query: 'yellow bananas' });
    expect(query.statusCode).toBe(200);
    const { docs, timeTaken } = query.json();
    expect(typeof timeTaken).toBe('number');
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({ pageContent: expect.stringContaining('Bananas'), chunkNo: 2 });
    expect(docs[0].metadata).toMatchObject({ source: 'facts', docId: loaderId });
    expect(docs[0].score).toBeGreaterThan(docs[1].score);

    const again = await api('POST', '/vectorstore/insert', { storeId });
    expect(again.json()).toMatchObject({ numAdded: 0, numSkipped: 4 });
    const history = await owner.request('GET', `/api/v1/upsert-history/${storeId}`);
    expect(history.statusCode).toBe(200);
    expect(history.json()).toHaveLength(2);
    expect(history.json()[0].result).toEqual({ numAdded: 4, numDeleted: 0, numUpdated: 0, numSkipped: 0 });
    expect(history.json()[0].flowData.map((n: { name: string }) => n.name)).toEqual([
      'SQLiteRecordManager',
      'embeddedVectorStore',
      'openAIEmbeddings',
    ]);
  });

  it('upserts through the upsert API as JSON (new loader) and as multipart files', async () => {
    const json = await api('POST', `/upsert/${storeId}`, {
      loader: { name: 'plainText', config: { text: 'Rockets fly to space on columns of fire.' } },
      metadata: { source: 'space' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ numAdded: 1, docId: expect.any(String) });

    const form = new FormData();
    form.append(
      'files',
      new Blob(['Boats float on water and sail across seas.'], { type: 'text/plain' }),
      'boats.txt',
    );
    form.append('loader', JSON.stringify({ name: 'textFile' }));
    form.append('replaceExisting', 'false');
    const request = new Request('http://x', { method: 'POST', body: form });
    const multipart = await server.app.inject({
      method: 'POST',
      url: `/api/v1/document-store/upsert/${storeId}`,
      headers: {
        cookie: owner.cookie,
        'x-request-from': 'internal',
        'content-type': request.headers.get('content-type')!,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(multipart.statusCode).toBe(200);
    const docId = multipart.json().docId as string;
    const store = (await api('GET', `/store/${storeId}`)).json();
    const boats = store.loaders.find((l: { id: string }) => l.id === docId);
    expect(boats).toMatchObject({ loaderId: 'textFile', source: 'boats.txt', totalChunks: 1 });
    expect(boats.files).toEqual([expect.objectContaining({ name: 'boats.txt', size: 42 })]);
    const found = (await api('POST', '/vectorstore/query', { storeId, query: 'boats sail seas' })).json();
    expect(found.docs[0].pageContent).toContain('Boats');
  });

  it('refreshes every loader, and deletes one loader with its vectors', async () => {
    const refreshed = await api('POST', `/refresh/${storeId}`);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toHaveLength(3);
    for (const result of refreshed.json()) expect(result.numSkipped).toBeGreaterThan(0);

    const removed = await api('DELETE', `/vectorstore/${storeId}?docId=${loaderId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ numDeleted: 4 });
    const deleted = await api('DELETE', `/loader/${storeId}/${loaderId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().loaders).toHaveLength(2);
    const query = (
      await api('POST', '/vectorstore/query', { storeId, query: 'yellow bananas', inputs: { topK: 5 } })
    ).json();
    expect(query.docs.map((d: { pageContent: string }) => d.pageContent).join(' ')).not.toContain('Bananas');
  });

  it('answers clear 4xx errors for bad input', async () => {
    expect((await api('GET', '/store/nope')).statusCode).toBe(404);
    expect((await api('POST', '/store', { name: '' })).statusCode).toBe(400);
    const unknown = await api('POST', '/loader/preview', loader({ loaderId: 'nope' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('"nope" is not an available document loader');
    const badSplit = await api(
      'POST',
      '/loader/preview',
      loader({ splitterConfig: { chunkSize: 10, chunkOverlap: 20 } }),
    );
    expect(badSplit.statusCode).toBe(400);
    expect(badSplit.json().message).toMatch(/Chunk Overlap \(20\) must be smaller than Chunk Size \(10\)/);
    const noLoader = await api('POST', `/upsert/${storeId}`, {
      docId: '00000000-0000-4000-8000-000000000000',
    });
    expect(noLoader.statusCode).toBe(404);
    const badMeta = await api('POST', `/upsert/${storeId}`, { metadata: '{oops' });
    expect(badMeta.statusCode).toBe(400);
    expect(badMeta.json().message).toContain('Invalid metadata');
    const noStore = await owner.request('POST', '/api/v1/document-store/upsert/');
    expect(noStore.statusCode).toBe(412);
  });

  it('keeps the vectors of before when the embeddings provider fails mid-upsert, and a retry finishes', async () => {
    const created = await api('POST', '/store', { name: 'Fragile' });
    const id = created.json().id as string;
    const body = {
      storeId: id,
      loaderId: 'plainText',
      loaderConfig: { text: 'one alpha\n\ntwo beta\n\nthree gamma' },
      splitterId: 'characterTextSplitter',
      splitterConfig: { chunkSize: 12, chunkOverlap: 0, separator: '\n\n' },
    };
    const saved = (await api('POST', '/loader/save', body)).json();
    await api('POST', `/loader/process/${saved.id}`, { ...body, id: saved.id });
    const config = {
      storeId: id,
      ...vectorConfig,
      embeddingConfig: { modelName: 'text-embedding-3-small', credential },
      recordManagerName: '',
      recordManagerConfig: null,
    };
    // The provider fails every attempt of the first upsert (the request and its three retries).
    const down = { error: { status: 500, message: 'provider down' }, retryAfterMs: 0 };
    llm.scriptEmbeddings(down, down, down, down);
    const failed = await api('POST', '/vectorstore/insert', config);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/OpenAI embeddings \(text-embedding-3-small\) failed/);
    const store = (await api('GET', `/store/${id}`)).json();
    expect(store.status).toBe('SYNC');
    expect(store.upsertError).toMatch(/provider down/);
    expect((await api('POST', '/vectorstore/query', { storeId: id, query: 'alpha' })).json().docs).toEqual(
      [],
    );
    const retried = await api('POST', '/vectorstore/insert', config);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().numAdded).toBe(3);
    const after = (await api('GET', `/store/${id}`)).json();
    expect(after.status).toBe('UPSERTED');
    expect(after.upsertError).toBeUndefined();
    expect(
      (await api('POST', '/vectorstore/query', { storeId: id, query: 'alpha' })).json().docs[0].pageContent,
    ).toBe('one alpha');
  });

  it('deletes a store with its chunks, files and embedded vectors', async () => {
    const deleted = await api('DELETE', `/store/${storeId}`);
    expect(deleted.json()).toEqual({ deleted: 1 });
    expect((await api('GET', `/store/${storeId}`)).statusCode).toBe(404);
    const left = await server.database.db
      .selectFrom('document_store_file_chunk')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('storeId', '=', storeId)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const collections = await server.database.db.selectFrom('vector_collection').select('name').execute();
    expect(collections.map((c) => c.name)).not.toContain(storeId);
    const files = await server.database.db.selectFrom('stored_file').selectAll().execute();
    expect(files.filter((f) => f.scope.startsWith(`docstore:${storeId}`))).toEqual([]);
  });
});
