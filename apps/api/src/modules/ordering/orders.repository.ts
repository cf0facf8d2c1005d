import type { adminOrdersQuerySchema } from '@hostpilot/shared';
import type { ExpressionBuilder, Insertable, Kysely, SelectQueryBuilder, Updateable } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, OrderLineRow, OrderLinesTable, OrderRow, OrdersTable } from '../../db/schema';
import { contains as likeText } from '../../lib/listing';
import { contains as searchText } from '../../lib/search';

/**
 * The back office's queries of orders (docs/decisions/032-ordering-and-checkout.md): the list and its export, one
 * order, and the people an order names; the customer's orders, and what placing, paying and deciding an order
 * read and write of its orders, lines and setting (the use-case files beside it).
 */

/** Selects, beside each order, whether a bank transfer toward its invoice is pending (for toOrderSummary). */
export const transferPendingOf = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb
    .exists(
      eb
        .selectFrom('payments')
        .select('payments.id')
        .whereRef('payments.invoiceId', '=', 'orders.invoiceId')
        .where('payments.status', '=', 'pending'),
    )
    .as('transferPending');

export type AdminOrdersQuery = z.output<typeof adminOrdersQuerySchema>;

const SORT_COLUMNS = {
  createdAt: 'orders.createdAt',
  number: 'orders.number',
  total: 'orders.totalCents',
  status: 'orders.status',
} as const;

/** The orders a search and filter match, with their customer. */
export function ordersMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Pick<AdminOrdersQuery, 'q' | 'status'>,
) {
  let rows = db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.userId');
  if (query.status) rows = rows.where('orders.status', '=', query.status);
  if (query.q) {
    const q = query.q;
    // The order number literally, or the customer as the users list searches them (name or e-mail).
    rows = rows.where((eb) => eb.or([likeText(eb.ref('orders.number'), q), searchText(kind, 'users', 'users', q)]));
  }
  return rows;
}

/** How many orders match. */
export async function countOrders(rows: ReturnType<typeof ordersMatching>): Promise<number> {
  const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/** The matching orders with their customer, line count and pending transfer, sorted, one page. */
export function ordersPage(
  rows: SelectQueryBuilder<Database, 'orders' | 'users', object>,
  query: Pick<AdminOrdersQuery, 'sort' | 'order'>,
  limit: number,
  offset: number,
) {
  return rows
    .selectAll('orders')
    .select(['users.email', 'users.firstName', 'users.lastName'])
    .select((eb) =>
      eb
        .selectFrom('orderLines')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderLines.orderId', '=', 'orders.id')
        .as('lineCount'),
    )
    .select(transferPendingOf)
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('orders.id', query.order)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One order, or undefined. */
export function orderById(db: Kysely<Database>, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

const CUSTOMER_SORT = { createdAt: 'createdAt', number: 'number', total: 'totalCents', status: 'status' } as const;

/** A customer's orders, filtered by status. Every query filters by the owner. */
export function customerOrders(db: Kysely<Database>, userId: string, status: OrderRow['status'] | undefined) {
  let rows = db.selectFrom('orders').where('userId', '=', userId);
  if (status) rows = rows.where('status', '=', status);
  return rows;
}

/** One page of a customer's orders with their line count and pending transfer. */
export function customerOrdersPage(
  rows: ReturnType<typeof customerOrders>,
  query: { sort: keyof typeof CUSTOMER_SORT; order: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  return rows
    .selectAll('orders')
    .select((eb) =>
      eb
        .selectFrom('orderLines')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('orderLines.orderId', '=', 'orders.id')
        .as('lineCount'),
    )
    .select(transferPendingOf)
    .orderBy(CUSTOMER_SORT[query.sort], query.order)
    .orderBy('id', query.order)
    .limit(limit)
    .offset(offset)
    .execute();
}

/** One of a customer's orders, or undefined. */
export function customerOrderById(db: Kysely<Database>, userId: string, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
}

/** How many of a customer's orders match. */
export async function countCustomerOrders(rows: ReturnType<typeof customerOrders>): Promise<number> {
  const { total } = await rows.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return Number(total);
}

/** How many order lines name a domain. */
export async function orderLinesNamingDomain(trx: Kysely<Database>, domainId: string): Promise<number> {
  const row = await trx
    .selectFrom('orderLines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('domainId', '=', domainId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One order, which the caller knows exists (read again under the account's lock). */
export function orderByIdOrThrow(db: Kysely<Database>, id: string): Promise<OrderRow> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The order paid by an invoice, or undefined when the invoice is no order's. */
export function orderOfInvoice(db: Kysely<Database>, invoiceId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('invoiceId', '=', invoiceId).executeTakeFirst();
}

/** The customer's latest order of this cart still waiting for payment. */
export function waitingOrderOfCart(
  db: Kysely<Database>,
  userId: string,
  cartKey: string,
): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('userId', '=', userId)
    .where('status', '=', 'pending_payment')
    .where('cartKey', '=', cartKey)
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

/** Writes an order and its lines. */
export async function insertOrder(
  trx: Kysely<Database>,
  order: Insertable<OrdersTable>,
  lines: Insertable<OrderLinesTable>[],
): Promise<void> {
  await trx.insertInto('orders').values(order).execute();
  await trx.insertInto('orderLines').values(lines).execute();
}

/** An order's lines in their order. */
export function orderLines(db: Kysely<Database>, orderId: string): Promise<OrderLineRow[]> {
  return db.selectFrom('orderLines').selectAll().where('orderId', '=', orderId).orderBy('position').execute();
}

/** An order's lines as the database hands them (the placement check sorts them itself). */
export function orderLinesUnordered(db: Kysely<Database>, orderId: string): Promise<OrderLineRow[]> {
  return db.selectFrom('orderLines').selectAll().where('orderId', '=', orderId).execute();
}

/** Records on a line the domain or service it became. */
export async function setOrderLine(
  trx: Kysely<Database>,
  id: string,
  change: Pick<Updateable<OrderLinesTable>, 'domainId' | 'serviceId'>,
): Promise<void> {
  await trx.updateTable('orderLines').set(change).where('id', '=', id).execute();
}

/** The stored value of one of ordering's settings (its keys are its own: docs/decisions/056-module-shape.md). */
export function readOrderSetting(db: Kysely<Database>, key: string) {
  return db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
}

/** Writes one of ordering's settings. */
export async function writeOrderSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  actorId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, updatedAt: now, updatedBy: actorId })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updatedAt: now, updatedBy: actorId }))
    .execute();
}

/** Moves an order to `to` with the extra columns, only if it is still in `from`; undefined when it no longer was. */
export function updateOrderInStatus(
  trx: Kysely<Database>,
  id: string,
  from: OrderRow['status'],
  change: Updateable<OrdersTable>,
): Promise<OrderRow | undefined> {
  return trx
    .updateTable('orders')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}
