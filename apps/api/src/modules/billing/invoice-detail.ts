import type { InvoiceDetail } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { money, parseParams } from '../../lib/listing';
import { accountContact } from '../accounts';
import { orderIdOfInvoice } from '../ordering/billing.port';
import { readBankAccount, readSeller } from './billing-settings';
import { invoiceLinesInOrder, ownInvoice, pendingTransferOf, toInvoice } from './billing.repository';

/**
 * One of the customer's invoices with its lines, seller and buyer (the invoice page and its PDF), or undefined when
 * the account has no such invoice. The buyer is read through the accounts module and the invoice's order through
 * the ordering module (docs/decisions/056-module-shape.md).
 */
export async function invoiceDetail(
  { db }: { db: Kysely<Database> },
  userId: string,
  invoiceId: string,
): Promise<InvoiceDetail | undefined> {
  const row = await ownInvoice(db, userId, invoiceId);
  if (!row) return undefined;
  const lines = await invoiceLinesInOrder(db, row.id);
  const [seller, buyer, transfer, orderId] = await Promise.all([
    readSeller(db),
    accountContact(db, userId),
    row.status === 'unpaid' ? pendingTransferOf(db, userId, row.id) : undefined,
    orderIdOfInvoice(db, row.id),
  ]);
  return {
    ...toInvoice(row),
    orderId: orderId ?? null,
    seller,
    buyer: { name: `${buyer.firstName} ${buyer.lastName}`.trim(), email: buyer.email },
    // A pending bank transfer's invoice is its pro-forma: it says where to send the money.
    paymentDetails: transfer ? { ...(await readBankAccount(db)), reference: row.number } : null,
    lines: lines.map((line) => ({
      id: line.id,
      description: { key: line.descriptionKey, params: parseParams(line.descriptionParams) },
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents, row.currency),
      amount: money(line.amountCents, row.currency),
    })),
  };
}
