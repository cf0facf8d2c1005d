import type { Kysely } from 'kysely';
import type { Database, InvoiceRow } from '../../../db/schema';
import { renewalParams, type RenewalEntity } from '../../billing';
import { findDomainForLifecycle } from '../../domains';
import { findServiceForLifecycle } from '../../services';
import { iso } from './job-run';

/** A service or domain as a renewal sees it, read through its own module (in the job's transaction). */
export async function loadEntity(
  trx: Kysely<Database>,
  type: 'service' | 'domain',
  id: string,
): Promise<RenewalEntity | undefined> {
  if (type === 'service') {
    const row = await findServiceForLifecycle(trx, id);
    return row ? { type, row } : undefined;
  }
  const row = await findDomainForLifecycle(trx, id);
  return row ? { type, row } : undefined;
}

/** The words of a renewal invoice's notice: what it renews, its number and amount, and the current expiry. */
export function invoiceNotice(invoice: InvoiceRow, entity: RenewalEntity) {
  return {
    ...renewalParams(entity),
    number: invoice.number,
    amountMinor: invoice.totalCents,
    currency: invoice.currency,
    expiresAt: iso(entity.row.expiresAt),
  };
}
