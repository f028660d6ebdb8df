import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Database } from './schema.js';
import type { Db } from './database.js';

/** Tables whose rows belong to a workspace and carry created/updated dates. */
export type WorkspaceTableName = {
  [K in keyof Database]: Database[K] extends { workspaceId: string; id: string; updatedDate: string } ? K : never;
}[keyof Database];

export interface ListOptions {
  where?: Record<string, string | number | null>;
  offset?: number;
  limit?: number;
}

/**
 * Workspace-scoped CRUD for one table: every statement filters by `workspaceId`, so a row of another
 * workspace is indistinguishable from a missing one.
 */
export function workspaceTable<T extends WorkspaceTableName>(db: Db, table: T, order: { column: string; direction: 'asc' | 'desc' }) {
  type Row = Selectable<Database[T]>;
  // Kysely cannot type a table chosen at run time; the public methods below restore the row types.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const q = db as any;

  function scoped(builder: any, workspaceId: string, where: ListOptions['where']) {
    let out = builder.where('workspaceId', '=', workspaceId);
    for (const [column, value] of Object.entries(where ?? {})) {
      out = value === null ? out.where(column, 'is', null) : out.where(column, '=', value);
    }
    return out;
  }

  return {
    async list(workspaceId: string, options: ListOptions = {}): Promise<Row[]> {
      let query = scoped(q.selectFrom(table).selectAll(), workspaceId, options.where).orderBy(order.column, order.direction);
      if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
      return (await query.execute()) as Row[];
    },
    async count(workspaceId: string, where?: ListOptions['where']): Promise<number> {
      const row = await scoped(q.selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')), workspaceId, where).executeTakeFirstOrThrow();
      return Number((row as { n: number | string }).n);
    },
    async find(workspaceId: string, id: string, trx: Db = db): Promise<Row | undefined> {
      return (await scoped((trx as any).selectFrom(table).selectAll(), workspaceId, { id }).executeTakeFirst()) as Row | undefined;
    },
    async findByName(workspaceId: string, name: string): Promise<Row | undefined> {
      return (await scoped(q.selectFrom(table).selectAll(), workspaceId, { name }).executeTakeFirst()) as Row | undefined;
    },
    async insert(row: Insertable<Database[T]>, trx: Db = db): Promise<void> {
      await (trx as any).insertInto(table).values(row).execute();
    },
    /** Returns false when no row of that id exists in the workspace. */
    async update(workspaceId: string, id: string, patch: Updateable<Database[T]>, trx: Db = db): Promise<boolean> {
      const result = await scoped((trx as any).updateTable(table).set(patch), workspaceId, { id }).executeTakeFirst();
      return Number((result as { numUpdatedRows: bigint }).numUpdatedRows) > 0;
    },
    async remove(workspaceId: string, id: string, trx: Db = db): Promise<boolean> {
      const result = await scoped((trx as any).deleteFrom(table), workspaceId, { id }).executeTakeFirst();
      return Number((result as { numDeletedRows: bigint }).numDeletedRows) > 0;
    },
  };
}
export type WorkspaceTable<T extends WorkspaceTableName> = ReturnType<typeof workspaceTable<T>>;
