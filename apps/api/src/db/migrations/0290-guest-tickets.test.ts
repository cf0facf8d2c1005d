import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from './index';

/**
 * Migration 0290 rebuilds the tickets table on SQLite (docs/decisions/053-servers-section-guest-tickets-and-blog-addresses.md): the tickets and their messages written
 * before it must come through whole, their foreign keys intact, and the account counter still move for them.
 */
describe('migration 0290 on SQLite, with tickets already written', () => {
  it('keeps every ticket and message, and takes guest tickets afterwards', async () => {
    const handle = new SQLite(':memory:');
    handle.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: handle }), plugins: [new CamelCasePlugin()] }); // eslint-disable-line @typescript-eslint/no-explicit-any
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0230-create-certificates');
    expect(before.error).toBeUndefined();

    const now = Date.UTC(2026, 10, 1);
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'B',
        passwordHash: 'h',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('tickets')
      .values({
        id: 't1',
        number: 1001,
        userId: 'u1',
        subject: 'Old',
        department: 'technical',
        priority: 'high',
        status: 'answered',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db
      .insertInto('ticketMessages')
      .values({ id: 'm1', ticketId: 't1', authorId: 'u1', authorKind: 'customer', body: 'Hello there', createdAt: now })
      .execute();

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    expect(handle.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(await db.selectFrom('tickets').selectAll().execute()).toEqual([
      expect.objectContaining({
        id: 't1',
        number: 1001,
        userId: 'u1',
        subject: 'Old',
        status: 'answered',
        guestEmail: null,
      }),
    ]);
    expect(await db.selectFrom('ticketMessages').select(['id', 'ticketId']).execute()).toEqual([
      { id: 'm1', ticketId: 't1' },
    ]);
    expect(handle.pragma('foreign_key_check')).toEqual([]);
    const indexes = (
      await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'tickets'`.execute(
        db,
      )
    ).rows.map((r) => r.name);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'tickets_user_updated',
        'tickets_user_status',
        'tickets_status_priority',
        'tickets_assigned',
        'tickets_guest_email',
      ]),
    );

    // An account's ticket still moves its counter; a guest ticket moves none and needs its address.
    const counter = async () =>
      (await db.selectFrom('accountGenerations').select('value').where('userId', '=', 'u1').executeTakeFirst())
        ?.value ?? 0;
    const start = await counter();
    await db.updateTable('tickets').set({ status: 'closed' }).where('id', '=', 't1').execute();
    expect(await counter()).toBe(start + 1);
    await db
      .insertInto('tickets')
      .values({
        id: 't2',
        number: 1002,
        userId: null,
        guestEmail: 'v@example.org',
        guestName: 'V',
        guestLanguage: 'en',
        subject: 'Q',
        department: 'general',
        priority: 'medium',
        status: 'open',
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    await db.updateTable('tickets').set({ status: 'answered' }).where('id', '=', 't2').execute();
    expect(
      Number(
        (
          await db
            .selectFrom('accountGenerations')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
    await expect(
      db
        .insertInto('tickets')
        .values({
          id: 't3',
          number: 1003,
          userId: null,
          subject: 'Q',
          department: 'general',
          priority: 'medium',
          status: 'open',
          createdAt: now,
          updatedAt: now,
        })
        .execute(),
    ).rejects.toThrow(/CHECK constraint failed/);
    await db.destroy();
  });
});
