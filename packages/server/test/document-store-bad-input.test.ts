import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUri, ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Bad input to the document-store API (issue 12): each answer is a 4xx with a reason a person can
 * act on, and nothing is left half-written.
 */
describe('document stores refuse bad input clearly', () => {
  let server: TestServer;
  let owner: Session;
  let site: Server;
  let siteUrl: string;
  let storeId: string;

  beforeAll(async () => {
    // No FLOWLOOM_HTTP_ALLOW: addresses on this machine are private to flows.
    server = await startTestServer({ env: { FLOWLOOM_FILE_SIZE_LIMIT_MB: '1' } });
    owner = await ownerSession(server.app);
    site = createServer((_request, response) =>
      response.end('<html><body>secret intranet page</body></html>'),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    storeId = (await owner.request('POST', '/api/v1/document-store/store', { name: 'Bad input' })).json().id;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => site.close(resolve));
  });

  const preview = (loaderId: string, loaderConfig: Record<string, unknown>) =>
    owner.request('POST', '/api/v1/document-store/loader/preview', { storeId, loaderId, loaderConfig });

  it('a corrupt PDF', async () => {
    const response = await preview('pdfFile', {
      pdfFile: dataUri('%PDF-1.4 not really a pdf', 'broken.pdf', 'application/pdf'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/broken\.pdf is not a readable PDF/);
  });

  it('a DOCX that expands past the limit', async () => {
    // Highly compressible: a few kilobytes that unpack to more than the 200 MB cap.
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(210 * 1024 * 1024) }, { level: 9 });
    const response = await preview('docxFile', {
      docxFile: dataUri(Buffer.from(bomb), 'bomb.docx', 'application/octet-stream'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/bomb\.docx expands to more than \d+ MB when unpacked/);
  });

  it('a file over the size limit, before it is read or stored', async () => {
    const big = Buffer.alloc(1.5 * 1024 * 1024, 'a');
    const previewed = await preview('textFile', { txtFile: dataUri(big, 'big.txt', 'text/plain') });
    expect(previewed.statusCode).toBe(413);
    expect(previewed.json().message).toBe('big.txt is 1.5 MB; files up to 1 MB can be uploaded');
    const saved = await owner.request('POST', '/api/v1/document-store/loader/save', {
      storeId,
      loaderId: 'textFile',
      loaderConfig: { txtFile: dataUri(big, 'big.txt', 'text/plain') },
    });
    expect(saved.statusCode).toBe(413);
    expect((await owner.request('GET', `/api/v1/document-store/store/${storeId}`)).json().loaders).toEqual(
      [],
    );
  });

  it('an empty file, and an unsupported type', async () => {
    const empty = await preview('textFile', { txtFile: dataUri('', 'empty.txt', 'text/plain') });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('empty.txt is empty');
    const image = await preview('fileLoader', { file: dataUri('GIF89a....', 'photo.gif', 'image/gif') });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toMatch(/File Loader cannot read \.gif files/);
  });

  it('a web page at a private address', async () => {
    const response = await preview('cheerioWebScraper', { url: siteUrl, relativeLinksMethod: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/FLOWLOOM_HTTP_ALLOW/);
    expect(response.json().message).not.toContain('secret intranet page');
    const links = await owner.request(
      'GET',
      `/api/v1/fetch-links?url=${encodeURIComponent(siteUrl)}&relativeLinksMethod=webCrawl&limit=5`,
    );
    expect(links.statusCode).toBe(400);
    expect(links.json().message).toMatch(/FLOWLOOM_HTTP_ALLOW/);
  });

  it('a processing failure keeps the chunks of before and shows the reason on the loader', async () => {
    const body = { storeId, loaderId: 'plainText', loaderConfig: { text: 'first version of the text' } };
    const saved = (await owner.request('POST', '/api/v1/document-store/loader/save', body)).json();
    const processed = await owner.request('POST', `/api/v1/document-store/loader/process/${saved.id}`, {
      ...body,
      id: saved.id,
    });
    expect(processed.json().count).toBe(1);
    const broken = {
      ...body,
      id: saved.id,
      splitterId: 'characterTextSplitter',
      splitterConfig: { chunkSize: 5, chunkOverlap: 10 },
    };
    const failed = await owner.request('POST', `/api/v1/document-store/loader/process/${saved.id}`, broken);
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toMatch(/Chunk Overlap \(10\) must be smaller than Chunk Size \(5\)/);
    const store = (await owner.request('GET', `/api/v1/document-store/store/${storeId}`)).json();
    const loader = store.loaders.find((l: { id: string }) => l.id === saved.id);
    expect(loader).toMatchObject({ status: 'SYNC', totalChunks: 1 });
    expect(loader.error).toMatch(/Chunk Overlap/);
    const chunks = (
      await owner.request('GET', `/api/v1/document-store/chunks/${storeId}/${saved.id}/1`)
    ).json();
    expect(chunks.chunks[0].pageContent).toBe('first version of the text');
  });

  it('a loader saved with a splitter config it refuses is not saved, and the store is unchanged', async () => {
    const before = (await owner.request('GET', `/api/v1/document-store/store/${storeId}`)).json();
    const saved = await owner.request('POST', '/api/v1/document-store/loader/save', {
      storeId,
      loaderId: 'plainText',
      loaderConfig: { text: 'some text' },
      splitterId: 'recursiveCharacterTextSplitter',
      splitterConfig: { chunkSize: 0 },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().message).toMatch(/Chunk Size must be at least 1 \(it is 0\)/);
    const after = (await owner.request('GET', `/api/v1/document-store/store/${storeId}`)).json();
    expect(after.loaders).toEqual(before.loaders);
    expect(after.status).toBe(before.status);
  });

  it('another workspace’s store is not found, and a viewer cannot change one', async () => {
    const other = await owner.request(
      'GET',
      '/api/v1/document-store/store/00000000-0000-4000-8000-00000000dead',
    );
    expect(other.statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/document-store/store' })).statusCode).toBe(
      401,
    );
  });
});
