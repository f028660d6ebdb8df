// Foundation figures (issue 2): cold start to first pong, idle memory, list throughput.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuMs, fmt, freshHome, json, load, median, ownerApiKey, ROOT, startServer } from './lib.mjs';

export async function foundation(report) {
  // Cold start: a new data folder (migrations + key file), then the same folder again.
  const fresh = [];
  const warm = [];
  for (let i = 0; i < 5; i++) {
    const home = freshHome();
    const first = await startServer({ home });
    fresh.push(first.readyMs);
    await first.stop({ keepHome: true });
    const second = await startServer({ home });
    warm.push(second.readyMs);
    await second.stop();
  }
  report(
    'cold start to first pong, new data folder (median of 5)',
    `${fmt(median(fresh), 0)} ms`,
    'target < 500 ms',
  );
  report(
    'cold start to first pong, existing data folder (median of 5)',
    `${fmt(median(warm), 0)} ms`,
    'target < 500 ms',
  );

  const server = await startServer();
  try {
    await new Promise((r) => setTimeout(r, 1500));
    report('idle RSS after start', `${fmt(server.rssMb())} MB`, 'target < 100 MB');

    const key = await ownerApiKey(server.base);
    const auth = { authorization: `Bearer ${key}` };
    const template = JSON.parse(
      readFileSync(join(ROOT, '../shared/compat/flowise/chatflows/LLM Chain.json'), 'utf8'),
    );
    const flowData = JSON.stringify({ nodes: template.nodes, edges: template.edges });
    for (let i = 0; i < 50; i++) {
      await json(
        server.base,
        'POST',
        '/api/v1/chatflows',
        { name: `Flow ${i}`, type: 'CHATFLOW', flowData },
        auth,
      );
    }
    const kb = Math.round(flowData.length / 1024);
    await load({ url: `${server.base}/api/v1/chatflows`, headers: auth, seconds: 1 }); // warm-up
    const cpuBefore = cpuMs(server.pid);
    const list = await load({ url: `${server.base}/api/v1/chatflows`, headers: auth, seconds: 5 });
    const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / list.requests;
    report(
      `GET /api/v1/chatflows, 50 flows of ${kb} KB (LLM Chain template), 10 connections`,
      `${fmt(list.rps, 0)} req/s`,
      `p50 ${fmt(list.p50)} ms, p99 ${fmt(list.p99)} ms, server CPU ${fmt(cpuPerRequest, 2)} ms/req, errors ${list.errors}`,
    );
    const flows = (await json(server.base, 'GET', '/api/v1/chatflows?page=1&limit=1', undefined, auth)).data;
    const one = await load({
      url: `${server.base}/api/v1/chatflows/${flows.data[0].id}`,
      headers: auth,
      seconds: 5,
    });
    report(
      'GET /api/v1/chatflows/:id, 10 connections',
      `${fmt(one.rps, 0)} req/s`,
      `p50 ${fmt(one.p50)} ms, p99 ${fmt(one.p99)} ms, errors ${one.errors}`,
    );
    report('RSS after the load', `${fmt(server.rssMb())} MB`, '');
  } finally {
    await server.stop();
  }
}
