// Run-API figures (issue 4): one-LLM chain through /prediction vs. the scripted LLM server alone.
import { cpuMs, fmt, json, load, ownerApiKey, rssMb, startServer, startTestLlm } from './lib.mjs';
import { llmChainFlow } from './flows.mjs';

/** Time to the first SSE token and to the end of the stream, over one request. */
async function streamTimings(url, body, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const reader = response.body.getReader();
  let first;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += Buffer.from(value).toString();
    if (first === undefined && (/"event":"token"/.test(text) || /"content":"\S/.test(text)))
      first = performance.now() - started;
  }
  return { first: first ?? NaN, end: performance.now() - started };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function prediction(report, { runs = Number(process.env.BENCH_RUNS ?? 100_000) } = {}) {
  const llm = await startTestLlm();
  const server = await startServer({ env: { OPENAI_BASE_URL: `${llm.url}/v1` }, traceGc: true });
  try {
    const key = await ownerApiKey(server.base);
    const auth = { authorization: `Bearer ${key}` };
    const credential = await json(
      server.base,
      'POST',
      '/api/v1/credentials',
      { name: 'bench', credentialName: 'openAIApi', plainDataObj: { openAIApiKey: 'sk-bench' } },
      auth,
    );
    const flow = await json(
      server.base,
      'POST',
      '/api/v1/chatflows',
      { name: 'bench chain', type: 'CHATFLOW', flowData: JSON.stringify(llmChainFlow(credential.data.id)) },
      auth,
    );
    const predictUrl = `${server.base}/api/v1/prediction/${flow.data.id}`;
    const body = JSON.stringify({ question: 'hello' });
    const headers = { 'content-type': 'application/json' };
    const llmBody = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hello' }] });

    // The scripted LLM server alone, as the floor.
    await load({ url: `${llm.url}/v1/chat/completions`, method: 'POST', body: llmBody, headers, seconds: 1 });
    const llmCpu = cpuMs(llm.pid);
    const alone = await load({
      url: `${llm.url}/v1/chat/completions`,
      method: 'POST',
      body: llmBody,
      headers,
      seconds: 5,
    });
    report(
      'test LLM server alone, 10 connections',
      `${fmt(alone.rps, 0)} req/s`,
      `p50 ${fmt(alone.p50, 2)} ms, p99 ${fmt(alone.p99, 2)} ms, CPU ${fmt((cpuMs(llm.pid) - llmCpu) / alone.requests, 3)} ms/req, errors ${alone.errors}`,
    );

    await load({ url: predictUrl, method: 'POST', body, headers, seconds: 2 }); // warm-up
    const rssBefore = rssMb(server.pid);
    const cpuBefore = cpuMs(server.pid);
    const run = await load({ url: predictUrl, method: 'POST', body, headers, seconds: 10 });
    const cpuPerRun = (cpuMs(server.pid) - cpuBefore) / run.requests;
    report(
      'POST /prediction, one-LLM chain, 10 connections',
      `${fmt(run.rps, 0)} req/s`,
      `target >= 1500; p50 ${fmt(run.p50, 2)} ms, p99 ${fmt(run.p99, 2)} ms, errors ${run.errors}`,
    );
    report('server CPU per run', `${fmt(cpuPerRun, 3)} ms`, 'target <= 0.7 ms');

    // Memory over many runs (each run also stores two messages). RSS rises and falls with the
    // garbage V8 has not collected yet, so it is sampled every 200 ms and given as a range per
    // quarter; the heap that survives each full collection is what shows a leak.
    const seconds = Math.max(8, Math.ceil(runs / Math.max(run.rps, 1)));
    const heapAtStart = server.liveHeapMb();
    const ranges = [];
    const heaps = [];
    let total = run.requests;
    for (let quarter = 0; quarter < 4; quarter++) {
      const samples = [];
      const sampler = setInterval(() => samples.push(rssMb(server.pid)), 200);
      const part = await load({ url: predictUrl, method: 'POST', body, headers, seconds: seconds / 4 });
      clearInterval(sampler);
      total += part.requests;
      ranges.push(`${fmt(Math.min(...samples), 0)}–${fmt(Math.max(...samples), 0)}`);
      heaps.push(server.liveHeapMb());
    }
    report(
      `RSS over ${total} runs: before, then lowest–highest in each quarter`,
      `${fmt(rssBefore, 0)} | ${ranges.join(' | ')} MB`,
      'target: flat',
    );
    report(
      'live heap after full GC: before, then at the end of each quarter',
      `${[heapAtStart, ...heaps].map((h) => fmt(h.mb, 1)).join(' → ')} MB`,
      `target: flat (${heaps.at(-1).collections - heapAtStart.collections} full collections during the runs)`,
    );

    // Streaming under load (informative: no target), then one stream at a time for the latency.
    const streamBody = JSON.stringify({ question: 'hello', streaming: true });
    const streamCpu = cpuMs(server.pid);
    const streamed = await load({ url: predictUrl, method: 'POST', body: streamBody, headers, seconds: 5 });
    report(
      'POST /prediction streaming (SSE), 10 connections',
      `${fmt(streamed.rps, 0)} req/s`,
      `p50 ${fmt(streamed.p50, 2)} ms, CPU ${fmt((cpuMs(server.pid) - streamCpu) / streamed.requests, 3)} ms/run, errors ${streamed.errors}`,
    );

    // Steady state: both paths warmed up first, then the median of 100 alternating requests.
    const SAMPLES = 100;
    const direct = [];
    const through = [];
    for (let i = 0; i < SAMPLES * 2; i++) {
      if (i === SAMPLES) {
        direct.length = 0;
        through.length = 0;
      }
      direct.push(
        await streamTimings(`${llm.url}/v1/chat/completions`, {
          model: 'm',
          stream: true,
          messages: [{ role: 'user', content: 'hello' }],
        }),
      );
      through.push(await streamTimings(predictUrl, { question: 'hello', streaming: true }));
    }
    const addedFirst = median(through.map((t) => t.first)) - median(direct.map((t) => t.first));
    const addedEnd = median(through.map((t) => t.end)) - median(direct.map((t) => t.end));
    report(
      `streaming: added time to first token (median of ${SAMPLES})`,
      `${fmt(addedFirst, 2)} ms`,
      `target < 2 ms (direct ${fmt(median(direct.map((t) => t.first)), 2)} ms)`,
    );
    report(
      `streaming: added time to end (median of ${SAMPLES})`,
      `${fmt(addedEnd, 2)} ms`,
      `direct ${fmt(median(direct.map((t) => t.end)), 2)} ms`,
    );
  } finally {
    await server.stop();
    llm.stop();
  }
}
