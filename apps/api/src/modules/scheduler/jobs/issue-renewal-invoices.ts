import type { InvoiceRow } from '../../../db/schema';
import { issueRenewalInvoice, periodsAlreadyInvoiced, type RenewalEntity } from '../../billing';
import { domainsDueForRenewal } from '../../domains';
import { servicesDueForRenewal } from '../../services';
import type { JobRecords } from '../job-records';
import { change, DAY, type JobContext } from './job-run';
import { invoiceNotice, loadEntity } from './renewal-entity';

/**
 * Services or domains due a renewal invoice by `horizon`: active, without an invoice for their current period, and
 * (services) with no cancellation waiting; soonest first.
 */
async function dueForInvoice(ctx: JobContext, type: RenewalEntity['type'], horizon: number) {
  const candidates =
    type === 'service' ? await servicesDueForRenewal(ctx.db, horizon) : await domainsDueForRenewal(ctx.db, horizon);
  const invoiced = await periodsAlreadyInvoiced(ctx.db, type, candidates);
  return candidates.filter((candidate) => !invoiced.has(candidate.id));
}

/** Issues the renewal invoice of each service and domain whose period ends within the setting's days. */
export async function issueRenewalInvoices(ctx: JobContext): Promise<number> {
  const horizon = ctx.now + ctx.settings.renewalInvoiceDays * DAY;
  let changed = 0;
  for (const type of ['service', 'domain'] as const) {
    for (const { id, userId } of await dueForInvoice(ctx, type, horizon)) {
      changed += await change(ctx, 'renewal-invoices', userId, async (trx, records) => {
        const entity = await loadEntity(trx, type, id);
        if (!entity || entity.row.status !== 'active' || entity.row.expiresAt > horizon) return false;
        const invoice = await issueRenewalInvoice(trx, entity, ctx.now);
        if (!invoice) return false;
        await recordIssued(records, entity, invoice);
        return true;
      });
    }
  }
  return changed;
}

async function recordIssued(records: JobRecords, entity: RenewalEntity, invoice: InvoiceRow): Promise<void> {
  const params = invoiceNotice(invoice, entity);
  await records.tell({ type: 'info', key: 'renewalInvoiceIssued', params });
  await records.activity({
    action: `${entity.type}.renewalInvoiced`,
    subjectType: entity.type,
    subjectId: entity.row.id,
    params,
  });
  await records.audit({ action: 'invoice.issued', entityType: 'invoice', entityId: invoice.id, after: params });
}
