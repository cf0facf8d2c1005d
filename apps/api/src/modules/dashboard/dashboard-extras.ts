import { CURRENCY, type DashboardTrends, type GettingStarted, type LedgerEntryType } from '@hostpilot/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { DEFAULT_NAMESERVERS } from '../provisioning';

const DAY = 86_400_000;
const USAGE_DAYS = 30;
const SPENDING_MONTHS = 12;

/**
 * What the ledger counts as spending: the charges for services and domains, and plan changes (a downgrade's credit
 * lowers the month). Top-ups, refunds and adjustments move money but buy nothing
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md).
 */
export const SPENDING_TYPES: readonly LedgerEntryType[] = [
  'hosting_renewal',
  'service_renewal',
  'domain_registration',
  'domain_renewal',
  'service_purchase',
  'plan_change',
];

/** The first instant of the UTC month `offset` months from the one holding `at`. */
function monthStart(at: number, offset = 0): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
}

/** The customer's spending by month and the usage of their hosting by day, each grouped in the database. */
export async function readDashboardTrends(db: Kysely<Database>, userId: string, now: number): Promise<DashboardTrends> {
  const months = Array.from({ length: SPENDING_MONTHS }, (_, at) => monthStart(now, at - SPENDING_MONTHS + 1));
  const today = now - (now % DAY);
  const firstDay = today - (USAGE_DAYS - 1) * DAY;
  // The month of an entry is found in the database by comparing with each month's start (both databases alike).
  const monthOf = sql<number>`case ${sql.join(
    months.map((start, at) => sql`when ${sql.ref('createdAt')} >= ${sql.lit(start)} then ${sql.lit(at)}`).reverse(),
    sql` `,
  )} end`;
  const [spent, usage] = await Promise.all([
    db
      .selectFrom('ledgerEntries')
      .where('userId', '=', userId)
      .where('currency', '=', CURRENCY)
      .where('type', 'in', SPENDING_TYPES)
      .where('createdAt', '>=', months[0]!)
      .select([monthOf.as('month'), sql<number>`sum(amount_cents)`.as('total')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('serviceUsageSamples')
      .innerJoin('services', 'services.id', 'serviceUsageSamples.serviceId')
      .where('services.userId', '=', userId)
      .where('serviceUsageSamples.day', '>=', firstDay)
      .groupBy('serviceUsageSamples.day')
      .select([
        'serviceUsageSamples.day',
        sql<number>`sum(service_usage_samples.storage_used_mb)`.as('storage'),
        sql<number>`sum(service_usage_samples.bandwidth_used_mb)`.as('bandwidth'),
      ])
      .execute(),
  ]);
  const spentBy = new Map(spent.map((row) => [Number(row.month), -Number(row.total ?? 0)]));
  const usageBy = new Map(usage.map((row) => [Number(row.day), row]));
  return {
    spending: months.map((start, at) => ({
      month: new Date(start).toISOString().slice(0, 7),
      amount: { amountMinor: Math.max(0, spentBy.get(at) ?? 0), currency: CURRENCY },
    })),
    usage: Array.from({ length: USAGE_DAYS }, (_, at) => {
      const day = firstDay + at * DAY;
      const row = usageBy.get(day);
      return {
        day: new Date(day).toISOString().slice(0, 10),
        storageUsedMb: row ? Number(row.storage) : null,
        bandwidthUsedMb: row ? Number(row.bandwidth) : null,
      };
    }),
  };
}

/** Whether a domain's name servers are the provider's, so that its DNS (and the site) is served here. */
function usesOurNameservers(json: string): boolean {
  try {
    const listed: unknown = JSON.parse(json);
    return (
      Array.isArray(listed) &&
      listed.some((name) => typeof name === 'string' && DEFAULT_NAMESERVERS.includes(name.toLowerCase()))
    );
  } catch {
    return false;
  }
}

/**
 * The first-run checklist read from the account as it is now: an e-mail verified, something owned (an order paid:
 * a service or a domain), a domain on the provider's name servers, files on a hosting service.
 */
export async function readGettingStarted(db: Kysely<Database>, userId: string): Promise<GettingStarted> {
  const [user, owned, domains, uploaded] = await Promise.all([
    db
      .selectFrom('users')
      .where('id', '=', userId)
      .select(['emailVerifiedAt', 'gettingStartedDismissedAt'])
      .executeTakeFirst(),
    db
      .selectFrom('services')
      .where('userId', '=', userId)
      .select('id')
      .union(db.selectFrom('domains').where('userId', '=', userId).where('deletedAt', 'is', null).select('id'))
      .limit(1)
      .execute(),
    db
      .selectFrom('domains')
      .where('userId', '=', userId)
      .where('deletedAt', 'is', null)
      .where('status', '=', 'active')
      .select('nameservers')
      .execute(),
    db
      .selectFrom('services')
      .where('userId', '=', userId)
      .where('kind', '=', 'hosting')
      .where('storageUsedMb', '>', 0)
      .select('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    steps: {
      verifyEmail: user?.emailVerifiedAt != null,
      firstOrder: owned.length > 0,
      pointDomain: domains.some((row) => usesOurNameservers(row.nameservers)),
      uploadSite: uploaded !== undefined,
    },
    dismissed: user?.gettingStartedDismissedAt != null,
  };
}

/** Puts the checklist away for good (the account's choice, kept on the server so every device agrees). */
export async function dismissGettingStarted(db: Kysely<Database>, userId: string, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ gettingStartedDismissedAt: now })
    .where('id', '=', userId)
    .where('gettingStartedDismissedAt', 'is', null)
    .execute();
}
