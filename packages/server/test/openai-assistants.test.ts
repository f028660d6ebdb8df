import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import {
  ENGINES,
  moveToAnotherWorkspace,
  openAiCredential,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';
import { parseSse } from './flowise-templates.js';

/** Files as a browser form sends them (field `files`). */
async function filesForm(files: { name: string; text: string }[]) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.text], { type: 'text/plain' }), file.name);
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

/** A chatflow: the OpenAI Assistant node with the calculator connected (Flowise's JSON shape). */
function assistantFlow(assistantId: string, inputs: Record<string, unknown> = {}) {
  const node = (id: string, name: string, category: string, nodeInputs: Record<string, unknown>) => ({
    id,
    type: 'customNode',
    position: { x: 0, y: 0 },
    data: {
      id,
      name,
      label: name,
      category,
      version: name === 'openAIAssistant' ? 4 : 1,
      type: name,
      baseClasses: [],
      inputParams: [],
      inputAnchors: [],
      inputs: nodeInputs,
      outputAnchors: [],
      outputs: {},
    },
  });
  return JSON.stringify({
    nodes: [
      node('calculator_0', 'calculator', 'Tools', {}),
      node('openAIAssistant_0', 'openAIAssistant', 'Agents', {
        selectedAssistant: assistantId,
        tools: ['{{calculator_0.data.instance}}'],
        ...inputs,
      }),
    ],
    edges: [
      {
        id: 'e1',
        source: 'calculator_0',
        target: 'openAIAssistant_0',
        sourceHandle: 'calculator_0-output-calculator-Calculator|Tool',
        targetHandle: 'openAIAssistant_0-input-tools-Tool',
      },
    ],
  });
}

/**
 * OpenAI and Azure assistants (issue 14): the assistant, its files and vector store at OpenAI (the
 * scripted server's Assistants API), kept here as an `assistant` row, run by the OpenAI Assistant node
 * of a chatflow through `/prediction/:id`.
 */
describe.each(ENGINES)('OpenAI assistants (%s)', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let openAI: string;
  let azure: string;

  const upload = async (url: string, files: { name: string; text: string }[]) => {
    const form = await filesForm(files);
    return server.app.inject({
      method: 'POST',
      url,
      headers: { cookie: owner.cookie, 'x-request-from': 'internal', 'content-type': form.contentType },
      payload: form.payload,
    });
  };
  const predict = (flowId: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${flowId}`, payload: body });

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({
      engine,
      env: { OPENAI_BASE_URL: llm.openAiBaseUrl, FLOWLOOM_HTTP_ALLOW: '127.0.0.1' },
    });
    owner = await ownerSession(server.app);
    openAI = await openAiCredential(owner);
    azure = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'Azure',
        credentialName: 'azureOpenAIApi',
        plainDataObj: {
          azureOpenAIApiKey: 'az-key',
          azureOpenAIApiInstanceName: 'shop',
          azureOpenAIApiDeploymentName: 'gpt-4o',
          azureOpenAIApiVersion: '2024-10-21',
          baseUrl: `${llm.url}/openai`,
        },
      })
    ).json<{ id: string }>().id;
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  it('builds an assistant with code interpreter files and a vector store, edits, loads and deletes it', async () => {
    const codeFiles = await upload(`/api/v1/openai-assistants-file/upload?credential=${openAI}`, [
      { name: 'sales.csv', text: 'month,total\nJan,10\n' },
    ]);
    expect(codeFiles.statusCode, codeFiles.body).toBe(200);
    const [codeFile] = codeFiles.json<{ id: string; filename: string; purpose: string }[]>();
    expect(codeFile).toMatchObject({ filename: 'sales.csv', purpose: 'assistants' });

    const stores = '/api/v1/openai-assistants-vector-store';
    const store = await owner.request('POST', `${stores}?credential=${openAI}`, {
      name: 'Manuals',
      expires_after: { anchor: 'last_active_at', days: 7 },
    });
    expect(store.statusCode, store.body).toBe(200);
    const storeId = store.json<{ id: string }>().id;
    const indexed = await upload(`${stores}/${storeId}?credential=${openAI}`, [
      { name: 'manual.txt', text: 'Press the red button to start.' },
      { name: 'faq.txt', text: 'Returns within 30 days.' },
    ]);
    expect(indexed.statusCode, indexed.body).toBe(200);
    const manualFiles = indexed.json<{ id: string; filename: string }[]>();
    expect(manualFiles.map((f) => f.filename)).toEqual(['manual.txt', 'faq.txt']);
    const listed = await owner.request('GET', `${stores}?credential=${openAI}`);
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: storeId,
        name: 'Manuals',
        file_counts: expect.objectContaining({ total: 2 }),
      }),
    ]);
    const renamed = await owner.request('PUT', `${stores}/${storeId}?credential=${openAI}`, {
      name: 'Handbooks',
    });
    // Only what the body names changes: the expiry stays until it is cleared with null.
    expect(renamed.json()).toMatchObject({ name: 'Handbooks', expires_after: { days: 7 } });
    const noExpiry = await owner.request('PUT', `${stores}/${storeId}?credential=${openAI}`, {
      expires_after: null,
    });
    expect(noExpiry.json()).toMatchObject({ name: 'Handbooks', expires_after: null });
    expect(renamed.json().files.map((f: { filename: string }) => f.filename)).toEqual([
      'manual.txt',
      'faq.txt',
    ]);
    const removed = await owner.request('PATCH', `${stores}/${storeId}?credential=${openAI}`, {
      file_ids: [manualFiles[1]!.id],
    });
    expect(removed.json()).toEqual({ deletedFileIds: [manualFiles[1]!.id], count: 1 });

    const details = {
      name: 'Support bot',
      description: 'Answers from the manuals',
      model: 'gpt-4o',
      instructions: 'Be helpful.',
      temperature: 0.5,
      top_p: 1,
      tools: ['code_interpreter', 'file_search'],
      tool_resources: {
        code_interpreter: { file_ids: [codeFile!.id], files: [codeFile] },
        file_search: { vector_store_ids: [storeId], files: [manualFiles[0]] },
      },
    };
    const created = await owner.request('POST', '/api/v1/assistants', {
      type: 'OPENAI',
      credential: openAI,
      iconSrc: 'https://example.com/bot.svg',
      details: JSON.stringify(details),
    });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json<{ id: string; details: string; type: string }>();
    const saved = JSON.parse(row.details) as typeof details & { id: string };
    expect(row.type).toBe('OPENAI');
    expect(saved.id).toMatch(/^asst_/);
    // The file lists the dialog shows stay here; OpenAI got the ids only.
    expect(saved.tool_resources.file_search.files).toEqual([manualFiles[0]]);
    const sentToOpenAI = llm.requests.find((r) => r.method === 'POST' && r.path === '/v1/assistants')!.body;
    expect(sentToOpenAI).toMatchObject({
      model: 'gpt-4o',
      tools: [{ type: 'code_interpreter' }, { type: 'file_search' }],
      tool_resources: {
        code_interpreter: { file_ids: [codeFile!.id] },
        file_search: { vector_store_ids: [storeId] },
      },
    });

    const atOpenAI = await owner.request('GET', `/api/v1/openai-assistants/${saved.id}?credential=${openAI}`);
    expect(atOpenAI.statusCode, atOpenAI.body).toBe(200);
    const remote = atOpenAI.json();
    expect(remote).toMatchObject({ name: 'Support bot', instructions: 'Be helpful.' });
    expect(remote.tool_resources.code_interpreter.files.map((f: { filename: string }) => f.filename)).toEqual(
      ['sales.csv'],
    );
    expect(remote.tool_resources.file_search.vector_store_object).toMatchObject({
      id: storeId,
      name: 'Handbooks',
    });
    expect(remote.tool_resources.file_search.files.map((f: { filename: string }) => f.filename)).toEqual([
      'manual.txt',
    ]);
    const all = await owner.request('GET', `/api/v1/openai-assistants?credential=${openAI}`);
    expect(all.json().map((a: { id: string }) => a.id)).toEqual([saved.id]);

    const edited = await owner.request('PUT', `/api/v1/assistants/${row.id}`, {
      credential: openAI,
      details: JSON.stringify({ ...details, instructions: 'Be brief.', tools: ['file_search'] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(JSON.parse(edited.json<{ details: string }>().details).id).toBe(saved.id);
    const after = (
      await owner.request('GET', `/api/v1/openai-assistants/${saved.id}?credential=${openAI}`)
    ).json();
    expect(after).toMatchObject({ instructions: 'Be brief.', tools: [{ type: 'file_search' }] });

    // "Load": a second row for the same assistant at OpenAI changes it there instead of making another.
    const loaded = await owner.request('POST', '/api/v1/assistants', {
      type: 'OPENAI',
      credential: openAI,
      details: { ...details, id: saved.id, name: 'Support bot (loaded)' },
    });
    expect(loaded.statusCode, loaded.body).toBe(201);
    expect(
      (await owner.request('GET', `/api/v1/openai-assistants?credential=${openAI}`)).json(),
    ).toHaveLength(1);
    expect((await owner.request('GET', '/api/v1/assistants?type=OPENAI')).json()).toHaveLength(2);

    // Deleting only here keeps it at OpenAI; deleting both removes it there.
    expect((await owner.request('DELETE', `/api/v1/assistants/${loaded.json().id}`)).statusCode).toBe(200);
    expect(
      (await owner.request('GET', `/api/v1/openai-assistants?credential=${openAI}`)).json(),
    ).toHaveLength(1);
    const both = await owner.request('DELETE', `/api/v1/assistants/${row.id}?isDeleteBoth=true`);
    expect(both.statusCode, both.body).toBe(200);
    expect((await owner.request('GET', `/api/v1/openai-assistants?credential=${openAI}`)).json()).toEqual([]);
    const gone = await owner.request('GET', `/api/v1/openai-assistants/${saved.id}?credential=${openAI}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toMatch(/^OpenAI could not read the assistant: 404 No assistant found/);
    expect((await owner.request('DELETE', `${stores}/${storeId}?credential=${openAI}`)).json()).toMatchObject(
      {
        deleted: true,
      },
    );
  });

  it('runs the assistant in a chatflow: its thread per chat, tools, streamed answers and the chat’s files', async () => {
    const assistant = await owner.request('POST', '/api/v1/assistants', {
      type: 'OPENAI',
      credential: openAI,
      details: {
        name: 'Math helper',
        model: 'gpt-4o',
        instructions: 'Use the calculator.',
        tools: ['file_search'],
      },
    });
    expect(assistant.statusCode, assistant.body).toBe(201);
    const assistantId = assistant.json<{ id: string }>().id;
    const options = await owner.request('POST', '/api/v1/node-load-method/openAIAssistant', {
      loadMethod: 'listAssistants',
    });
    expect(options.json()).toEqual([
      { label: 'Math helper', name: assistantId, description: 'Use the calculator.' },
    ]);

    const flow = await owner.request('POST', '/api/v1/chatflows', {
      name: 'Assistant flow',
      type: 'CHATFLOW',
      flowData: assistantFlow(assistantId),
    });
    const flowId = flow.json<{ id: string }>().id;

    llm.script({ toolCalls: [{ name: 'calculator', arguments: { input: '6*7' } }] });
    const first = await predict(flowId, { question: 'What is 6 times 7?', chatId: 'chat-a' });
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json();
    expect(answer).toMatchObject({
      text: 'The tool said 42',
      chatId: 'chat-a',
      sessionId: expect.stringMatching(/^thread_/),
      usedTools: [{ tool: 'calculator', toolInput: { input: '6*7' }, toolOutput: '42' }],
    });
    const second = await predict(flowId, { question: 'Thanks', chatId: 'chat-a' });
    expect(second.json().sessionId).toBe(answer.sessionId);

    const streamed = await predict(flowId, {
      question: '[[reply:Here is the chart]] [[image]]',
      chatId: 'chat-b',
      streaming: true,
    });
    const events = parseSse(streamed.body);
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['start', 'token', 'artifacts', 'metadata', 'end']),
    );
    expect(
      events
        .filter((e) => e.event === 'token')
        .map((e) => e.data)
        .join(''),
    ).toBe('Here is the chart');
    expect(events.find((e) => e.event === 'artifacts')!.data).toEqual([
      { type: 'png', data: 'FILE-STORAGE::chart.png' },
    ]);
    const metadata = events.find((e) => e.event === 'metadata')!.data as { sessionId: string };
    expect(metadata.sessionId).toMatch(/^thread_/);
    expect(metadata.sessionId).not.toBe(answer.sessionId);

    // The picture is served to the chat (in place), and kept with the stored message.
    const picture = await server.app.inject({
      method: 'GET',
      url: `/api/v1/get-upload-file?chatflowId=${flowId}&chatId=chat-b&fileName=chart.png`,
    });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.headers['content-disposition']).toMatch(/^inline; filename="chart.png"/);
    const stored = await owner.request('GET', `/api/v1/chatmessage/${flowId}?chatId=chat-b`);
    const apiMessage = stored.json().find((m: { role: string }) => m.role === 'apiMessage');
    expect(apiMessage).toMatchObject({ sessionId: metadata.sessionId, artifacts: [{ type: 'png' }] });
    // Another chat's id does not open it; clearing the chat removes it.
    const wrongChat = await server.app.inject({
      method: 'GET',
      url: `/api/v1/get-upload-file?chatflowId=${flowId}&chatId=chat-a&fileName=chart.png`,
    });
    expect(wrongChat.statusCode).toBe(404);
    await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?chatId=chat-b&chatType=EXTERNAL`);
    const cleared = await server.app.inject({
      method: 'GET',
      url: `/api/v1/get-upload-file?chatflowId=${flowId}&chatId=chat-b&fileName=chart.png`,
    });
    expect(cleared.statusCode).toBe(404);

    // A file the assistant cites is named; one it writes (the code interpreter's) is downloadable.
    const storeId = (
      await owner.request('POST', `/api/v1/openai-assistants-vector-store?credential=${openAI}`, {
        name: 'Docs',
      })
    ).json<{ id: string }>().id;
    await upload(`/api/v1/openai-assistants-vector-store/${storeId}?credential=${openAI}`, [
      { name: 'policy.txt', text: 'Refunds within 30 days.' },
    ]);
    await owner.request('PUT', `/api/v1/assistants/${assistantId}`, {
      details: {
        name: 'Math helper',
        model: 'gpt-4o',
        tools: ['file_search'],
        tool_resources: { file_search: { vector_store_ids: [storeId] } },
      },
    });
    const cited = await predict(flowId, {
      question: '[[reply:See the policy]] [[cite]] [[file]]',
      chatId: 'chat-c',
    });
    expect(cited.json()).toMatchObject({
      text: 'See the policy result.csv',
      fileAnnotations: [
        { fileName: 'policy.txt', filePath: '' },
        { fileName: 'result.csv', filePath: 'result.csv' },
      ],
    });
    const download = await server.app.inject({
      method: 'POST',
      url: '/api/v1/openai-assistants-file/download',
      payload: { chatflowId: flowId, chatId: 'chat-c', fileName: 'result.csv' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('a,b\n1,2\n');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="result.csv"/);
    // Clearing the session (the viewer's Clear Session sends the thread) takes the chat's files and
    // its thread at OpenAI along.
    const thread = cited.json<{ sessionId: string }>().sessionId;
    await owner.request('DELETE', `/api/v1/chatmessage/${flowId}?sessionId=${thread}`);
    const afterClear = await server.app.inject({
      method: 'POST',
      url: '/api/v1/openai-assistants-file/download',
      payload: { chatflowId: flowId, chatId: 'chat-c', fileName: 'result.csv' },
    });
    expect(afterClear.statusCode).toBe(404);
    await expect
      .poll(
        async () =>
          (
            await fetch(`${llm.openAiBaseUrl}/threads/${thread}`, {
              headers: { authorization: 'Bearer sk-test' },
            })
          ).status,
      )
      .toBe(404);
    const badDownload = await server.app.inject({
      method: 'POST',
      url: '/api/v1/openai-assistants-file/download',
      payload: { chatflowId: flowId, chatId: 'chat-c' },
    });
    expect(badDownload.statusCode).toBe(400);
    expect(badDownload.json().message).toBe('Invalid file path');

    // A run that fails mid-answer ends with OpenAI's reason, naming the node.
    const failed = await predict(flowId, { question: 'Go [[runfail:quota exhausted]]', chatId: 'chat-d' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).toBe(
      'openAIAssistant (openAIAssistant_0): the OpenAI run failed: quota exhausted',
    );
  });

  it('makes Azure assistants with an Azure OpenAI credential, on its resource', async () => {
    const created = await owner.request('POST', '/api/v1/assistants', {
      type: 'AZURE',
      credential: azure,
      details: { name: 'Azure helper', model: 'my-gpt4o-deployment', tools: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = llm.requests.find((r) => r.method === 'POST' && r.path === '/openai/assistants')!;
    expect(request.url).toBe('/openai/assistants?api-version=2025-04-01-preview');
    expect(request.headers['api-key']).toBe('az-key');
    expect((await owner.request('GET', '/api/v1/assistants?type=AZURE')).json()).toHaveLength(1);
  });

  it('refuses the wrong credential, a missing one, and bad details, changing nothing', async () => {
    const anthropic = (
      await owner.request('POST', '/api/v1/credentials', {
        name: 'Claude',
        credentialName: 'anthropicApi',
        plainDataObj: { anthropicApiKey: 'sk-ant' },
      })
    ).json<{ id: string }>().id;
    const before = (await owner.request('GET', '/api/v1/assistants')).body;
    const cases: [unknown, number, string | RegExp][] = [
      [{ type: 'OPENAI', details: { model: 'gpt-4o' } }, 400, 'Choose the credential of the assistant'],
      [{ type: 'OPENAI', credential: openAI, details: { name: 'x' } }, 400, 'Choose the assistant model'],
      [
        { type: 'OPENAI', credential: anthropic, details: { model: 'gpt-4o' } },
        400,
        /is a anthropicApi credential/,
      ],
      [
        { type: 'OPENAI', credential: azure, details: { model: 'gpt-4o' } },
        400,
        /An OpenAI assistant needs an OpenAI credential/,
      ],
      [
        { type: 'AZURE', credential: openAI, details: { model: 'gpt-4o' } },
        400,
        'An Azure assistant needs an Azure OpenAI credential',
      ],
      [
        { type: 'OPENAI', credential: 'nope', details: { model: 'gpt-4o' } },
        404,
        'Credential nope not found',
      ],
      [
        { type: 'OPENAI', credential: openAI, details: { model: 'gpt-4o', temperature: 3 } },
        400,
        'Temperature is 0 to 2',
      ],
      [{ type: 'ROBOT', details: {} }, 400, 'type must be CUSTOM, OPENAI or AZURE'],
    ];
    for (const [body, status, message] of cases) {
      const response = await owner.request('POST', '/api/v1/assistants', body);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    expect((await owner.request('GET', '/api/v1/assistants')).body).toBe(before);
    const noCredential = await owner.request('GET', '/api/v1/openai-assistants');
    expect(noCredential.statusCode).toBe(400);
    expect(noCredential.json().message).toMatch(/credential not provided/);
    const notMultipart = await owner.request(
      'POST',
      `/api/v1/openai-assistants-file/upload?credential=${openAI}`,
      {},
    );
    expect(notMultipart.statusCode).toBe(415);
    const unindexable = await upload(
      `/api/v1/openai-assistants-vector-store/${
        (
          await owner.request('POST', `/api/v1/openai-assistants-vector-store?credential=${openAI}`, {})
        ).json().id
      }?credential=${openAI}`,
      [{ name: 'unindexable.bin', text: 'x' }],
    );
    expect(unindexable.statusCode).toBe(400);
    expect(unindexable.json().message).toMatch(/OpenAI could not index the files \(failed\)/);
    const badDays = await owner.request(
      'POST',
      `/api/v1/openai-assistants-vector-store?credential=${openAI}`,
      {
        expires_after: { days: 0 },
      },
    );
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().message).toBe('Expiration days are 1 to 365');
  });
  it('needs credentials:view to use a credential or put an OpenAI assistant into a flow', async () => {
    const made = await owner.request('POST', '/api/v1/assistants', {
      type: 'OPENAI',
      credential: openAI,
      details: { name: 'Guarded', model: 'gpt-4o' },
    });
    const assistantId = made.json<{ id: string }>().id;
    const keys = (
      await owner.request('POST', '/api/v1/apikey', {
        keyName: `no-credentials-${engine}`,
        permissions: ['assistants:view', 'assistants:create', 'chatflows:view', 'chatflows:create'],
      })
    ).json() as { keyName: string; apiKey: string }[];
    const secret = keys.find((k) => k.keyName === `no-credentials-${engine}`)!.apiKey;
    const as = (method: string, url: string, payload?: object) =>
      server.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${secret}` },
        ...(payload && { payload }),
      });
    for (const [method, url, payload] of [
      ['GET', `/api/v1/openai-assistants?credential=${openAI}`],
      ['POST', `/api/v1/openai-assistants-vector-store?credential=${openAI}`, { name: 'x' }],
      ['POST', '/api/v1/assistants', { type: 'OPENAI', credential: openAI, details: { model: 'gpt-4o' } }],
    ] as const) {
      const response = await as(method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toMatch(/credentials:view/);
    }
    const flow = await as('POST', '/api/v1/chatflows', {
      name: 'Sneaky',
      type: 'CHATFLOW',
      flowData: assistantFlow(assistantId),
    });
    expect(flow.statusCode).toBe(403);
    expect(flow.json().message).toMatch(
      /Using an OpenAI assistant in a flow needs the credentials:view permission/,
    );
    // A credential of another workspace is not found.
    const elsewhere = await moveToAnotherWorkspace(server, owner, azure, 'credential');
    expect(elsewhere).toBeTruthy();
    const foreign = await owner.request('GET', `/api/v1/openai-assistants?credential=${azure}`);
    expect(foreign.statusCode).toBe(404);
  });
});
