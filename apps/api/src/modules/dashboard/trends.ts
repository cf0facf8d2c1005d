import { CURRENCY, type DashboardTrends, type LedgerEntryType } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { spendingByMonth, usageByDay } from './dashboard.repository';

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
  const [spent, usage] = await Promise.all([
    spendingByMonth(db, userId, months, SPENDING_TYPES),
    usageByDay(db, userId, firstDay),
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
