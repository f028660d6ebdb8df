import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryVectors } from '@flowloom/engine';
import type { OpenedDatabase } from '../src/db/database.js';
import { createFileStorage } from '../src/modules/storage/file-storage.js';
import { createDocumentStoreRepository } from '../src/modules/document-stores/document-store.repository.js';
import { createRagServices } from '../src/modules/vectors/rag-services.js';
import type { WorkspaceVectors } from '../src/modules/vectors/vector-collections.js';
import { ENGINES, workspacesDatabase } from './harness.js';

/** Deterministic pseudo-random unit vectors around `centres` (clustered, like real embeddings). */
function vectors(count: number, dimensions: number, seed = 7) {
  let state = seed;
  const random = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5;
  const centres = Array.from({ length: 20 }, () => Array.from({ length: dimensions }, random));
  return Array.from({ length: count }, (_, i) => {
    const v = centres[i % centres.length]!.map((x) => x + random() * 0.6);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

describe.each(ENGINES)('embedded vector store (%s)', (engine) => {
  let close: () => Promise<void>;
  let opened: OpenedDatabase;
  let store: WorkspaceVectors;
  let other: WorkspaceVectors;

  beforeAll(async () => {
    ({ opened, close } = await workspacesDatabase(engine, {
      organizationId: 'org',
      workspaceIds: ['ws-a', 'ws-b'],
    }));
    const rag = createRagServices({
      database: opened,
      storage: createFileStorage({ db: opened.db, home: '/tmp/unused', limit: 1, now: () => new Date() }),
      documentStores: createDocumentStoreRepository(opened.db, opened.kind),
      clock: { now: () => new Date() },
    });
    store = rag.vectors('ws-a');
    other = rag.vectors('ws-b');
  });
  afterAll(() => close());

  const record = (id: string, vector: number[], metadata: Record<string, unknown> = {}) => ({
    id,
    pageContent: `text ${id}`,
    metadata,
    vector,
  });

  it('finds the nearest records, best first, with cosine similarity as the score', async () => {
    await store.upsert('basic', [
      record('x', [1, 0, 0, 0, 0, 0, 0, 0], { source: 'a.pdf', page: 1 }),
      record('y', [0, 1, 0, 0, 0, 0, 0, 0], { source: 'b.pdf', page: 2, tags: ['red', 'blue'] }),
      record('xy', [1, 1, 0, 0, 0, 0, 0, 0], { source: 'a.pdf', page: 3, loc: { line: 4 } }),
    ]);
    const found = await store.search('basic', [1, 0.1, 0, 0, 0, 0, 0, 0], { k: 2 });
    expect(found.map((r) => r.id)).toEqual(['x', 'xy']);
    expect(found[0]!.score).toBeCloseTo(0.995, 2);
    expect(found[0]).toMatchObject({ pageContent: 'text x', metadata: { source: 'a.pdf', page: 1 } });
    expect(await store.count('basic')).toBe(3);
    // Another workspace sees nothing of it.
    expect(await other.search('basic', [1, 0, 0, 0, 0, 0, 0, 0], { k: 3 })).toEqual([]);
  });

  it('filters with the same meaning as the JavaScript filters', async () => {
    const query = [0, 1, 0, 0, 0, 0, 0, 0];
    const ids = async (filter: Record<string, unknown>) =>
      (await store.search('basic', query, { k: 10, filter })).map((r) => r.id).sort();
    expect(await ids({ source: 'a.pdf' })).toEqual(['x', 'xy']);
    expect(await ids({ tags: 'blue' })).toEqual(['y']);
    expect(await ids({ page: { $gte: 2 } })).toEqual(['xy', 'y']);
    expect(await ids({ page: { $gt: '1' } })).toEqual([]);
    expect(await ids({ source: { $in: ['b.pdf', 'c.pdf'] } })).toEqual(['y']);
    expect(await ids({ source: { $nin: ['b.pdf'] } })).toEqual(['x', 'xy']);
    expect(await ids({ 'loc.line': 4 })).toEqual(['xy']);
    expect(await ids({ tags: { $exists: false } })).toEqual(['x', 'xy']);
    expect(await ids({ $or: [{ page: 1 }, { page: 2 }] })).toEqual(['x', 'y']);
    expect(await ids({ source: { $ne: 'a.pdf' } })).toEqual(['y']);
    // The in-memory store (tests, engine harness) agrees.
    const memory = createMemoryVectors();
    await memory.upsert('basic', [
      record('x', [1, 0], { source: 'a.pdf', page: 1 }),
      record('y', [0, 1], { source: 'b.pdf', page: 2, tags: ['red', 'blue'] }),
      record('xy', [1, 1], { source: 'a.pdf', page: 3, loc: { line: 4 } }),
    ]);
    const memoryIds = async (filter: Record<string, unknown>) =>
      (await memory.search('basic', [0, 1], { k: 10, filter })).map((r) => r.id).sort();
    expect(await memoryIds({ page: { $gte: 2 } })).toEqual(['xy', 'y']);
    expect(await memoryIds({ 'loc.line': 4 })).toEqual(['xy']);
  });

  it('replaces by id, replaces what a filter matches in one step, deletes by id and by filter', async () => {
    await store.upsert('basic', [record('x', [1, 0, 0, 0, 0, 0, 0, 1], { source: 'a.pdf', page: 9 })]);
    expect(await store.count('basic')).toBe(3);
    expect((await store.search('basic', [1, 0, 0, 0, 0, 0, 0, 1], { k: 1 }))[0]).toMatchObject({
      id: 'x',
      metadata: { page: 9 },
    });
    await store.upsert('basic', [record('z', [0, 0, 1, 0, 0, 0, 0, 0], { source: 'a.pdf' })], {
      replaceWhere: { source: 'a.pdf' },
    });
    expect(
      (await store.search('basic', [1, 1, 1, 0, 0, 0, 0, 0], { k: 10 })).map((r) => r.id).sort(),
    ).toEqual(['y', 'z']);
    expect(await store.delete('basic', ['z', 'nope'])).toBe(1);
    expect(await store.deleteWhere('basic', { source: 'b.pdf' })).toBe(1);
    expect(await store.count('basic')).toBe(0);
  });

  it('refuses vectors of other dimensions, unless the collection was emptied', async () => {
    await store.upsert('dims', [record('a', [1, 0, 0, 0, 0, 0, 0, 0])]);
    await expect(store.upsert('dims', [record('b', [1, 0, 0, 0])])).rejects.toThrow(
      /holds vectors of 8 dimensions; these have 4/,
    );
    await expect(store.search('dims', [1, 0], { k: 1 })).rejects.toThrow(/8 dimensions/);
    await store.upsert('dims', [record('b', [1, 0, 0, 0])], { replaceWhere: {} });
    expect((await store.search('dims', [1, 0, 0, 0], { k: 1 }))[0]!.id).toBe('b');
  });

  it('keeps a failed upsert from writing anything', async () => {
    await store.upsert('atomic', [record('a', [1, 0, 0, 0, 0, 0, 0, 0])]);
    await expect(
      store.upsert('atomic', [record('b', [1, 0, 0, 0, 0, 0, 0, 0]), record('c', [1, 0])], {
        replaceWhere: {},
      }),
    ).rejects.toThrow(/dimensions/);
    expect(await store.count('atomic')).toBe(1);
  });

  it('finds the exact top 4 among 3,000 records with quantised search (recall against brute force)', async () => {
    const all = vectors(3000, 64);
    await store.upsert(
      'big',
      all.map((v, i) => record(`r${i}`, v, { i })),
    );
    // Questions land near what answers them: each query is a stored vector, moved a little.
    const noise = vectors(20, 64, 99);
    const queries = noise.map((n, q) => all[q * 149]!.map((x, j) => x + 0.3 * n[j]!));
    let hits = 0;
    for (const query of queries) {
      const exact = all
        .map((v, i) => ({ i, s: v.reduce((sum, x, j) => sum + x * query[j]!, 0) / Math.hypot(...query) }))
        .sort((a, b) => b.s - a.s)
        .slice(0, 4)
        .map((e) => `r${e.i}`);
      const found = (await store.search('big', query, { k: 4 })).map((r) => r.id);
      hits += found.filter((id) => exact.includes(id)).length;
    }
    expect(hits / (queries.length * 4)).toBeGreaterThanOrEqual(0.95);
    const withVectors = await store.search('big', queries[0]!, { k: 2, withVectors: true });
    expect(withVectors[0]!.vector).toHaveLength(64);
  });

  it('drops a collection and its tables', async () => {
    await store.drop('big');
    expect(await store.count('big')).toBe(0);
    expect(await store.search('big', vectors(1, 64)[0]!, { k: 1 })).toEqual([]);
  });
});
