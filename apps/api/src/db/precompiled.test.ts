import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { precompiled } from './precompiled';

describe(`a query compiled once and run with each call's value (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ DATABASE_POOL_MAX: '1' });
    const rows = ['a', 'b'].map((name) => ({
      id: `precompiled-${name}`,
      email: `precompiled-${name}@example.com`,
      firstName: name.toUpperCase(),
      lastName: 'Q',
      passwordHash: 'x',
      role: 0,
      createdAt: 1,
      updatedAt: 1,
    }));
    await ctx.app.database.db.insertInto('users').values(rows).execute();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('answers the row of each value, every place the value is used, and undefined for none', async () => {
    const { db, prepare } = ctx.app.database;
    const marked: string[] = [];
    const byIdOrEmail = precompiled(
      db,
      (value) =>
        db
          .selectFrom('users')
          .select(['id', 'firstName'])
          .where((eb) => eb.or([eb('id', '=', value), eb('email', '=', value)]))
          .where('role', '=', 0),
      (text) => {
        marked.push(text);
        prepare(text);
      },
    );
    expect(await byIdOrEmail('precompiled-a')).toEqual({ id: 'precompiled-a', firstName: 'A' });
    expect(await byIdOrEmail('precompiled-b@example.com')).toEqual({ id: 'precompiled-b', firstName: 'B' });
    expect(await byIdOrEmail('nobody')).toBeUndefined();
    // Compiled (and marked to keep its plan) once, on first use.
    expect(marked).toHaveLength(1);
  });

  it('refuses a query that does not use its value', async () => {
    const { db } = ctx.app.database;
    const broken = precompiled(db, () => db.selectFrom('users').select('id').where('id', '=', 'fixed'));
    await expect(broken()).rejects.toThrow(/does not use its value/);
    const half = precompiled(db, (id: string, _unused: string) =>
      db.selectFrom('users').select('id').where('id', '=', id),
    );
    await expect(half('x', 'y')).rejects.toThrow(/does not use its value/);
  });

  it('takes several values, each in its own places', async () => {
    const { db } = ctx.app.database;
    const byIdAndName = precompiled(db, (id: string, name: string) =>
      db.selectFrom('users').select('id').where('id', '=', id).where('firstName', '=', name),
    );
    expect(await byIdAndName('precompiled-a', 'A')).toEqual({ id: 'precompiled-a' });
    expect(await byIdAndName('precompiled-a', 'B')).toBeUndefined();
    expect(await byIdAndName('precompiled-b', 'B')).toEqual({ id: 'precompiled-b' });
  });
});
