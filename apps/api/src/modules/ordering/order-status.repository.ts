import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The status of the order an invoice belongs to, or undefined when it is no order's invoice. */
export async function orderStatusByInvoice(db: Kysely<Database>, invoiceId: string) {
  const row = await db.selectFrom('orders').select('status').where('invoiceId', '=', invoiceId).executeTakeFirst();
  return row?.status;
}

/** The number of the order an invoice belongs to, or undefined when it is no order's invoice. */
export async function orderNumberByInvoice(db: Kysely<Database>, invoiceId: string) {
  const row = await db.selectFrom('orders').select('number').where('invoiceId', '=', invoiceId).executeTakeFirst();
  return row?.number;
}

/** The id of the order an invoice belongs to, or undefined when it is no order's invoice. */
export async function orderIdByInvoice(db: Kysely<Database>, invoiceId: string) {
  const row = await db.selectFrom('orders').select('id').where('invoiceId', '=', invoiceId).executeTakeFirst();
  return row?.id;
}
