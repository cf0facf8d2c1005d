import type { AdminOrderDetail, adminOrdersExportQuerySchema, OrderSettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, OrderRow } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { batches } from '../../lib/documents/csv-export';
import type { TFunction } from 'i18next';
import { AppError } from '../../lib/errors';
import { offsetOf, pageOf } from '../../lib/listing';
import { type AdminOrdersQuery, countOrders, orderById, ordersMatching, ordersPage } from './orders.repository';
import { userContact, userName } from '../accounts';
import { readOrderDetail, toOrderSummary } from './order-detail';
import { readOrderSettings, writeOrderSettings } from './order-settings';

/**
 * The back office's order review (docs/decisions/032-ordering-and-checkout.md): the list with search, status
 * filter, sort, paging and CSV export; one order with its customer and decision; the setting "new orders need
 * approval". Accept, Cancel and Fraud are accept-order.ts and decide-order.ts.
 */

const customerOf = (row: { userId: string; email: string; firstName: string; lastName: string }) => ({
  id: row.userId,
  name: `${row.firstName} ${row.lastName}`.trim(),
  email: row.email,
});

/** One page of every order the search and filter match, with its customer. */
export async function listStaffOrders(db: Kysely<Database>, kind: DatabaseKind, query: AdminOrdersQuery) {
  const rows = ordersMatching(db, kind, query);
  const total = await countOrders(rows);
  const items = await ordersPage(rows, query, query.pageSize, offsetOf(query));
  return pageOf(
    query,
    total,
    items.map((row) => ({
      ...toOrderSummary(row, Number(row.lineCount ?? 0), Boolean(row.transferPending)),
      customer: customerOf(row),
    })),
  );
}

/** The CSV rows of every order the list's search and filter match, a batch at a time, in `t`'s words. */
export async function* orderExportRows(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminOrdersExportQuerySchema>,
  t: TFunction,
): AsyncGenerator<string[][]> {
  for await (const page of batches((limit, offset) =>
    ordersPage(ordersMatching(db, kind, query), query, limit, offset),
  )) {
    yield page.map((row) => [
      row.number,
      new Date(row.createdAt).toISOString(),
      `${row.firstName} ${row.lastName}`.trim(),
      row.email,
      t(`orders.status.${row.status}`),
      String(Number(row.lineCount ?? 0)),
      (row.totalCents / 100).toFixed(2),
      row.currency,
    ]);
  }
}

/** An order as the back office shows it: lines, invoice, payments, its customer and who decided it. */
export async function staffOrderDetail(db: Kysely<Database>, order: OrderRow): Promise<AdminOrderDetail> {
  const user = await userContact(db, order.userId);
  const decider = order.decidedBy ? await userName(db, order.decidedBy) : undefined;
  return {
    ...(await readOrderDetail(db, order)),
    customer: customerOf(user),
    decidedBy: decider ? { id: decider.id, name: `${decider.firstName} ${decider.lastName}`.trim() } : null,
  };
}

/** One order by id (404 when there is none). */
export async function staffOrderById(db: Kysely<Database>, id: string): Promise<AdminOrderDetail> {
  const order = await orderById(db, id);
  if (!order) throw new AppError('NOT_FOUND');
  return staffOrderDetail(db, order);
}

/** Turns "new orders need approval" on or off, with its audit entry, in one transaction. */
export async function saveOrderSettings(
  db: Kysely<Database>,
  input: { settings: OrderSettings; actorId: string; clientIp: string; now: number },
): Promise<OrderSettings> {
  await db.transaction().execute(async (trx) => {
    const before = await readOrderSettings(trx);
    await writeOrderSettings(trx, input.settings, input.actorId, input.now);
    await writeAudit(trx, {
      actorId: input.actorId,
      action: 'settings.orders.update',
      entityType: 'settings',
      entityId: 'orders.requireApproval',
      before,
      after: input.settings,
      clientIp: input.clientIp,
      now: input.now,
    });
  });
  return readOrderSettings(db);
}
