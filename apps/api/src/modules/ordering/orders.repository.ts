import type { adminOrdersQuerySchema } from '@hostpilot/shared';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database, OrderRow } from '../../db/schema';
import { contains as likeText } from '../../lib/listing';
import { contains as searchText } from '../../lib/search';
import { transferPendingOf } from './orders.service';

/**
 * The back office's queries of orders (docs/decisions/032-ordering-and-checkout.md): the list and its export, one
 * order, and the people an order names. The customer's order queries are still in orders.service.ts.
 */

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

/** The customer an order belongs to. */
export function orderCustomer(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select(['id as userId', 'email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** The staff member who decided an order, or undefined. */
export function orderDecider(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select(['id', 'firstName', 'lastName']).where('id', '=', userId).executeTakeFirst();
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
