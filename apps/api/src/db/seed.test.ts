import { DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/password';
import { createUsersRepository } from '../modules/users/users.repository';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { seedDemoAccounts } from './seed';

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

  it('is idempotent, and migrations are too', async () => {
    expect(await seedDemoAccounts(ctx.app.database.db)).toEqual([]);
    expect(await ctx.app.database.migrate()).toEqual([]);
  });

  it('stores e-mails lower-cased and unique', async () => {
    const users = createUsersRepository(ctx.app.database.db);
    await expect(
      users.create({ email: ' DEMO@Example.com ', firstName: 'X', lastName: 'Y', passwordHash: 'h' }),
    ).rejects.toThrow('E-mail already registered');
  });
});
