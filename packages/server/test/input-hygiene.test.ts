import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Issue 10, finding 11: text no database keeps as sent, bodies nested deep enough to overflow a
 * recursive validator, and flow data later readers cannot use are all refused with a clear 400 when
 * saved, never stored to fail later with a 500.
 */
describe('input hygiene', () => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer();
    owner = await ownerSession(server.app);
  });
  afterAll(() => server.close());

  /** Sends raw JSON text (lone surrogates survive only as escapes in the text). */
  const postRaw = (url: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { cookie: owner.cookie, 'x-request-from': 'internal', 'content-type': 'application/json' },
      payload,
    });
  const message = (response: { json(): unknown }) => (response.json() as { message: string }).message;

  it('refuses names with a NUL byte, a lone surrogate or a line break', async () => {
    const nul = await owner.request('POST', '/api/v1/chatflows', { name: 'a\u0000b', type: 'CHATFLOW' });
    expect(nul.statusCode).toBe(400);
    expect(message(nul)).toBe('Field name contains a NUL character');
    const surrogate = await postRaw('/api/v1/chatflows', '{"name":"a\\ud800b","type":"CHATFLOW"}');
    expect(surrogate.statusCode).toBe(400);
    expect(message(surrogate)).toBe('Field name contains half of a surrogate pair (not a character)');
    const broken = await owner.request('POST', '/api/v1/apikey', { keyName: 'two\nlines' });
    expect(broken.statusCode).toBe(400);
    expect(message(broken)).toBe('Key name must not contain control characters or line breaks');
    // Whole pairs are characters like any other.
    const emoji = await owner.request('POST', '/api/v1/chatflows', { name: 'Support 😀', type: 'CHATFLOW' });
    expect(emoji.statusCode).toBe(201);
  });

  it('refuses chatbotConfig nested 10,000 deep, as an object or as JSON text', async () => {
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const asObject = await postRaw(
      '/api/v1/chatflows',
      `{"name":"x","type":"CHATFLOW","chatbotConfig":${deep}}`,
    );
    expect(asObject.statusCode).toBe(400);
    expect(message(asObject)).toBe('Field chatbotConfig nests deeper than 64 levels');
    const asText = await owner.request('POST', '/api/v1/chatflows', {
      name: 'x',
      type: 'CHATFLOW',
      chatbotConfig: deep,
    });
    expect(asText.statusCode).toBe(400);
    expect(message(asText)).toBe('chatbotConfig nests deeper than 64 levels');
  });

  it('refuses flow data whose nodes or edges are not nodes and edges', async () => {
    const save = (flowData: string) =>
      owner.request('POST', '/api/v1/chatflows', { name: 'x', type: 'CHATFLOW', flowData });
    const cases: [string, string][] = [
      [
        '{"nodes":[1,"x",null,[]],"edges":[null,5]}',
        'flowData nodes[0] must be an object with a text "id" and a "data" object',
      ],
      [
        '{"nodes":[],"edges":[null,5]}',
        'flowData edges[0] must be an object with text "source" and "target"',
      ],
      [
        '{"nodes":[{"id":"a","data":{}},{"id":"a","data":{}}],"edges":[]}',
        'flowData has two nodes with the id "a"',
      ],
      [
        '{"nodes":' + '['.repeat(100) + ']'.repeat(100) + ',"edges":[]}',
        'flowData nests deeper than 64 levels',
      ],
    ];
    for (const [flowData, expected] of cases) {
      const response = await save(flowData);
      expect(response.statusCode, flowData.slice(0, 40)).toBe(400);
      expect(message(response)).toBe(expected);
    }
  });

  it('answers 400, not 500, when a flow stored before these checks is run', async () => {
    const created = await owner.request('POST', '/api/v1/chatflows', { name: 'old', type: 'CHATFLOW' });
    const id = created.json<{ id: string }>().id;
    await server.database.db
      .updateTable('chat_flow')
      .set({ flowData: '{"nodes":[1,"x",null,[]],"edges":[null,5]}' })
      .where('id', '=', id)
      .execute();
    const run = await owner.request('POST', `/api/v1/prediction/${id}`, { question: 'hi' });
    expect(run.statusCode).toBe(400);
    expect(message(run)).toBe(
      'The flow data of this chatflow is damaged: flowData nodes[0] must be an object with a text "id" and a "data" object',
    );
  });

  it('refuses a question with a NUL and a history nested past the limit on the public run API', async () => {
    const created = await owner.request('POST', '/api/v1/chatflows', { name: 'p', type: 'CHATFLOW' });
    const id = created.json<{ id: string }>().id;
    const nul = await server.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${id}`,
      payload: { question: 'hi\u0000' },
    });
    expect(nul.statusCode).toBe(400);
    expect(message(nul)).toBe('Field question contains a NUL character');
    const deep = await server.app.inject({
      method: 'POST',
      url: `/api/v1/prediction/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"question":"hi","overrideConfig":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(message(deep)).toBe('Field overrideConfig nests deeper than 64 levels');
  });
});
