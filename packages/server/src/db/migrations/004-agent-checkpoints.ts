import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations build schema for any database shape */

/**
 * Agent graph checkpoints (issue 14): where a Sequential Agents or team run waits for a tool approval,
 * and the remembered conversation of a flow whose Agent Memory uses the app database. One row per
 * conversation thread (`<flowId>:<session>`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('agent_checkpoint')
    .addColumn('workspaceId', 'text', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('threadId', 'text', (c) => c.notNull())
    .addColumn('flowId', 'text', (c) => c.notNull())
    .addColumn('checkpoint', 'text', (c) => c.notNull())
    .addColumn('updatedDate', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_agent_checkpoint', ['workspaceId', 'threadId'])
    .execute();
  await db.schema.createIndex('idx_agent_checkpoint_flow').on('agent_checkpoint').column('flowId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('agent_checkpoint').execute();
}
