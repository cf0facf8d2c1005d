import type { AdminPaymentDetail } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { fullName, iso, isoOrNull } from '../../lib/staff-list';
import { accountContact } from '../accounts';
import { findPayment, invoiceById, ledgerOfPayment } from './billing.repository';
import { money, toInvoice } from './ledger';

/** The back office's view of one payment: its payer, its invoice and the ledger entries it made (404 if none). */
export async function readPaymentDetail(db: Kysely<Database>, paymentId: string): Promise<AdminPaymentDetail> {
  const row = await findPayment(db, paymentId);
  if (!row) throw new AppError('NOT_FOUND');
  // The payer through the accounts module (docs/decisions/056-module-shape.md); payments.user_id references users.
  const payer = await accountContact(db, row.userId);
  const invoice = row.invoiceId ? await invoiceById(db, row.invoiceId) : undefined;
  const ledger = await ledgerOfPayment(db, row.id);
  return {
    id: row.id,
    owner: { id: row.userId, name: fullName(payer.firstName, payer.lastName), email: payer.email },
    amount: money(row.amountCents, row.currency),
    method: row.method,
    status: row.status,
    declineReason: row.declineReason,
    providerReference: row.providerReference,
    createdAt: iso(row.createdAt),
    completedAt: isoOrNull(row.completedAt),
    invoice: invoice ? toInvoice(invoice) : null,
    ledger: ledger.map((entry) => ({
      id: entry.id,
      type: entry.type,
      description: { key: entry.descriptionKey, params: JSON.parse(entry.descriptionParams) as never },
      amount: money(entry.amountCents, entry.currency),
      createdAt: iso(entry.createdAt),
    })),
  };
}
