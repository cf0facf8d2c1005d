import type { OrderDetail, orderListQuerySchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { offsetOf, pageOf } from '../../lib/listing';
import { countCustomerOrders, customerOrderById, customerOrders, customerOrdersPage } from './orders.repository';
import { readOrderDetail, toOrderSummary } from './order-detail';

/** One page of the signed-in customer's orders (docs/decisions/032-ordering-and-checkout.md). */
export async function listCustomerOrders(
  db: Kysely<Database>,
  userId: string,
  query: z.output<typeof orderListQuerySchema>,
) {
  const rows = customerOrders(db, userId, query.status);
  const total = await countCustomerOrders(rows);
  const items = await customerOrdersPage(rows, query, query.pageSize, offsetOf(query));
  return pageOf(
    query,
    total,
    items.map((row) => toOrderSummary(row, Number(row.lineCount ?? 0), Boolean(row.transferPending))),
  );
}

/** One of the customer's orders: lines, invoice, payments (404 when it is not theirs). */
export async function customerOrderDetail(db: Kysely<Database>, userId: string, id: string): Promise<OrderDetail> {
  const order = await customerOrderById(db, userId, id);
  if (!order) throw new AppError('NOT_FOUND');
  return readOrderDetail(db, order);
}
