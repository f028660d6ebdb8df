import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, migrateToLatest, type Db } from './database.js';
import { preparedQuery } from './prepared.js';

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
