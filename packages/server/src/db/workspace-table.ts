import { AppError } from '../errors.js';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema.js';
import type { Db } from './database.js';
import { preparedQuery } from './prepared.js';

/** Tables whose rows belong to a workspace and carry created/updated dates. */
export type WorkspaceTableName = {
  [K in keyof Database]: Database[K] extends { workspaceId: string; id: string; updatedDate: string }
    ? K
    : never;
}[keyof Database];

/** The columns this helper touches, common to every workspace table (`name`/`type` only where filtered on). */
interface CommonRow {
  id: string;
  workspaceId: string;
  name: string;
  type: string;
  createdDate: string;
  updatedDate: string;
}
/** One nominal table: statements use the real table name at run time, typed against the common columns. */
type CommonDb = Kysely<{ rows: CommonRow }>;
type Column = keyof CommonRow;

export interface ListOptions {
  where?: Partial<Pick<CommonRow, 'type' | 'name'>>;
  offset?: number;
  limit?: number;
}

/**
 * Workspace-scoped CRUD for one table: every statement filters by `workspaceId`, so a row of another
 * workspace is indistinguishable from a missing one.
 */
export function workspaceTable<T extends WorkspaceTableName>(
  db: Db,
  table: T,
  order: { column: Column; direction: 'asc' | 'desc' },
) {
  type Row = Selectable<Database[T]>;
  // Kysely cannot type a table chosen at run time: statements are built against the common columns,
  // and the public methods restore the table's own row types.
  const common = (handle: Db) => handle as unknown as CommonDb;
  const from = table as unknown as 'rows';
  const filters = (where: ListOptions['where']) => Object.entries(where ?? {}) as [Column, string][];
  // Flow runs look rows up by id (credentials, tools) on every request: that read is compiled once.
  const findById = preparedQuery(db, 2, (workspaceId: string, id: string) =>
    common(db).selectFrom(from).selectAll().where('workspaceId', '=', workspaceId).where('id', '=', id),
  );

  return {
    async list(workspaceId: string, options: ListOptions = {}): Promise<Row[]> {
      let query = common(db).selectFrom(from).selectAll().where('workspaceId', '=', workspaceId);
      for (const [column, value] of filters(options.where)) query = query.where(column, '=', value);
      query = query.orderBy(order.column, order.direction);
      if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
      return (await query.execute()) as unknown as Row[];
    },
    async count(workspaceId: string, where?: ListOptions['where']): Promise<number> {
      let query = common(db)
        .selectFrom(from)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('workspaceId', '=', workspaceId);
      for (const [column, value] of filters(where)) query = query.where(column, '=', value);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },
    async find(workspaceId: string, id: string, trx: Db = db): Promise<Row | undefined> {
      if (trx === db) return (await findById(workspaceId, id))[0] as unknown as Row | undefined;
      const row = await common(trx)
        .selectFrom(from)
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row as unknown as Row | undefined;
    },
    async findByName(workspaceId: string, name: string): Promise<Row | undefined> {
      const row = await common(db)
        .selectFrom(from)
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row as unknown as Row | undefined;
    },
    /** Refuses (409) a name another row of the workspace has: `A credential named "X" already exists`. */
    async assertNameFree(workspaceId: string, name: string, noun: string, exceptId?: string): Promise<void> {
      const existing = await this.findByName(workspaceId, name);
      if (existing && (existing as unknown as CommonRow).id !== exceptId)
        throw new AppError('CONFLICT', `A ${noun} named "${name}" already exists`);
    },
    async insert(row: Insertable<Database[T]>, trx: Db = db): Promise<void> {
      await common(trx)
        .insertInto(from)
        .values(row as unknown as CommonRow)
        .execute();
    },
    /** Returns false when no row of that id exists in the workspace. */
    async update(
      workspaceId: string,
      id: string,
      patch: Updateable<Database[T]>,
      trx: Db = db,
    ): Promise<boolean> {
      const result = await common(trx)
        .updateTable(from)
        .set(patch as unknown as Partial<CommonRow>)
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    /**
     * Deletes every row of `ids` in the workspace, or none: in one transaction, and only when each of
     * them is there. Answers how many ids were not found (then nothing was deleted).
     */
    async removeAll(
      workspaceId: string,
      ids: readonly string[],
    ): Promise<{ deleted: number; missing: number }> {
      return removeAllOrNothing(db, table, workspaceId, ids);
    },
    async remove(workspaceId: string, id: string, trx: Db = db): Promise<boolean> {
      const result = await common(trx)
        .deleteFrom(from)
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

/**
 * Deletes the rows `ids` of a workspace table in one transaction, all or nothing: when any id is
 * not a row of the workspace (missing, or another workspace's), nothing is deleted and the count of
 * those ids is answered. Repeated ids count once.
 */
export async function removeAllOrNothing(
  db: Db,
  table: WorkspaceTableName,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ deleted: number; missing: number }> {
  const unique = [...new Set(ids)];
  const from = table as unknown as 'rows';
  return db.transaction().execute(async (trx) => {
    const handle = trx as unknown as CommonDb;
    const found = await handle
      .selectFrom(from)
      .select('id')
      .where('workspaceId', '=', workspaceId)
      .where('id', 'in', unique)
      .execute();
    if (found.length < unique.length) return { deleted: 0, missing: unique.length - found.length };
    const result = await handle
      .deleteFrom(from)
      .where('workspaceId', '=', workspaceId)
      .where('id', 'in', unique)
      .executeTakeFirst();
    return { deleted: Number(result.numDeletedRows), missing: 0 };
  });
}
