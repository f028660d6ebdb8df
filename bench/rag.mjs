// Document-store figures (issue 12): upsert rate and memory through the upsert API, retrieval on
// 100,000 chunks × 1536 dimensions (SQLite, and pgvector when PostgreSQL is reachable), and the time
// a 300-page PDF takes to load and split. Embeddings come from the scripted LLM server (instant).
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { fmt, json, median, ownerApiKey, startServer, startTestLlm } from './lib.mjs';

const DIMENSIONS = 1536;
/** Word lists per topic: chunks of one topic share words, so their vectors cluster as real ones do. */
const TOPICS = Array.from({ length: 200 }, (_, t) => Array.from({ length: 40 }, (_, w) => `t${t}w${w}`));

function chunkText(i) {
  let seed = i * 2654435761;
  const next = () => ((seed = (seed * 1103515245 + 12345) >>> 0) % 1_000_000) / 1_000_000;
  const topic = TOPICS[i % TOPICS.length];
  const words = Array.from({ length: 24 }, () => topic[Math.floor(next() * topic.length)]);
  return `${words.join(' ')} doc${i}`;
}

/** A server with an owner, an API key and an OpenAI credential (the scripted LLM answers). */
async function ragServer(llm, env = {}, { traceGc = false } = {}) {
  const server = await startServer({ env: { OPENAI_BASE_URL: `${llm.url}/v1`, ...env }, traceGc });
  const key = await ownerApiKey(server.base);
  const auth = { authorization: `Bearer ${key}` };
  const credential = (
    await json(
      server.base,
      'POST',
      '/api/v1/credentials',
      { name: 'bench', credentialName: 'openAIApi', plainDataObj: { openAIApiKey: 'sk-bench' } },
      auth,
    )
  ).data.id;
  const call = (method, path, body) => json(server.base, method, `/api/v1/document-store${path}`, body, auth);
  const embedding = {
    name: 'openAIEmbeddings',
    config: { modelName: 'text-embedding-3-small', dimensions: DIMENSIONS, batchSize: 2048, credential },
  };
  return { server, call, embedding };
}

/** Chunk texts `from`…`to` as one plain-text document, one chunk per paragraph. */
const paragraphs = (from, to) =>
  Array.from({ length: to - from }, (_, i) => chunkText(from + i)).join('\n\n');
const splitter = {
  name: 'characterTextSplitter',
  config: { chunkSize: 250, chunkOverlap: 0, separator: '\n\n' },
};

async function upsertRate(report, llm) {
  const { server, call, embedding } = await ragServer(llm);
  try {
    const store = (await call('POST', '/store', { name: 'rate' })).data.id;
    const vectorStore = { name: 'embeddedVectorStore', config: {} };
    // Warm up the code paths, then time the upsert API on 5,000 chunks, three times.
    await call('POST', `/upsert/${store}`, {
      loader: { name: 'plainText', config: { text: paragraphs(0, 200) } },
      splitter,
      embedding,
      vectorStore,
    });
    const rates = [];
    for (let round = 0; round < 3; round++) {
      const text = paragraphs(10_000 * (round + 1), 10_000 * (round + 1) + 5000);
      const started = performance.now();
      const result = await call('POST', `/upsert/${store}`, {
        loader: { name: 'plainText', config: { text } },
        splitter,
        embedding,
        vectorStore,
      });
      rates.push(result.data.numAdded / ((performance.now() - started) / 1000));
    }
    report(
      'upsert API, 5,000 chunks × 1536 dims into the embedded store (SQLite), chunks/s',
      `${fmt(median(rates), 0)}`,
      `median of 3 (${rates.map((r) => fmt(r, 0)).join(', ')}); target ≥ 2,000`,
    );
  } finally {
    await server.stop();
  }
}

async function upsertMemory(report, llm, { upserts = Number(process.env.BENCH_RAG_UPSERTS ?? 3000) } = {}) {
  const { makeTestPdf } = await import('../packages/nodes/dist/testing/pdf-fixture.js');
  const pdf = Buffer.from(makeTestPdf(10, 400)).toString('base64');
  const { server, call, embedding } = await ragServer(llm, {}, { traceGc: true });
  try {
    const store = (await call('POST', '/store', { name: 'memory' })).data.id;
    const body = {
      loader: {
        name: 'pdfFile',
        config: { pdfFile: `data:application/pdf;base64,${pdf},filename:ten-pages.pdf` },
      },
      splitter: { name: 'recursiveCharacterTextSplitter', config: { chunkSize: 1000, chunkOverlap: 200 } },
      embedding,
      vectorStore: { name: 'embeddedVectorStore', config: {} },
    };
    const first = await call('POST', `/upsert/${store}`, body);
    const docId = first.data.docId;
    // Reaching a steady state first: the first upserts fill caches and compile code.
    for (let i = 0; i < 50; i++)
      await call('POST', `/upsert/${store}`, { ...body, docId, replaceExisting: true });
    const before = server.rssMb();
    const started = performance.now();
    for (let i = 0; i < upserts; i++)
      await call('POST', `/upsert/${store}`, { ...body, docId, replaceExisting: true });
    const seconds = (performance.now() - started) / 1000;
    const after = server.rssMb();
    report(
      `RSS growth over ${upserts} upserts of a ten-page PDF (same loader replaced)`,
      `${fmt(after - before, 1)} MB`,
      `${fmt(before, 0)} → ${fmt(after, 0)} MB, ${fmt(upserts / seconds, 1)} upserts/s, live heap ${fmt(server.liveHeapMb().mb, 1)} MB; target < 100 MB`,
    );
  } finally {
    await server.stop();
  }
}

/** Exact top K by cosine over sparse test-server vectors (the ground truth for recall). */
function exactTopK(embed, texts, query, k) {
  const q = embed(query, DIMENSIONS);
  const qNonZero = q.map((v, i) => [i, v]).filter(([, v]) => v !== 0);
  const scored = texts.map((text, index) => {
    const v = vectors[index];
    let dot = 0;
    for (const [i, x] of qNonZero) dot += x * (v.get(i) ?? 0);
    return { index, dot };
  });
  return scored
    .sort((a, b) => b.dot - a.dot)
    .slice(0, k)
    .map((s) => texts[s.index]);
}
let vectors = [];

/** A full collection of this process's garbage now, so it does not happen inside a timed request. */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  vm.runInNewContext('gc')();
}

async function retrieval(report, llm, { label, env = {}, target }) {
  const { embed } = await import('../packages/test-llm/dist/index.js');
  const { server, call, embedding } = await ragServer(llm, env);
  try {
    const store = (await call('POST', '/store', { name: 'retrieval' })).data.id;
    const total = Number(process.env.BENCH_RAG_CHUNKS ?? 100_000);
    const batch = 10_000;
    const fillStarted = performance.now();
    for (let from = 0; from < total; from += batch)
      await call('POST', `/upsert/${store}`, {
        loader: { name: 'plainText', config: { text: paragraphs(from, Math.min(total, from + batch)) } },
        splitter,
        embedding,
        vectorStore: { name: 'embeddedVectorStore', config: { topK: 4 } },
      });
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const texts = Array.from({ length: total }, (_, i) => chunkText(i));
    vectors = texts.map((text) => {
      const sparse = new Map();
      embed(text, DIMENSIONS).forEach((x, i) => x !== 0 && sparse.set(i, x));
      return sparse;
    });
    // Questions in the words of one topic (not stored chunks); the exact answers are found first, so
    // the bench's own work (and its garbage collections) stays out of the timed requests.
    const queries = Array.from({ length: 60 }, (_, q) => {
      const topic = TOPICS[(q * 37) % TOPICS.length];
      return Array.from({ length: 8 }, (_, w) => topic[(q * 7 + w * 5) % topic.length]).join(' ');
    });
    const exact = queries.map((query) => exactTopK(embed, texts, query, 4));
    vectors = [];
    collectGarbage();
    const times = [];
    const server_ms = [];
    let hits = 0;
    for (const [q, query] of queries.entries()) {
      const started = performance.now();
      const { data } = await call('POST', '/vectorstore/query', { storeId: store, query });
      if (q >= 10) {
        times.push(performance.now() - started);
        server_ms.push(data.timeTaken);
      }
      hits += data.docs.filter((d) => exact[q].includes(d.pageContent)).length;
    }
    report(
      `retrieval query, ${total.toLocaleString('en')} chunks × 1536 dims, ${label}: p50`,
      `${fmt(median(server_ms), 1)} ms`,
      `search + query embedding as the server times it; request p50 ${fmt(median(times), 1)} ms; recall@4 ${fmt(hits / (queries.length * 4), 3)}; filled in ${fmt(fillSeconds, 0)} s (${fmt(total / fillSeconds, 0)} chunks/s); target ${target}`,
    );
  } finally {
    await server.stop();
  }
}

async function pdfSplit(report, llm) {
  const { makeTestPdf } = await import('../packages/nodes/dist/testing/pdf-fixture.js');
  const pdf = Buffer.from(makeTestPdf(300, 500)).toString('base64');
  const { server, call } = await ragServer(llm);
  try {
    const store = (await call('POST', '/store', { name: 'pdf' })).data.id;
    const body = {
      storeId: store,
      loaderId: 'pdfFile',
      loaderConfig: { pdfFile: `data:application/pdf;base64,${pdf},filename:book.pdf` },
      splitterId: 'recursiveCharacterTextSplitter',
      splitterConfig: { chunkSize: 1000, chunkOverlap: 200 },
      previewChunkCount: 1,
    };
    await call('POST', '/loader/preview', body);
    const times = [];
    let chunks = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      chunks = (await call('POST', '/loader/preview', body)).data.totalChunks;
      times.push(performance.now() - started);
    }
    report(
      '300-page PDF: load and split (preview API), s',
      fmt(median(times) / 1000, 2),
      `${chunks} chunks of 1000/200, median of 3; target < 5 s`,
    );
  } finally {
    await server.stop();
  }
}

/** A fresh PostgreSQL database with pgvector for the pgvector figure, or undefined when none is reachable. */
async function postgresDatabase() {
  const admin =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `flowloom_bench_${Date.now().toString(36)}`;
  try {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
  } catch {
    return undefined;
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function rag(report) {
  const llm = await startTestLlm();
  try {
    await upsertRate(report, llm);
    await pdfSplit(report, llm);
    await retrieval(report, llm, {
      label: 'embedded SQLite (sqlite-vec)',
      target: 'p50 ≤ 30 ms, recall@4 ≥ 0.95',
    });
    const database = await postgresDatabase();
    if (database) {
      try {
        await retrieval(report, llm, {
          label: 'PostgreSQL pgvector HNSW',
          env: { DATABASE_URL: database.url },
          target: 'p50 ≤ 15 ms',
        });
      } finally {
        await database.drop();
      }
    } else report('retrieval query, pgvector', 'skipped', 'no PostgreSQL reachable (BENCH_DATABASE_URL)');
    await upsertMemory(report, llm);
  } finally {
    llm.stop();
  }
}
