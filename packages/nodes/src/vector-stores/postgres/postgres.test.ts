import { describe, expect, it } from 'vitest';
import { POSTGRES_PORT } from '../../connections/postgres-inputs.js';
import { closeSqlPools } from '../../connections/sql-connections.js';
import { describeSqlConnectionContract, useTestDatabase } from '../../testing/sql-connection-contract.js';
import { passwordCatcher } from '../../testing/sql-test-servers.js';
import { createTestPostgres } from '../../testing/test-databases.js';
import {
  describeVectorStoreContract,
  doc,
  fruit,
  storeContexts,
} from '../../testing/vector-store-contract.js';
import { isRetriever, type VectorStoreHandle } from '../vector-store.js';
import { postgres } from './postgres.js';

const url = process.env.TEST_DATABASE_URL;

const ctx = storeContexts(postgres, {
  inputs: () => ({ host: '127.0.0.1', database: 'docs' }),
  credential: () => ({ user: 'flow' }),
});

describe.skipIf(!url)('Postgres on PostgreSQL with pgvector', () => {
  const db = useTestDatabase(() => createTestPostgres(url!));
  const inputs = (table: string) => ({
    host: db().host,
    port: db().port,
    database: db().database,
    tableName: table,
  });
  const credential = () => ({ user: db().user, password: db().password });
  const live = (more: Record<string, unknown>, options: Parameters<typeof ctx>[1] = {}) =>
    ctx({ ...inputs('documents'), ...more }, { credential: credential(), ...options });

  describeVectorStoreContract('Postgres', {
    type: postgres,
    inputs,
    credential,
    sourceFilter: (source) => ({ pgMetadataFilter: JSON.stringify({ source }) }),
    count: async (name) => {
      const [row] = await db().query<{ made: boolean }>('SELECT to_regclass($1) IS NOT NULL AS made', [
        `"${name}"`,
      ]);
      if (!row!.made) return 0;
      const [counted] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`);
      return counted!.n;
    },
    fileUpload: true,
  });

  it('creates the extension and the table as Flowise does', async () => {
    await postgres.upsert!(live({ tableName: 'Flowise Docs', document: [fruit] }));
    const columns = await db().query<{ column_name: string; udt_name: string }>(
      `SELECT column_name, udt_name FROM information_schema.columns WHERE table_name = 'flowise_docs' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'id', udt_name: 'uuid' },
      { column_name: 'pageContent', udt_name: 'text' },
      { column_name: 'metadata', udt_name: 'jsonb' },
      { column_name: 'embedding', udt_name: 'vector' },
    ]);
  });

  it('keeps chat uploads out of searches without File Upload, and uses its own content column', async () => {
    const table = { tableName: 'chat_docs', contentColumnName: 'body' };
    await postgres.upsert!(live({ ...table, document: [fruit] }));
    await postgres.upsert!(
      live(
        { ...table, fileUpload: true, document: [[doc('red apple chat notes')]] },
        { run: { chatId: 'c9' } },
      ),
    );
    const retriever = await postgres.init!(live({ ...table, topK: 10 }, { output: 'retriever' }));
    if (!isRetriever(retriever)) throw new Error('no retriever');
    expect(await retriever.retrieve('red apple')).toHaveLength(3);
    const [row] = await db().query<{ body: string }>(
      `SELECT body FROM chat_docs WHERE metadata ? 'flowise_chatId'`,
    );
    expect(row!.body).toBe('red apple chat notes');
  });

  it('orders by the chosen distance and reads it as a similarity', async () => {
    for (const distanceStrategy of ['cosine', 'euclidean', 'innerProduct']) {
      const table = `by_${distanceStrategy.toLowerCase()}`;
      await postgres.upsert!(live({ tableName: table, distanceStrategy, document: [fruit] }));
      const built = (await postgres.init!(
        live({ tableName: table, distanceStrategy }, { output: 'vectorStore' }),
      )) as VectorStoreHandle;
      const hits = await built.searchByVector(
        await built.embeddings.embedQuery('red apples grow on apple trees'),
        3,
        {
          withVectors: true,
        },
      );
      expect(hits[0]!.document.pageContent).toBe('red apples grow on apple trees');
      expect(hits[0]!.score).toBeGreaterThan(hits[2]!.score);
      expect(hits[0]!.vector).toHaveLength(64);
    }
  });

  it('writes in batches and replaces a record with the same id', async () => {
    const built = (await postgres.init!(
      live({ tableName: 'batches', batchSize: 2 }, { output: 'vectorStore' }),
    )) as VectorStoreHandle;
    const id = '0b6c1a5e-1111-4111-8111-111111111111';
    await built.addVectors([[1, 0]], [doc('first')], [id]);
    await built.addVectors([[0, 1]], [doc('second\u0000', { note: 'nul\u0000' })], [id]);
    expect(await db().query('SELECT "pageContent", metadata FROM batches')).toEqual([
      { pageContent: 'second', metadata: { note: 'nul' } },
    ]);
  });

  it('says the table does not exist yet when searched before any upsert', async () => {
    const built = (await postgres.init!(
      live({ tableName: 'nothing_yet' }, { output: 'vectorStore' }),
    )) as VectorStoreHandle;
    await expect(built.searchByVector([1], 1)).rejects.toThrow(
      'Postgres: table nothing_yet does not exist yet',
    );
  });
});

describeSqlConnectionContract('Postgres', {
  type: postgres,
  kind: 'vectorStore',
  defaultPort: POSTGRES_PORT,
  connect: (built) => (built as VectorStoreHandle).searchByVector([1], 1),
});

describe('Postgres connections', () => {
  it('never sends the server’s PGPASSWORD to a database typed into a flow', async () => {
    const catcher = await passwordCatcher();
    const saved = process.env.PGPASSWORD;
    process.env.PGPASSWORD = 'operator-secret';
    try {
      const built = (await postgres.init!(
        ctx({ port: catcher.port }, { credential: { user: 'flow' }, output: 'vectorStore' }),
      )) as VectorStoreHandle;
      await expect(built.searchByVector([1], 1)).rejects.toThrow(/^Postgres \(127\.0\.0\.1:\d+\/docs\): /);
      expect(catcher.passwords).toEqual(['']);
    } finally {
      if (saved === undefined) delete process.env.PGPASSWORD;
      else process.env.PGPASSWORD = saved;
      await closeSqlPools();
      await catcher.close();
    }
  });
});
