import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, migrateToLatest, type Db } from './database.js';
import { preparedInsert, preparedQuery } from './prepared.js';

let db: Db;
beforeAll(async () => {
  db = (await openDatabase({ url: ':memory:' })).db;
  await migrateToLatest(db);
  await sql`PRAGMA foreign_keys = OFF`.execute(db); // variables of workspaces this test does not create
  const now = new Date().toISOString();
  for (const [id, name, workspaceId] of [
    ['v1', 'alpha', 'w1'],
    ['v2', 'beta', 'w1'],
    ['v3', 'alpha', 'w2'],
  ] as const) {
    await db
      .insertInto('variable')
      .values({
        id,
        name,
        value: `${name}@${workspaceId}`,
        type: 'static',
        workspaceId,
        createdDate: now,
        updatedDate: now,
      })
      .execute();
  }
});
afterAll(() => db.destroy());

describe('preparedQuery', () => {
  it('runs the compiled query with each call’s arguments, in the order the query uses them', async () => {
    const byName = preparedQuery(db, 2, (name: string, workspaceId: string) =>
      db
        .selectFrom('variable')
        .select('value')
        .where('workspaceId', '=', workspaceId)
        .where('name', '=', name),
    );
    expect(await byName('alpha', 'w1')).toEqual([{ value: 'alpha@w1' }]);
    expect(await byName('alpha', 'w2')).toEqual([{ value: 'alpha@w2' }]);
    expect(await byName('beta', 'w2')).toEqual([]);
  });

  it('keeps constants of the query', async () => {
    const notStatic = preparedQuery(db, 1, (workspaceId: string) =>
      db
        .selectFrom('variable')
        .select('name')
        .where('workspaceId', '=', workspaceId)
        .where('type', '=', 'static')
        .orderBy('name'),
    );
    expect(await notStatic('w1')).toEqual([{ name: 'alpha' }, { name: 'beta' }]);
  });

  it('refuses a query that ignores one of its arguments', () => {
    expect(() =>
      preparedQuery(db, 2, (workspaceId: string, _unused: string) =>
        db.selectFrom('variable').select('name').where('workspaceId', '=', workspaceId),
      ),
    ).toThrow(/argument 1 is not used/);
  });
});

describe('preparedInsert', () => {
  const columns = [
    'id',
    'name',
    'description',
    'color',
    'iconSrc',
    'workspaceId',
    'createdDate',
    'updatedDate',
  ] as const;
  const row = (id: string, iconSrc: string | undefined) => ({
    id,
    name: `n-${id}`,
    description: `d-${id}`,
    color: '#fff',
    iconSrc,
    workspaceId: 'w9',
    createdDate: '2026-01-01T00:00:00.000Z',
    updatedDate: '2026-01-01T00:00:00.000Z',
  });
  const stored = () =>
    db
      .selectFrom('tool')
      .select(['id', 'name', 'description', 'iconSrc'])
      .where('workspaceId', '=', 'w9')
      .orderBy('id')
      .execute();

  it('writes any number of rows, each value in its own column, a missing one as NULL', async () => {
    const insert = preparedInsert(db, 'tool', columns);
    await insert([row('a1', 'one')]);
    await insert([row('a2', 'two'), row('a3', undefined), row('a4', 'four')]);
    await insert([row('a5', 'five')]); // the one-row statement again
    await insert([]);
    expect(await stored()).toEqual([
      { id: 'a1', name: 'n-a1', description: 'd-a1', iconSrc: 'one' },
      { id: 'a2', name: 'n-a2', description: 'd-a2', iconSrc: 'two' },
      { id: 'a3', name: 'n-a3', description: 'd-a3', iconSrc: null },
      { id: 'a4', name: 'n-a4', description: 'd-a4', iconSrc: 'four' },
      { id: 'a5', name: 'n-a5', description: 'd-a5', iconSrc: 'five' },
    ]);
  });

  it('writes all rows of one call or none', async () => {
    const insert = preparedInsert(db, 'tool', columns);
    await expect(insert([row('b1', 'x'), row('a1', 'duplicate id')])).rejects.toThrow(/UNIQUE/);
    expect((await stored()).map((r) => r.id)).not.toContain('b1');
  });
});
