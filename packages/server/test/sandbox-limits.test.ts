import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customFunctionFlow } from './agentflow-fixtures.js';
import { ownerSession, startTestServer, type Session, type TestServer } from './harness.js';

/**
 * Issue 10, findings 1 and 2: user code (an agentflow's Custom Function, run by any caller of a public
 * flow) cannot take the server's memory or its event loop, and its limits are named when hit.
 */

const MB = 1024 * 1024;
const rss = () => process.memoryUsage().rss;

describe('user code limits through the run API', () => {
  let server: TestServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer({
      env: {
        FLOWLOOM_HTTP_ALLOW: '127.0.0.1',
        FLOWLOOM_SANDBOX_THREADS: '2',
        FLOWLOOM_SANDBOX_QUEUE: '1',
        FLOWLOOM_SANDBOX_TIMEOUT_MS: '3000',
      },
    });
    owner = await ownerSession(server.app);
  });
  afterAll(() => server.close());

  async function publicFlow(code: string): Promise<string> {
    const created = await owner.request('POST', '/api/v1/chatflows', {
      name: 'code',
      type: 'AGENTFLOW',
      isPublic: true,
      flowData: customFunctionFlow(code),
    });
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string }>().id;
  }

  const predict = (id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/prediction/${id}`, payload: { question: 'go' } });

  it('stops memory bombs promptly and gives their memory back: 20 in a row stay within +150 MB', async () => {
    const arrays = await publicFlow('const a = []; while (true) a.push(new Array(1e6).fill(1)); return 1');
    const strings = await publicFlow(
      "const a = []; while (true) a.push('x'.repeat(1024 * 1024) + Math.random()); return 1",
    );
    const warm = await predict(await publicFlow('return "warm"'));
    expect(warm.statusCode).toBe(200);
    const before = rss();
    let highest = before;
    for (let i = 0; i < 20; i++) {
      const response = await predict(i % 2 ? strings : arrays);
      expect(response.statusCode).toBe(500);
      expect(response.json<{ message: string }>().message).toContain(
        'Custom code ran out of memory (limit 64 MB, FLOWLOOM_SANDBOX_MEMORY_MB)',
      );
      highest = Math.max(highest, rss());
    }
    // Grown threads are replaced once idle; give the last one a moment to go.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((rss() - before) / MB).toBeLessThan(150);
    // Before the fix one bomb alone took the process to about 2 GB.
    expect((highest - before) / MB).toBeLessThan(400);
  }, 120_000);

  it('keeps answering pings while code floods fetch, and caps its requests', async () => {
    const flood = await publicFlow(
      `const ps = [];
       for (let i = 0; i < 3000; i++) ps.push(fetch('http://127.0.0.1:9/x').then(() => 'ok', (e) => e.message));
       const results = await Promise.all(ps);
       return results[results.length - 1];`,
    );
    const order: string[] = [];
    const run = predict(flood).then((response) => {
      order.push('run');
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const ping = await server.app.inject({ method: 'GET', url: '/api/v1/ping' });
    order.push('ping');
    expect(ping.body).toBe('pong');
    const response = await run;
    expect(order).toEqual(['ping', 'run']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain(
      'fetch: this code already made 100 requests, the most one run may make (FLOWLOOM_SANDBOX_MAX_REQUESTS)',
    );
    expect(server.logs.join('\n')).not.toContain('MaxListenersExceeded');
  }, 60_000);

  it('answers 503 naming the settings when every thread is busy and the queue is full', async () => {
    const loop = await publicFlow('while (true) {}');
    const quick = await publicFlow('return "quick"');
    const loops = [predict(loop), predict(loop)];
    // Both loops are running once their executions exist: the Start node takes no time.
    for (let running = 0; running < 2;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      running = (
        await server.database.db
          .selectFrom('execution')
          .select('id')
          .where('agentflowId', '=', loop)
          .where('state', '=', 'INPROGRESS')
          .execute()
      ).length;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const queued = predict(quick);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = await predict(quick);
    expect(refused.statusCode).toBe(503);
    expect(refused.json<{ message: string }>().message).toMatch(
      /The code sandbox is busy: all 2 threads are running code and 1 runs are waiting \(FLOWLOOM_SANDBOX_THREADS, FLOWLOOM_SANDBOX_QUEUE\)/,
    );
    for (const response of await Promise.all(loops)) {
      expect(response.json<{ message: string }>().message).toContain('Custom code timed out after 3000 ms');
    }
    expect((await queued).statusCode).toBe(200);
  }, 60_000);
});
