// Code sandbox figures (issue 10): Custom Function runs per second, and memory across memory bombs.
import { cpuMs, fmt, json, load, ownerApiKey, startServer } from './lib.mjs';

/** A public agentflow: Start → Custom Function with `code`. */
async function codeFlow(base, auth, code) {
  const node = (id, name, inputs) => ({
    id,
    type: 'agentFlow',
    position: { x: 0, y: 0 },
    data: { id, name, label: name, version: 1, type: name, category: 'Agent Flows', baseClasses: [], inputs },
  });
  const flowData = {
    nodes: [
      node('startAgentflow_0', 'startAgentflow', { startInputType: 'chatInput' }),
      node('customFunctionAgentflow_0', 'customFunctionAgentflow', {
        customFunctionJavascriptFunction: code,
      }),
    ],
    edges: [
      {
        id: 'e1',
        source: 'startAgentflow_0',
        sourceHandle: 'startAgentflow_0-output-startAgentflow',
        target: 'customFunctionAgentflow_0',
        targetHandle: 'customFunctionAgentflow_0',
        type: 'agentFlow',
      },
    ],
  };
  const flow = await json(
    base,
    'POST',
    '/api/v1/chatflows',
    { name: 'bench code', type: 'AGENTFLOW', isPublic: true, flowData: JSON.stringify(flowData) },
    auth,
  );
  return `${base}/api/v1/prediction/${flow.data.id}`;
}

export async function sandbox(report) {
  const server = await startServer();
  try {
    const key = await ownerApiKey(server.base);
    const auth = { authorization: `Bearer ${key}` };
    const headers = { 'content-type': 'application/json' };
    const body = JSON.stringify({ question: 'hello' });

    const trivial = await codeFlow(server.base, auth, 'return $input.length * 2');
    await load({ url: trivial, method: 'POST', body, headers, seconds: 2 }); // warm-up
    const cpuBefore = cpuMs(server.pid);
    const run = await load({ url: trivial, method: 'POST', body, headers, seconds: 10 });
    report(
      'custom function (trivial) through /prediction, 10 concurrent callers',
      `${fmt(run.rps, 0)} runs/s`,
      `p50 ${fmt(run.p50, 2)} ms, p99 ${fmt(run.p99, 2)} ms, server CPU ${fmt((cpuMs(server.pid) - cpuBefore) / run.requests, 2)} ms/run, errors ${run.errors}`,
    );

    const bombs = [
      await codeFlow(
        server.base,
        auth,
        'const a = []; while (true) a.push(new Array(1e6).fill(1)); return 1',
      ),
      await codeFlow(
        server.base,
        auth,
        "const a = []; while (true) a.push('x'.repeat(1024 * 1024) + Math.random()); return 1",
      ),
    ];
    await new Promise((r) => setTimeout(r, 1000));
    const before = server.rssMb();
    let highest = before;
    const started = performance.now();
    for (let i = 0; i < 20; i++) {
      const response = await fetch(bombs[i % 2], { method: 'POST', headers, body });
      await response.text();
      highest = Math.max(highest, server.rssMb());
    }
    const perBomb = (performance.now() - started) / 20;
    await new Promise((r) => setTimeout(r, 1000));
    report(
      'server RSS before / highest during / 1 s after 20 memory bombs (64 MB limit)',
      `${fmt(before, 0)} / ${fmt(highest, 0)} / ${fmt(server.rssMb(), 0)} MB`,
      `target: after within +150 MB; ${fmt(perBomb, 0)} ms to stop each bomb`,
    );
  } finally {
    await server.stop();
  }
}
