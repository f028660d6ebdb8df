import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { MAX_FLOW_CHAIN, createFlowRunner } from './flow-runner.js';
import type { FlowRow } from './prediction.service.js';

const row = (id: string, workspaceId = 'ws-1'): FlowRow => ({
  id,
  type: 'AGENTFLOW',
  workspaceId,
  apikeyid: null,
  apiConfig: null,
  chatbotConfig: null,
  followUpPrompts: null,
  speechToText: null,
  updatedDate: '2026-01-01T00:00:00.000Z',
});

/**
 * A runner over fake flows: flow `f<n>` calls `next[f<n>]` (if any) through the runner, the way an
 * Execute Flow node inside it would, and answers the chain it saw.
 */
function fakeRunner(next: Record<string, string>, rows: Record<string, FlowRow> = {}) {
  const calls: { id: string; body: unknown; caller: unknown }[] = [];
  const runner = createFlowRunner({
    predictions: () => ({
      load: (id: string) =>
        rows[id]
          ? Promise.resolve(rows[id])
          : id.startsWith('f')
            ? Promise.resolve(row(id))
            : Promise.reject(new AppError('NOT_FOUND', `Chatflow ${id} not found in the database!`)),
      async predict(target, body, caller) {
        const flow = target as FlowRow;
        calls.push({ id: flow.id, body, caller });
        const child = next[flow.id];
        if (!child) return { text: `answer of ${flow.id}` };
        return runner.forRun(flow)(child, {
          question: 'q',
          chatId: 'c',
          signal: new AbortController().signal,
        });
      },
    }),
    flowNames: (_workspaceId, ids) => Promise.resolve(new Map(ids.map((id) => [id, `Flow ${id}`]))),
  });
  return { runner, calls };
}

const request = { question: 'hello', chatId: 'chat-1', signal: new AbortController().signal };

describe('the in-process flow runner (Execute Flow)', () => {
  it('runs the flow as an API caller with the question, chat id, overrides and API key', async () => {
    const { runner, calls } = fakeRunner({});
    const answer = await runner.forRun(row('f0'))('f1', {
      ...request,
      overrideConfig: { sessionId: 's' },
      apiKey: 'key',
    });
    expect(answer).toEqual({ text: 'answer of f1' });
    expect(calls).toEqual([
      {
        id: 'f1',
        body: { question: 'hello', chatId: 'chat-1', overrideConfig: { sessionId: 's' } },
        caller: { kind: 'external', apiKey: 'key' },
      },
    ]);
  });

  it('follows a chain of nested runs and refuses a flow that comes back, naming the chain', async () => {
    const { runner } = fakeRunner({ f1: 'f2', f2: 'f3' });
    expect(await runner.forRun(row('f0'))('f1', request)).toEqual({ text: 'answer of f3' });

    const cyclic = fakeRunner({ f1: 'f2', f2: 'f0' });
    await expect(cyclic.runner.forRun(row('f0'))('f1', request)).rejects.toThrow(
      'The flow f1 failed: The flow f2 failed: Flow "Flow f0" is already running in this chain ("Flow f0" → "Flow f1" → "Flow f2" → "Flow f0")',
    );
    expect(cyclic.calls.map((c) => c.id)).toEqual(['f1', 'f2']);
  });

  it(`refuses a chain longer than ${MAX_FLOW_CHAIN} flows`, async () => {
    const next = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, `f${i + 1}`]));
    const { runner, calls } = fakeRunner(next);
    await expect(runner.forRun(row('f0'))('f1', request)).rejects.toThrow(
      `Execute Flow cannot run flow f${MAX_FLOW_CHAIN}: at most ${MAX_FLOW_CHAIN} flows may call one another in a chain`,
    );
    expect(calls).toHaveLength(MAX_FLOW_CHAIN - 1);
  });

  it('keeps parallel runs apart: one chain does not count the calls of another', async () => {
    const { runner } = fakeRunner({ f1: 'f2' });
    const forF0 = runner.forRun(row('f0'));
    const answers = await Promise.all([forF0('f1', request), forF0('f1', request), forF0('f2', request)]);
    expect(answers).toEqual([{ text: 'answer of f2' }, { text: 'answer of f2' }, { text: 'answer of f2' }]);
  });

  it('refuses flows of another workspace and unknown flows', async () => {
    const { runner, calls } = fakeRunner({}, { f9: row('f9', 'ws-2') });
    await expect(runner.forRun(row('f0'))('f9', request)).rejects.toThrow(
      'Flow f9 is not in this workspace: Execute Flow runs flows of its own workspace only',
    );
    await expect(runner.forRun(row('f0'))('missing', request)).rejects.toThrow(
      'Execute Flow cannot run flow missing: Chatflow missing not found in the database!',
    );
    expect(calls).toEqual([]);
  });
});
