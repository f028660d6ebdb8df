import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations build schema for any database shape */

/** Why an execution ended without finishing (e.g. the server stopped while it ran), shown in Executions. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('execution').addColumn('stoppedReason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('execution').dropColumn('stoppedReason').execute();
}
