import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { workspaceTable } from '../../db/workspace-table.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../runtime.js';
import type { AuthContext } from '../auth/auth.service.js';

type NamedTable = 'variable' | 'tool';

/**
 * CRUD for a workspace resource whose name is unique in its workspace (variables are referenced as
 * `$vars.NAME`, tools are offered to models by name, so a second one of the same name is refused).
 */
export function createNamedResourceService<T extends NamedTable>({
  db,
  clock,
  table: tableName,
  label,
}: {
  db: Db;
  clock: Clock;
  table: T;
  label: string;
}) {
  type Row = Selectable<Database[T]>;
  const table = workspaceTable(db, tableName, { column: 'updatedDate', direction: 'desc' });

  const assertNameFree = (ctx: AuthContext, name: string, exceptId?: string) =>
    table.assertNameFree(ctx.workspaceId, name, label.toLowerCase(), exceptId);

  return {
    list: (ctx: AuthContext, range?: { offset: number; limit: number }): Promise<Row[]> =>
      table.list(ctx.workspaceId, range),
    count: (ctx: AuthContext) => table.count(ctx.workspaceId),
    async get(ctx: AuthContext, id: string): Promise<Row> {
      const row = await table.find(ctx.workspaceId, id);
      if (!row) throw new AppError('NOT_FOUND', `${label} ${id} not found`);
      return row;
    },
    async create(
      ctx: AuthContext,
      body: Omit<Insertable<Database[T]>, 'id' | 'workspaceId' | 'createdDate' | 'updatedDate'> & {
        name: string;
      },
    ): Promise<Row> {
      await assertNameFree(ctx, body.name);
      const at = clock.now().toISOString();
      const row = {
        ...body,
        id: randomUUID(),
        workspaceId: ctx.workspaceId,
        createdDate: at,
        updatedDate: at,
      } as unknown as Row;
      await table.insert(row as Insertable<Database[T]>);
      return row;
    },
    async update(
      ctx: AuthContext,
      id: string,
      body: Updateable<Database[T]> & { name?: string },
    ): Promise<Row> {
      const row = await this.get(ctx, id);
      if (body.name !== undefined) await assertNameFree(ctx, body.name, id);
      const patch = { ...body, updatedDate: clock.now().toISOString() } as Updateable<Database[T]>;
      await table.update(ctx.workspaceId, id, patch);
      return { ...row, ...patch };
    },
    async remove(ctx: AuthContext, id: string): Promise<void> {
      if (!(await table.remove(ctx.workspaceId, id)))
        throw new AppError('NOT_FOUND', `${label} ${id} not found`);
    },
    removeAll: (ctx: AuthContext, ids: readonly string[]) => table.removeAll(ctx.workspaceId, ids),
  };
}
export type NamedResourceService<T extends NamedTable> = ReturnType<typeof createNamedResourceService<T>>;
