import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/password';
import { createUsersRepository } from '../modules/accounts/users.repository';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { seedDemo, seedDemoAccounts } from './seed';

describe(`migrations and demo seed (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ SEED_DEMO: 'true' });
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('creates the demo customer (role 0) and administrator (role 1) with argon2id hashes', async () => {
    const users = createUsersRepository(ctx.app.database.db);
    const customer = await users.findByEmail(DEMO_CUSTOMER.email);
    const admin = await users.findByEmail(DEMO_ADMIN.email);
    expect(customer).toMatchObject({ firstName: DEMO_CUSTOMER.firstName, role: 0 });
    expect(admin).toMatchObject({ firstName: DEMO_ADMIN.firstName, role: 1 });
    expect(customer!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(customer!.passwordHash, DEMO_CUSTOMER.password)).toBe(true);
    expect(await verifyPassword(customer!.passwordHash, 'wrong-password')).toBe(false);
    expect(typeof customer!.createdAt).toBe('number');
  });

  it('places no more services on a server than its capacity, and its samples stay within 0-100 % (issue 31)', async () => {
    const db = ctx.app.database.db;
    const servers = await db
      .selectFrom('servers')
      .select(['id', 'type', 'capacity'])
      .select((eb) =>
        eb
          .selectFrom('services')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('services.serverId', '=', 'servers.id')
          .where('services.status', '!=', 'cancelled')
          .as('placed'),
      )
      .execute();
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) expect(Number(server.placed), server.id).toBeLessThanOrEqual(server.capacity);
    const dedicated = servers.find((server) => server.type === 'dedicated')!;
    expect(Number(dedicated.placed)).toBe(1);
    const extremes = await db
      .selectFrom('serverUsageSamples')
      .select((eb) => [eb.fn.max('cpuPercent').as('cpu'), eb.fn.max('memoryPercent').as('memory')])
      .executeTakeFirstOrThrow();
    expect(Number(extremes.cpu)).toBeLessThan(90);
    expect(Number(extremes.memory)).toBeLessThan(90);
  });

  it('is idempotent, and migrations are too', async () => {
    expect(await seedDemoAccounts(ctx.app.database.db)).toEqual([]);
    expect(await ctx.app.database.migrate()).toEqual([]);
  });

  it('a second run adds nothing: same row counts in every table', async () => {
    const db = ctx.app.database.db;
    const count = async () => {
      const tables = ['users', 'servers', 'services', 'domains', 'invoices', 'ledgerEntries', 'tickets'] as const;
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const row = await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        counts[table] = Number(row.n);
      }
      return counts;
    };
    const before = await count();
    expect(before.users).toBe(2 + 300);
    expect(await seedDemo(db, { scale: 300 })).toEqual({
      accounts: [],
      catalog: false,
      demoCustomer: false,
      customers: 0,
    });
    expect(await count()).toEqual(before);
  });

  it('is deterministic: another database seeded with the same scale gets the same customers', async () => {
    const other = await createTestApp({ SEED_DEMO: 'true', SEED_SCALE: '30' });
    try {
      const population = (db: typeof other.app.database.db) =>
        db
          .selectFrom('users')
          .select(['email', 'firstName', 'lastName', 'preferredLanguage', 'status'])
          .where('role', '=', 0)
          .where('email', '<>', DEMO_CUSTOMER.email)
          .orderBy('email')
          .execute();
      const theirs = await population(other.app.database.db);
      const ours = await population(ctx.app.database.db);
      expect(theirs).toHaveLength(30);
      expect(ours).toEqual(expect.arrayContaining(theirs));
      const domains = async (db: typeof other.app.database.db) =>
        (await db.selectFrom('domains').select('name').orderBy('name').execute()).map((d) => d.name);
      expect(await domains(ctx.app.database.db)).toEqual(expect.arrayContaining(await domains(other.app.database.db)));
    } finally {
      await other.close();
    }
  });

  it('grows the population when the scale grows, with the same first customers', async () => {
    const db = ctx.app.database.db;
    const emails = async () =>
      (await db.selectFrom('users').select('email').where('role', '=', 0).orderBy('createdAt').execute()).map(
        (r) => r.email,
      );
    const before = await emails();
    const report = await seedDemo(db, { scale: 310, batchSize: 4 });
    expect(report.customers).toBe(10);
    const after = await emails();
    expect(after).toHaveLength(before.length + 10);
    expect(after).toEqual(expect.arrayContaining(before));
  });

  it('stores e-mails lower-cased and unique', async () => {
    const users = createUsersRepository(ctx.app.database.db);
    await expect(
      users.create({ email: ' DEMO@Example.com ', firstName: 'X', lastName: 'Y', passwordHash: 'h' }),
    ).rejects.toThrow('E-mail already registered');
  });
});
