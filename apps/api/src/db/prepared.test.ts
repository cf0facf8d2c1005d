import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';

describe(`statements marked to keep their plan (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ DATABASE_POOL_MAX: '1' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('runs a marked statement by name on PostgreSQL, with each call its own values', async () => {
    const { db, kind, prepare } = ctx.app.database;
    const query = sql<{ n: number }>`select count(*) as n from users where role = ${0} or email = ${'x'}`.compile(db);
    prepare(query.sql);
    prepare(query.sql);
    const run = async (role: number, email: string) =>
      Number((await db.executeQuery<{ n: number }>({ ...query, parameters: [role, email] })).rows[0]!.n);
    expect(await run(42, 'nobody@example.com')).toBe(0);
    await db
      .insertInto('users')
      .values({
        id: 'prepared-user',
        email: 'prepared@example.com',
        firstName: 'P',
        lastName: 'Q',
        role: 0,
        passwordHash: 'not-a-hash',
        createdAt: 0,
        updatedAt: 0,
      })
      .execute();
    expect(await run(42, 'prepared@example.com')).toBe(1);
    expect(await run(42, 'nobody@example.com')).toBe(0);
    if (kind === 'postgres') {
      // One connection in the pool: the session that ran the statement is the one asked.
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(db);
      expect(rows).toEqual([{ name: expect.stringMatching(/^hp_\d+$/), statement: query.sql }]);
    }
  });
});
