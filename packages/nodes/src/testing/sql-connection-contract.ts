import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NodeType } from '@flowloom/engine';
import { SERVICE_TIMEOUTS } from '../connections/service-call.js';
import { closeSqlPools } from '../connections/sql-connections.js';
import { silentServer } from './sql-test-servers.js';
import type { TestDatabase } from './test-databases.js';
import { storeContexts, type StoreContextOptions } from './vector-store-contract.js';

/**
 * The database of one describe block's tests: opened before them, its node pools closed and itself
 * dropped after. Read it inside a test (or a hook that runs after this one).
 */
export function useTestDatabase(open: () => Promise<TestDatabase>): () => TestDatabase {
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(async () => {
    await closeSqlPools();
    await db?.drop();
  });
  return () => {
    if (!db) throw new Error('the test database is not open yet');
    return db;
  };
}

/** What the shared contract needs to know about one node that connects to the user's database. */
export interface SqlNodeUnderTest {
  type: NodeType;
  /** What the node builds (`recordManager`, `vectorStore`, `memory`), and the output asked for. */
  kind: 'recordManager' | 'vectorStore' | 'memory';
  defaultPort: number;
  /** The node's first call that needs the database, on what it built. */
  connect(built: unknown): Promise<unknown>;
}

/** The database name the contract types on the node. */
const DATABASE = 'records';

/**
 * How every node that connects to a database of the user's (Host, Port, Database inputs and a
 * credential with User, Password and Server) guards the connection, without a database: the
 * credential's server rule, the address guard, Additional Configuration and the connect timeout.
 */
export function describeSqlConnectionContract(label: string, node: SqlNodeUnderTest): void {
  const ctx = storeContexts(node.type, {
    inputs: () => ({ host: '127.0.0.1', database: DATABASE }),
    credential: () => ({ user: 'flow' }),
  });
  const init = (inputs: Record<string, unknown>, options: StoreContextOptions = {}) =>
    node.type.init!(ctx(inputs, { output: node.kind, ...options }));
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

  describe(`${label} (SQL connection contract)`, () => {
    it('refuses a host typed on the node that is not the credential’s server while it holds a password', async () => {
      const credential = { user: 'u', password: 'p', server: 'db.internal:6543' };
      await expect(init({}, { credential })).rejects.toThrow(
        new RegExp(
          `^${escaped}: 127\\.0\\.0\\.1:${node.defaultPort} is not where this node's credential may be sent \\(db\\.internal:6543\\)\\. .*"Server" in the credential`,
        ),
      );
      // Without a typed host the credential's server is used.
      await expect(init({ host: '' }, { credential })).resolves.toMatchObject({ kind: node.kind });
      // The credential's own server, with the default port written or not, is fine.
      await expect(
        init(
          { host: 'DB.example.com', port: node.defaultPort },
          { credential: { user: 'u', password: 'p', server: 'db.example.com' } },
        ),
      ).resolves.toMatchObject({ kind: node.kind });
    });

    it('asks for a credential with a user', async () => {
      await expect(init({}, { credential: {} })).rejects.toThrow(
        `${label}: connect a credential with the User to log in as`,
      );
    });

    it('refuses Additional Configuration that would say where to connect', async () => {
      await expect(init({ additionalConfig: '{"host": "evil.example"}' })).rejects.toThrow(
        `${label}: Additional Configuration may not set host`,
      );
      await expect(init({ additionalConfig: { socketPath: '/var/run/mysqld.sock' } })).rejects.toThrow(
        `${label}: Additional Configuration may not set socketPath`,
      );
    });

    it('refuses an address the guard refuses, naming FLOWLOOM_HTTP_ALLOW', async () => {
      const refusing = (reason: string) => ({ services: { addressCheck: () => reason } });
      await expect(node.connect(await init({}, refusing('loopback')))).rejects.toThrow(
        `${label}: refused to connect to 127.0.0.1: a loopback address. An administrator can allow it with FLOWLOOM_HTTP_ALLOW.`,
      );
      await expect(node.connect(await init({}, refusing('private')))).rejects.toThrow(
        new RegExp(`^${escaped}: refused to connect to .*a private address\\. .*FLOWLOOM_HTTP_ALLOW`),
      );
    });

    it('ends with a timeout message when the database does not answer', async () => {
      const silent = await silentServer();
      const limit = SERVICE_TIMEOUTS.connectMs;
      SERVICE_TIMEOUTS.connectMs = 300;
      try {
        await expect(node.connect(await init({ port: silent.port }))).rejects.toThrow(
          new RegExp(
            `^${escaped} \\(127\\.0\\.0\\.1:\\d+\\/${DATABASE}\\): could not connect within 0\\.3 s$`,
          ),
        );
      } finally {
        SERVICE_TIMEOUTS.connectMs = limit;
        await closeSqlPools();
        await silent.close();
      }
    });
  });
}
