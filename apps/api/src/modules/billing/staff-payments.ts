import {
  type AdminTransaction,
  type adminTransactionsExportQuerySchema,
  type adminTransactionsQuerySchema,
  CURRENCY,
  refundDestinationOf,
} from '@hostpilot/shared';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { decimal } from '../../lib/staff-export';
import { fullName, iso, isoOrNull, owner, pageOf } from '../../lib/staff-list';
import {
  countPayments,
  paymentsMatching,
  paymentStatusTotals,
  revenueSince,
  staffPaymentsPage,
} from './billing.repository';

const DAY = 86_400_000;
const money = (amountMinor: number | string | null | undefined, currency: string = CURRENCY) => ({
  amountMinor: Number(amountMinor ?? 0),
  currency,
});

/**
 * The back office's payments list (docs/decisions/027-back-office-actions-and-audit.md): one page of the payments
 * a search and its filters match, with the summary cards computed over every payment (revenue of the last 30
 * days, pending and failed).
 */
export async function listStaffPayments(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminTransactionsQuerySchema>,
) {
  const page = await pageOf(
    query,
    () => countPayments(paymentsMatching(db, kind, query)),
    (limit, offset) => staffPaymentsPage(db, kind, query, limit, offset),
    (row): AdminTransaction => ({
      id: row.id,
      owner: owner(row),
      amount: money(row.amountCents, row.currency),
      method: row.method,
      status: row.status,
      invoice: row.invoiceId && row.invoiceNumber ? { id: row.invoiceId, number: row.invoiceNumber } : null,
      declineReason: row.declineReason,
      refunded: money(row.refundedCents, row.currency),
      refundTo: refundDestinationOf(row),
      createdAt: iso(row.createdAt),
      completedAt: isoOrNull(row.completedAt),
    }),
  );
  const since = Date.now() - 30 * DAY;
  const [revenue, pending, failed] = await Promise.all([
    revenueSince(db, since),
    paymentStatusTotals(db, 'pending'),
    paymentStatusTotals(db, 'failed'),
  ]);
  return {
    ...page,
    summary: {
      revenueLast30Days: money(revenue?.sum),
      pending: { count: Number(pending?.count ?? 0), amount: money(pending?.sum) },
      failed: { count: Number(failed?.count ?? 0), amount: money(failed?.sum) },
    },
  };
}

/** One batch of the payments export's rows, in `t`'s words. */
export async function paymentExportRows(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminTransactionsExportQuerySchema>,
  t: TFunction,
  limit: number,
  offset: number,
): Promise<string[][]> {
  const rows = await staffPaymentsPage(db, kind, query, limit, offset);
  return rows.map((row) => [
    row.id,
    fullName(row.ownerFirstName, row.ownerLastName),
    row.ownerEmail,
    decimal(row.amountCents),
    decimal(row.refundedCents),
    row.currency,
    t(`billing.methods.${row.method}`),
    t(`status.${row.status}`),
    row.invoiceNumber ?? '',
    row.declineReason ?? '',
    iso(row.createdAt),
    isoOrNull(row.completedAt) ?? '',
  ]);
}
