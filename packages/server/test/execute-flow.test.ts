import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestLlmServer, type TestLlmServer } from '@flowloom/test-llm';
import type { FlowData } from '@flowloom/shared';
import { flowiseTemplate, withCredential } from './flowise-templates.js';
import { agentNode } from './agentflow-fixtures.js';
import {
  EMPTY_FLOW,
  ENGINES,
  moveToAnotherWorkspace,
  ownerSession,
  startTestServer,
  type Session,
  type TestServer,
} from './harness.js';

/** Start → Execute Flow (running `flowId` with the question) as a v2 flow. */
function callerFlow(flowId: string, extra: Record<string, unknown> = {}, credential?: string): FlowData {
  const execute = agentNode('executeFlowAgentflow_0', 'executeFlowAgentflow', {
    executeFlowSelectedFlow: flowId,
    executeFlowInput: '{{ question }}',
    executeFlowReturnResponseAs: 'userMessage',
    ...extra,
  });
  if (credential) execute.data.credential = credential;
  return {
    nodes: [agentNode('startAgentflow_0', 'startAgentflow', { startInputType: 'chatInput' }), execute],
    edges: [
      {
        id: 'start-execute',
        source: 'startAgentflow_0',
        sourceHandle: 'startAgentflow_0-output-startAgentflow',
        target: 'executeFlowAgentflow_0',
        targetHandle: 'executeFlowAgentflow_0',
        type: 'agentFlow',
      },
    ],
  };
}

// No FLOWLOOM_HTTP_ALLOW: Execute Flow must not need to call this server over loopback HTTP.
describe.each(ENGINES)('Execute Flow runs flows of the workspace in-process on %s', (engine) => {
  let llm: TestLlmServer;
  let server: TestServer;
  let owner: Session;
  let chatflowId: string;

  const create = async (name: string, type: 'CHATFLOW' | 'AGENTFLOW', flow: FlowData | string) => {
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name,
      type,
      flowData: typeof flow === 'string' ? flow : JSON.stringify(flow),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json().id as string;
  };
  const setFlow = (id: string, flow: FlowData) =>
    owner.request('PUT', `/api/v1/chatflows/${id}`, { flowData: JSON.stringify(flow) });
  const predict = (id: string, body: Record<string, unknown>) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: body });

  beforeAll(async () => {
    llm = await startTestLlmServer();
    server = await startTestServer({ engine, env: { AZURE_OPENAI_BASE_URL: `${llm.url}/openai` } });
    owner = await ownerSession(server.app);
    const credential = await owner.request('POST', '/api/v1/credentials', {
      name: 'Azure',
      credentialName: 'azureOpenAIApi',
      plainDataObj: {
        azureOpenAIApiKey: 'azure-test',
        azureOpenAIApiInstanceName: 'test-instance',
        azureOpenAIApiDeploymentName: 'test-deployment',
        azureOpenAIApiVersion: '2024-10-21',
      },
    });
    expect(credential.statusCode, credential.body).toBe(201);
    chatflowId = await create(
      'Company names',
      'CHATFLOW',
      withCredential(flowiseTemplate('chatflows', 'LLM Chain'), 'azureChatOpenAI', credential.json().id),
    );
  });
  afterAll(async () => {
    await server.close();
    await llm.close();
  });
  beforeEach(() => llm.reset());

  it('answers with the output of the chatflow it ran, which keeps its own messages under the same chat id', async () => {
    const agentflowId = await create('Caller', 'AGENTFLOW', callerFlow(chatflowId));
    llm.script({ text: 'Sock It To Me Inc.' });
    const response = await predict(agentflowId, { question: 'socks', chatId: 'chat-exec-1' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ text: 'Sock It To Me Inc.', chatId: 'chat-exec-1' });
    const sent = llm.requests.at(-1)!.body as { messages: { role: string; content: string }[] };
    expect(sent.messages.at(-1)!.content).toBe('What is a good name for a company that makes socks?');

    const childMessages = (
      await owner.request('GET', `/api/v1/chatmessage/${chatflowId}?chatId=chat-exec-1`)
    ).json() as { role: string; content: string; chatType: string }[];
    expect(childMessages.map((m) => [m.role, m.content])).toEqual([
      ['userMessage', 'socks'],
      ['apiMessage', 'Sock It To Me Inc.'],
    ]);
    const parentMessages = (
      await owner.request('GET', `/api/v1/chatmessage/${agentflowId}?chatId=chat-exec-1`)
    ).json() as { role: string; content: string }[];
    expect(parentMessages.map((m) => m.content)).toEqual(['socks', 'Sock It To Me Inc.']);
  });

  it('needs the API key of a flow bound to one, from the node’s Chatflow API credential', async () => {
    const key = (await owner.request('POST', '/api/v1/apikey', { keyName: 'exec key' })).json()[0];
    const boundId = await create(
      'Bound chatflow',
      'CHATFLOW',
      JSON.stringify(
        withCredential(
          flowiseTemplate('chatflows', 'LLM Chain'),
          'azureChatOpenAI',
          (await owner.request('GET', '/api/v1/credentials?credentialName=azureOpenAIApi')).json()[0].id,
        ),
      ),
    );
    expect(
      (await owner.request('PUT', `/api/v1/chatflows/${boundId}`, { apikeyid: key.id })).statusCode,
    ).toBe(200);

    const withoutKey = await create('Keyless caller', 'AGENTFLOW', callerFlow(boundId));
    const refused = await predict(withoutKey, { question: 'hats' });
    expect(refused.statusCode).toBe(500);
    expect(refused.json().message).toContain(`The flow ${boundId} failed: Unauthorized`);

    const apiCredential = await owner.request('POST', '/api/v1/credentials', {
      name: 'Bound flow key',
      credentialName: 'chatflowApi',
      plainDataObj: { chatflowApiKey: key.apiKey },
    });
    expect(apiCredential.statusCode, apiCredential.body).toBe(201);
    const withKey = await create(
      'Keyed caller',
      'AGENTFLOW',
      callerFlow(boundId, {}, apiCredential.json().id),
    );
    llm.script({ text: 'Hat Trick Ltd.' });
    const answered = await predict(withKey, { question: 'hats' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().text).toBe('Hat Trick Ltd.');
  });

  it('refuses a flow of another workspace with a clear error', async () => {
    const foreignId = await create('Foreign', 'CHATFLOW', EMPTY_FLOW);
    await moveToAnotherWorkspace(server, owner, foreignId);
    const callerId = await create('Reaching out', 'AGENTFLOW', callerFlow(foreignId));
    const response = await predict(callerId, { question: 'x' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain(
      `Flow ${foreignId} is not in this workspace: Execute Flow runs flows of its own workspace only`,
    );
    expect(llm.requests).toHaveLength(0);
  });

  it('stops a flow that executes itself, directly or through another flow', async () => {
    const selfId = await create('Self', 'AGENTFLOW', EMPTY_FLOW);
    await setFlow(selfId, callerFlow(selfId));
    const direct = await predict(selfId, { question: 'x' });
    expect(direct.statusCode).toBe(500);
    expect(direct.json().message).toContain('Cannot call the same agentflow!');

    const aId = await create('Ping', 'AGENTFLOW', EMPTY_FLOW);
    const bId = await create('Pong', 'AGENTFLOW', callerFlow(aId));
    await setFlow(aId, callerFlow(bId));
    const indirect = await predict(aId, { question: 'x' });
    expect(indirect.statusCode).toBe(500);
    expect(indirect.json().message).toContain(
      'Flow "Ping" is already running in this chain ("Ping" → "Pong" → "Ping"): a flow cannot execute itself',
    );
    // Each run left an execution that ended in error; none is still in progress.
    const executions = (await owner.request('GET', `/api/v1/executions?agentflowId=${aId}`)).json() as {
      data: { state: string }[];
    };
    expect(executions.data.map((e) => e.state)).toEqual(['ERROR']);
  });

  it('sends the run to another server through the guarded HTTP client when a Base URL is set', async () => {
    const callerId = await create(
      'Remote caller',
      'AGENTFLOW',
      callerFlow(chatflowId, { executeFlowBaseURL: 'http://127.0.0.1:9' }),
    );
    const response = await predict(callerId, { question: 'x' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain(
      `Refused to fetch http://127.0.0.1:9/api/v1/prediction/${chatflowId}`,
    );
  });
});
