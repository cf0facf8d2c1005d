import { SECURITY_SETTING } from '../lib/security-settings';
import { randomBytes } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_ADMIN, DEMO_CUSTOMER } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import { hashPassword } from '../lib/password';
import { createUsersRepository, EmailTakenError } from '../modules/accounts/users.repository';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { SEED_ARTICLES } from './articles';
import { insertRows } from './batch';
import { SeedBatch } from './builder';
import { demoCustomerBatch } from './demo-customer';
import { addPopulationCustomer } from './population';
import { createPrng } from './prng';
import { DAY, serverRows, usageSampleRows } from './servers';

/** Creates the demo accounts that are missing. Returns the e-mails it created. */
export async function seedDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const users = createUsersRepository(db);
  const created: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await users.findByEmail(account.email)) continue;
    try {
      await users.create({
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        role: account.role,
        passwordHash: await hashPassword(account.password),
        // The demo accounts have no mailbox to verify; they are shown as they would be after verification.
        emailVerifiedAt: Date.now(),
      });
      created.push(account.email);
    } catch (error) {
      // Another instance seeded it between our read and our write.
      if (!(error instanceof EmailTakenError)) throw error;
    }
  }
  return created;
}

export interface SeedOptions {
  /** How many population customers there should be. */
  scale: number;
  /** The moment every seeded date is relative to (default: now). */
  now?: number;
  /** Customers written per transaction. */
  batchSize?: number;
}

export interface SeedReport {
  accounts: string[];
  catalog: boolean;
  demoCustomer: boolean;
  /** Population customers added by this run. */
  customers: number;
}

/** Markers in `settings`: each part of the seed is written once, in the transaction that sets its marker. */
const MARKER = {
  catalog: 'seed.catalog',
  demoCustomer: 'seed.demoCustomer',
  population: 'seed.population',
  staffTwoFactor: 'seed.staffTwoFactor',
};

/** Runs `write` and sets `key` in one transaction, unless `key` is already set (by this or another instance). */
async function once(db: Kysely<Database>, key: string, now: number, write: (trx: Kysely<Database>) => Promise<void>) {
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify({ at: now }), updatedAt: now, updatedBy: null })
        .execute();
      await write(trx);
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * The demo: its accounts, the servers and knowledge base, the demo customer's sample account, and a
 * deterministic population of `scale` other customers (docs/decisions/013-demo-seed-and-customer-api.md). Dates are relative to
 * the day of the first run; a later run adds nothing already there, and only the customers missing when
 * `scale` grew.
 */
export async function seedDemo(db: Kysely<Database>, options: SeedOptions): Promise<SeedReport> {
  const now = options.now ?? Date.now();
  const batchSize = options.batchSize ?? 500;
  const accounts = await seedDemoAccounts(db);
  const users = createUsersRepository(db);
  const customer = await users.findByEmail(DEMO_CUSTOMER.email);
  const staffId = (await users.findByEmail(DEMO_ADMIN.email))?.id ?? null;

  const catalog = await once(db, MARKER.catalog, now, async (trx) => {
    await insertRows(trx, {
      servers: serverRows(now),
      serverUsageSamples: usageSampleRows(now),
      knowledgeArticles: SEED_ARTICLES.map((a, i) => ({
        id: `kb-${i + 1}`,
        slug: a.slug,
        category: a.category,
        titleEn: a.en.title,
        titleRu: a.ru.title,
        bodyEn: a.en.body,
        bodyRu: a.ru.body,
        views: a.views,
        publishedAt: now - a.publishedDaysAgo * DAY,
        createdAt: now - a.publishedDaysAgo * DAY,
        updatedAt: now - a.publishedDaysAgo * DAY,
      })),
    });
  });

  // The demo administrator's password is public and nobody holds an authenticator for it: a demo installation
  // starts with the staff two-factor rule off (on by default otherwise), once, so an administrator's later choice
  // stays (modules/settings/security-settings.ts).
  await once(db, MARKER.staffTwoFactor, now, async (trx) => {
    await trx
      .insertInto('settings')
      .values({
        key: SECURITY_SETTING,
        value: JSON.stringify({ requireStaffTwoFactor: false }),
        updatedAt: now,
        updatedBy: null,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  });

  const demoCustomer = customer
    ? await once(db, MARKER.demoCustomer, now, (trx) => demoCustomerBatch(customer.id, staffId, now).write(trx))
    : false;

  let customers = 0;
  if (options.scale > 0) {
    await once(db, MARKER.population, now, async () => undefined);
    // Nobody signs in as a population customer: their hash is of a random password thrown away here.
    const passwordHash = await hashPassword(randomBytes(24).toString('base64'));
    for (;;) {
      const marker = await db
        .selectFrom('settings')
        .select('value')
        .where('key', '=', MARKER.population)
        .executeTakeFirstOrThrow();
      const done = (JSON.parse(marker.value) as { customers?: number }).customers ?? 0;
      if (done >= options.scale) break;
      const end = Math.min(options.scale, done + batchSize);
      const written = await db.transaction().execute(async (trx) => {
        // Claim the range: another instance seeding at the same time finds the marker moved and re-reads it.
        const claimed = await trx
          .updateTable('settings')
          .set({ value: JSON.stringify({ customers: end }), updatedAt: now })
          .where('key', '=', MARKER.population)
          .where('value', '=', marker.value)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return 0;
        // Each server's free slots, as the services placed so far leave them (the demo customer's included).
        const placed = await trx
          .selectFrom('servers')
          .leftJoin('services', (join) =>
            join.onRef('services.serverId', '=', 'servers.id').on('services.status', '!=', 'cancelled'),
          )
          .select(['servers.id', 'servers.capacity', (eb) => eb.fn.count<number>('services.id').as('n')])
          .groupBy(['servers.id', 'servers.capacity'])
          .execute();
        const room = new Map(placed.map((row) => [row.id, row.capacity - Number(row.n)]));
        const prng = createPrng(0xba7c0000 + done);
        const batch = new SeedBatch(() => prng.uuid());
        for (let index = done; index < end; index += 1)
          addPopulationCustomer(batch, index, now, passwordHash, staffId, room);
        await batch.write(trx);
        return end - done;
      });
      customers += written;
    }
  }
  return { accounts, catalog, demoCustomer, customers };
}
