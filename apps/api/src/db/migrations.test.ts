import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_UNDER_TEST, type TestContext } from '../test/helpers';
import { migrations } from './migrations/index';

const NOW = Date.UTC(2026, 10, 24);

describe(`the data model's migrations (${DATABASE_UNDER_TEST})`, () => {
  let ctx: TestContext;
  let userId: string;

  beforeAll(async () => {
    // An empty database, which the app migrates on start (every other test file copies a migrated one).
    ctx = await createTestApp({}, {}, { emptyDatabase: true });
    userId = randomUUID();
    await ctx.app.database.db
      .insertInto('users')
      .values({
        id: userId,
        email: 'model@example.com',
        firstName: 'M',
        lastName: 'D',
        passwordHash: 'h',
        createdAt: NOW,
        updatedAt: NOW,
        lastSignInAt: null,
        deletedAt: null,
      })
      .execute();
  });

  afterAll(async () => {
    await ctx.close();
  });

  const db = () => ctx.app.database.db;

  it('applies every migration once, in order, and a second run applies none', async () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    const started = ctx
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; migrations?: string[] })
      .find((entry) => entry.msg === 'database migrated');
    expect(started?.migrations).toEqual(names);
    expect(await ctx.app.database.migrate()).toEqual([]);
  });

  it('gives a new user the defaults: active, English, e-mail and service updates on, marketing off', async () => {
    const user = await db().selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'active',
      preferredLanguage: 'en',
      notifyEmail: 1,
      notifyServiceUpdates: 1,
      notifyMarketing: 0,
      lastSignInAt: null,
      deletedAt: null,
    });
  });

  it('refuses statuses outside each set', async () => {
    await expect(
      db()
        .updateTable('users')
        .set({ status: 'deleted' as never })
        .where('id', '=', userId)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db()
        .insertInto('domains')
        .values({
          id: randomUUID(),
          userId,
          name: 'bad-status.com',
          tld: '.com',
          status: 'pending' as never,
          registeredAt: NOW,
          expiresAt: NOW,
          createdAt: NOW,
          updatedAt: NOW,
          dnsUpdatedAt: null,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('refuses a service of an account that does not exist (foreign keys are on)', async () => {
    await expect(
      db()
        .insertInto('services')
        .values({
          id: randomUUID(),
          userId: randomUUID(),
          kind: 'hosting',
          planId: 'starter',
          name: 'x',
          serverId: null,
          domain: null,
          status: 'active',
          suspensionReason: null,
          priceCents: 299,
          billingPeriod: 'month',
          expiresAt: NOW,
          cancelRequestedAt: null,
          cancelReason: null,
          cancelledAt: null,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps domain names unique and lower-case', async () => {
    const domain = (name: string) => ({
      id: randomUUID(),
      userId,
      name,
      tld: '.com',
      status: 'active' as const,
      registeredAt: NOW,
      expiresAt: NOW,
      createdAt: NOW,
      updatedAt: NOW,
      dnsUpdatedAt: null,
    });
    await db().insertInto('domains').values(domain('unique-name.com')).execute();
    await expect(db().insertInto('domains').values(domain('unique-name.com')).execute()).rejects.toThrow();
    await expect(db().insertInto('domains').values(domain('Upper.com')).execute()).rejects.toThrow();
  });

  it('keeps invoice numbers unique per year and sequence', async () => {
    const invoice = (number: string, sequence: number) => ({
      id: randomUUID(),
      userId,
      number,
      year: 2026,
      sequence,
      status: 'unpaid' as const,
      totalCents: 100,
      issuedAt: NOW,
      dueAt: NOW,
      paidAt: null,
      createdAt: NOW,
      updatedAt: NOW,
    });
    await db().insertInto('invoices').values(invoice('INV-2026-0001', 1)).execute();
    await expect(db().insertInto('invoices').values(invoice('INV-2026-0001', 2)).execute()).rejects.toThrow();
    await expect(db().insertInto('invoices').values(invoice('INV-2026-9999', 1)).execute()).rejects.toThrow();
  });

  it('keeps the ledger append-only: an entry cannot be changed or deleted, and never holds zero', async () => {
    const id = randomUUID();
    await db()
      .insertInto('ledgerEntries')
      .values({
        id,
        userId,
        type: 'topup',
        amountCents: 5000,
        descriptionKey: 'transactions.topUp',
        paymentId: null,
        invoiceId: null,
        serviceId: null,
        domainId: null,
        actorId: null,
        createdAt: NOW,
      })
      .execute();
    await expect(
      db().updateTable('ledgerEntries').set({ amountCents: 1 }).where('id', '=', id).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db().deleteFrom('ledgerEntries').where('id', '=', id).execute()).rejects.toThrow(/append-only/);
    await expect(
      db()
        .insertInto('ledgerEntries')
        .values({
          id: randomUUID(),
          userId,
          type: 'adjustment',
          amountCents: 0,
          descriptionKey: 'transactions.adjustment',
          paymentId: null,
          invoiceId: null,
          serviceId: null,
          domainId: null,
          actorId: null,
          createdAt: NOW,
        })
        .execute(),
    ).rejects.toThrow();
    const { balance } = await db()
      .selectFrom('ledgerEntries')
      .select((eb) => eb.fn.sum<number>('amountCents').as('balance'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(balance)).toBe(5000);
  });

  it('refuses a second payment with the same idempotency key for one account', async () => {
    const payment = () => ({
      id: randomUUID(),
      userId,
      invoiceId: null,
      method: 'credit_card' as const,
      status: 'pending' as const,
      amountCents: 1000,
      declineReason: null,
      idempotencyKey: 'key-1',
      providerReference: null,
      createdAt: NOW,
      updatedAt: NOW,
      completedAt: null,
    });
    await db().insertInto('payments').values(payment()).execute();
    await expect(db().insertInto('payments').values(payment()).execute()).rejects.toThrow();
  });

  it('stores epoch milliseconds beyond 32 bits and reads them back as numbers', async () => {
    const taken = Date.UTC(2040, 0, 1);
    await db()
      .insertInto('servers')
      .values({
        id: 'srv-test',
        name: 'test-01',
        location: 'london',
        type: 'shared',
        ip: '192.0.2.1',
        status: 'active',
        cpuModel: 'x',
        cpuCores: 8,
        ramGb: 32,
        storageGb: 1000,
        bandwidthGbps: 1,
        capacity: 100,
        createdAt: taken,
        updatedAt: taken,
      })
      .execute();
    const row = await db()
      .selectFrom('servers')
      .select('createdAt')
      .where('id', '=', 'srv-test')
      .executeTakeFirstOrThrow();
    expect(row.createdAt).toBe(taken);
    const count = await sql<{ n: number }>`select count(*) as n from server_usage_samples`.execute(db());
    expect(Number(count.rows[0]!.n)).toBe(0);
  });
});
