import type { CheckpointStore, GraphCheckpoint, NodeContext, NodeType } from '@flowloom/engine';
import type { NodeDefinition, NodeParam } from '@flowloom/shared';
import { stringInput } from '../llm/chat-model.js';
import { postgresTarget, POSTGRES_PORT } from '../connections/postgres-inputs.js';
import { MYSQL_PORT, mysqlTarget } from '../connections/mysql-inputs.js';
import {
  mysqlQueries,
  postgresQueries,
  sqlErrorCode,
  type SqlTarget,
} from '../connections/sql-connections.js';
import { cachedLoad } from '../utilities/cached-load.js';
import { badgeIcon } from '../utilities/icons.js';

/** Our checkpoints share Flowise's `checkpoints` table under one id per thread. */
const CHECKPOINT_ID = 'flowloom';

type MemoryDefinition = Omit<NodeDefinition, 'icon'>;

const memoryDefinition = (
  fields: Pick<MemoryDefinition, 'label' | 'name' | 'description' | 'inputs'> &
    Partial<Pick<MemoryDefinition, 'credential' | 'badge'>>,
): MemoryDefinition => ({
  version: 1,
  type: 'AgentMemory',
  category: 'Memory',
  baseClasses: ['AgentMemory', 'BaseCheckpointSaver'],
  ...fields,
});

const additionalConfigParam: NodeParam = {
  label: 'Additional Connection Configuration',
  name: 'additionalConfig',
  type: 'json',
  description:
    'Driver options such as ssl (where to connect and as whom come from the inputs and credential)',
  optional: true,
  additionalParams: true,
};

const databaseFilePathParam: NodeParam = {
  label: 'Database File Path',
  name: 'databaseFilePath',
  type: 'string',
  description: 'Flowloom keeps SQLite agent memory in its own database; a path set here is not used',
  optional: true,
  additionalParams: true,
};

/** Checkpoints in the app database (what SQLite agent memory means in Flowloom). */
function appDatabaseMemory(ctx: NodeContext): CheckpointStore {
  if (stringInput(ctx.inputs.databaseFilePath))
    ctx.run.services.logger.warn(
      'Agent Memory: Database File Path is not used; memory is kept in the app database',
      {
        nodeId: ctx.node.id,
      },
    );
  return ctx.run.services.checkpoints;
}

function parse(data: unknown): GraphCheckpoint | undefined {
  if (data === null || data === undefined) return undefined;
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : typeof data === 'string' ? data : '';
  try {
    const parsed = JSON.parse(text) as GraphCheckpoint;
    return parsed.version === 1 ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Checkpoints in the user's PostgreSQL, in a `checkpoints` table made when first used. */
export function postgresCheckpoints(ctx: NodeContext, target: SqlTarget): CheckpointStore {
  const query = postgresQueries(ctx, target);
  const ready = cachedLoad(() =>
    query(
      `CREATE TABLE IF NOT EXISTS checkpoints (
         thread_id TEXT NOT NULL, checkpoint_id TEXT NOT NULL, parent_id TEXT,
         checkpoint BYTEA, metadata BYTEA, PRIMARY KEY (thread_id, checkpoint_id))`,
    ).catch((error: unknown) => {
      if (!['23505', '42P07'].includes(sqlErrorCode(error) ?? '')) throw error;
      return [];
    }),
  ).get;
  return {
    async load(threadId) {
      await ready();
      const rows = await query<{ checkpoint: Buffer }>(
        'SELECT checkpoint FROM checkpoints WHERE thread_id = $1 AND checkpoint_id = $2',
        [threadId, CHECKPOINT_ID],
      );
      return parse(rows[0]?.checkpoint);
    },
    async save(threadId, checkpoint) {
      await ready();
      await query(
        `INSERT INTO checkpoints (thread_id, checkpoint_id, parent_id, checkpoint, metadata)
         VALUES ($1, $2, NULL, $3, $4)
         ON CONFLICT (thread_id, checkpoint_id) DO UPDATE SET checkpoint = EXCLUDED.checkpoint`,
        [
          threadId,
          CHECKPOINT_ID,
          Buffer.from(JSON.stringify(checkpoint)),
          Buffer.from('{"source":"flowloom"}'),
        ],
      );
    },
    async clear(threadId) {
      await ready();
      await query('DELETE FROM checkpoints WHERE thread_id = $1', [threadId]);
    },
  };
}

/** Checkpoints in the user's MySQL or MariaDB, in a `checkpoints` table made when first used. */
export function mysqlCheckpoints(ctx: NodeContext, target: SqlTarget): CheckpointStore {
  const query = mysqlQueries(ctx, target);
  const ready = cachedLoad(() =>
    query(
      `CREATE TABLE IF NOT EXISTS checkpoints (
         thread_id VARCHAR(255) NOT NULL, checkpoint_id VARCHAR(255) NOT NULL, parent_id VARCHAR(255),
         checkpoint LONGBLOB, metadata BLOB, PRIMARY KEY (thread_id, checkpoint_id)
       ) CHARACTER SET utf8mb4`,
    ),
  ).get;
  return {
    async load(threadId) {
      await ready();
      const rows = await query<{ checkpoint: Buffer }[]>(
        'SELECT checkpoint FROM checkpoints WHERE thread_id = ? AND checkpoint_id = ?',
        [threadId, CHECKPOINT_ID],
      );
      return parse(rows[0]?.checkpoint);
    },
    async save(threadId, checkpoint) {
      await ready();
      await query(
        `INSERT INTO checkpoints (thread_id, checkpoint_id, parent_id, checkpoint, metadata)
         VALUES (?, ?, NULL, ?, ?) ON DUPLICATE KEY UPDATE checkpoint = VALUES(checkpoint)`,
        [
          threadId,
          CHECKPOINT_ID,
          Buffer.from(JSON.stringify(checkpoint)),
          Buffer.from('{"source":"flowloom"}'),
        ],
      );
    },
    async clear(threadId) {
      await ready();
      await query('DELETE FROM checkpoints WHERE thread_id = ?', [threadId]);
    },
  };
}

const serverInputs = (port: number, show?: Record<string, unknown>): NodeParam[] => [
  { label: 'Host', name: 'host', type: 'string', ...(show && { show, optional: true }) },
  { label: 'Database', name: 'database', type: 'string', ...(show && { show, optional: true }) },
  {
    label: 'Port',
    name: 'port',
    type: 'number',
    placeholder: String(port),
    optional: true,
    ...(show && { show }),
  },
];

export const agentMemory: NodeType = {
  icon: badgeIcon('AM', '#3949ab'),
  definition: memoryDefinition({
    label: 'Agent Memory',
    name: 'agentMemory',
    badge: 'DEPRECATING',
    description: 'Remembers the state of an agent conversation between messages',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['PostgresApi', 'MySQLApi'],
      optional: true,
    },
    inputs: [
      {
        label: 'Database',
        name: 'databaseType',
        type: 'options',
        options: [
          { label: 'SQLite', name: 'sqlite' },
          { label: 'PostgreSQL', name: 'postgres' },
          { label: 'MySQL', name: 'mysql' },
        ],
        default: 'sqlite',
      },
      databaseFilePathParam,
      ...serverInputs(POSTGRES_PORT, { databaseType: ['postgres', 'mysql'] }),
      additionalConfigParam,
    ],
  }),
  async init(ctx) {
    const type = stringInput(ctx.inputs.databaseType) ?? 'sqlite';
    if (type === 'postgres') return postgresCheckpoints(ctx, await postgresTarget(ctx, 'Agent Memory'));
    if (type === 'mysql') return mysqlCheckpoints(ctx, await mysqlTarget(ctx, 'Agent Memory'));
    return appDatabaseMemory(ctx);
  },
};

export const sqliteAgentMemory: NodeType = {
  icon: badgeIcon('SQ', '#0277bd'),
  definition: memoryDefinition({
    label: 'SQLite Agent Memory',
    name: 'sqliteAgentMemory',
    description: 'Remembers the state of an agent conversation in Flowloom’s own database',
    inputs: [databaseFilePathParam, additionalConfigParam],
  }),
  init: (ctx) => appDatabaseMemory(ctx),
};

export const postgresAgentMemory: NodeType = {
  icon: badgeIcon('PG', '#336791'),
  definition: memoryDefinition({
    label: 'Postgres Agent Memory',
    name: 'postgresAgentMemory',
    description: 'Remembers the state of an agent conversation in your PostgreSQL database',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['PostgresApi'],
    },
    inputs: [...serverInputs(POSTGRES_PORT), additionalConfigParam],
  }),
  async init(ctx) {
    return postgresCheckpoints(ctx, await postgresTarget(ctx, ctx.node.label || 'Postgres Agent Memory'));
  },
};

export const mySQLAgentMemory: NodeType = {
  icon: badgeIcon('My', '#00758f'),
  definition: memoryDefinition({
    label: 'MySQL Agent Memory',
    name: 'mySQLAgentMemory',
    description: 'Remembers the state of an agent conversation in your MySQL or MariaDB database',
    credential: {
      label: 'Connect Credential',
      name: 'credential',
      type: 'credential',
      credentialNames: ['MySQLApi'],
    },
    inputs: [...serverInputs(MYSQL_PORT), additionalConfigParam],
  }),
  async init(ctx) {
    return mysqlCheckpoints(ctx, await mysqlTarget(ctx, ctx.node.label || 'MySQL Agent Memory'));
  },
};
