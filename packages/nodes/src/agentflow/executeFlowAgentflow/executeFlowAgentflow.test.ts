import { describe, expect, it } from 'vitest';
import type { FlowRunRequest } from '@flowloom/engine';
import { nodeContext, testServices } from '../common/test-harness.js';
import { executeFlowAgentflow } from './executeFlowAgentflow.js';

describe('executeFlowAgentflow', () => {
  it('posts the input to the prediction API of the chosen flow and answers its text', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const services = testServices({
      http: (url, init) => {
        calls.push({ url, init });
        return Promise.resolve(Response.json({ text: 'child answer' }));
      },
    });
    const result = await executeFlowAgentflow.run(
      nodeContext(
        executeFlowAgentflow,
        {
          executeFlowSelectedFlow: 'flow-2',
          executeFlowInput: 'do it',
          executeFlowOverrideConfig: '{"sessionId": "s"}',
          executeFlowBaseURL: 'https://flowloom.test/',
          executeFlowUpdateState: [{ key: 'r', value: '{{ output }}' }],
        },
        { services, credential: () => Promise.resolve({ chatflowApiKey: 'key' }) },
      ),
    );
    expect(calls[0]!.url).toBe('https://flowloom.test/api/v1/prediction/flow-2');
    expect(JSON.parse(calls[0]!.init!.body as string)).toEqual({
      question: 'do it',
      chatId: 'test-chat',
      overrideConfig: { sessionId: 's' },
    });
    const headers = new Headers(calls[0]!.init!.headers);
    expect(headers.get('flowise-tool')).toBe('true');
    expect(headers.get('authorization')).toBe('Bearer key');
    expect(result.output.content).toBe('child answer');
    expect(result.state).toEqual({ r: 'child answer' });
    expect(result.chatHistory![0]).toEqual({ role: 'user', content: 'do it' });
  });

  it('runs the chosen flow in this server without a Base URL, with the same chat id', async () => {
    const calls: { flowId: string; request: FlowRunRequest }[] = [];
    const services = testServices({
      http: () => Promise.reject(new Error('no HTTP expected')),
      runFlow: (flowId, request) => {
        calls.push({ flowId, request });
        return Promise.resolve({ text: 'in-process answer', usedTools: [{ tool: 'calc' }] });
      },
    });
    const emitted: unknown[][] = [];
    const result = await executeFlowAgentflow.run(
      nodeContext(
        executeFlowAgentflow,
        {
          executeFlowSelectedFlow: 'flow-2',
          executeFlowInput: 'do it',
          executeFlowOverrideConfig: { vars: { a: '1' } },
        },
        { services, isLastNode: true, emitted },
      ),
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]!.flowId).toBe('flow-2');
    expect(calls[0]!.request).toMatchObject({
      question: 'do it',
      chatId: 'test-chat',
      overrideConfig: { vars: { a: '1' } },
    });
    expect(calls[0]!.request.apiKey).toBeUndefined();
    expect(calls[0]!.request.signal).toBeInstanceOf(AbortSignal);
    expect(result.output).toEqual({ content: 'in-process answer', usedTools: [{ tool: 'calc' }] });
    expect(emitted).toEqual([['token', 'in-process answer']]);
  });

  it('passes the chatflowApi key to an in-process run and reports its refusal', async () => {
    const services = testServices({
      runFlow: (flowId, request) =>
        request.apiKey === 'key'
          ? Promise.reject(new Error(`Flow ${flowId} is not in this workspace`))
          : Promise.reject(new Error('no key')),
    });
    await expect(
      executeFlowAgentflow.run(
        nodeContext(
          executeFlowAgentflow,
          { executeFlowSelectedFlow: 'elsewhere' },
          { services, credential: () => Promise.resolve({ chatflowApiKey: 'key' }) },
        ),
      ),
    ).rejects.toThrow('Flow elsewhere is not in this workspace');
  });

  it('answers a JSON result as a fenced block', async () => {
    const services = testServices({ http: () => Promise.resolve(Response.json({ json: { a: 1 } })) });
    const result = await executeFlowAgentflow.run(
      nodeContext(
        executeFlowAgentflow,
        { executeFlowSelectedFlow: 'flow-2', executeFlowBaseURL: 'https://f.test' },
        { services },
      ),
    );
    expect(result.output.content).toBe('```json\n{\n  "a": 1\n}\n```');
  });

  it('refuses to call its own flow, and reports a failing child', async () => {
    await expect(
      executeFlowAgentflow.run(nodeContext(executeFlowAgentflow, { executeFlowSelectedFlow: 'test-flow' })),
    ).rejects.toThrow('Cannot call the same agentflow!');
    const services = testServices({
      http: () => Promise.resolve(Response.json({ message: 'Flow not found' }, { status: 404 })),
    });
    await expect(
      executeFlowAgentflow.run(
        nodeContext(
          executeFlowAgentflow,
          { executeFlowSelectedFlow: 'x', executeFlowBaseURL: 'https://f.test' },
          { services },
        ),
      ),
    ).rejects.toThrow('The flow x failed (HTTP 404): Flow not found');
  });
});
