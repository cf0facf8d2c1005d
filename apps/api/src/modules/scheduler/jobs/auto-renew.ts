import {
  balanceOf,
  openRenewalInvoices,
  renewalParams,
  markRenewalShortNotified,
  unpaidRenewalInvoices,
  payRenewalInvoice,
  chargeShortfallToCard,
} from '../../billing';
import { domainRenewalTarget } from '../../domains';
import { serviceRenewalTarget } from '../../services';
import { change, iso, type JobContext } from './job-run';
import { invoiceNotice, loadEntity } from './renewal-entity';

/** Pays open renewal invoices of auto-renewing services and domains from the balance, or tells the customer once. */
export async function autoRenew(ctx: JobContext): Promise<number> {
  if (!ctx.settings.autoRenew) return 0;
  const open = await unpaidRenewalInvoices(ctx.db);
  let changed = 0;
  for (const candidate of open) {
    changed += await change(ctx, 'auto-renew', candidate.userId, async (trx, records) => {
      const entity = await loadEntity(trx, candidate.entityType, candidate.entityId);
      if (!entity || entity.row.autoRenew !== 1) return false;
      if (entity.row.status === 'cancelled' || entity.row.status === 'transferring') return false;
      const invoice = (await openRenewalInvoices(trx, entity.type, entity.row.id)).find(
        (row) => row.id === candidate.invoiceId,
      );
      if (!invoice) return false;
      const balance = await balanceOf(trx, entity.row.userId);
      // A saved card pays what the balance lacks, tried once per invoice (docs/decisions/038-saved-card-for-renewals.md).
      const card =
        balance < invoice.totalCents
          ? await chargeShortfallToCard(trx, {
              vault: ctx.cardVault,
              invoice,
              userId: entity.row.userId,
              shortfallCents: invoice.totalCents - Math.max(balance, 0),
              now: ctx.now,
              log: records,
            })
          : null;
      if (card?.status === 'failed') {
        await markRenewalShortNotified(trx, invoice.id, ctx.now);
        await records.tell({
          type: 'error',
          key: 'renewalCardFailed',
          params: { ...invoiceNotice(invoice, entity), last4: card.last4 },
        });
        return true;
      }
      if (balance < invoice.totalCents && card?.status !== 'charged') {
        if (!(await markRenewalShortNotified(trx, invoice.id, ctx.now))) return false;
        await records.tell({ type: 'warning', key: 'renewalFundsShort', params: invoiceNotice(invoice, entity) });
        return true;
      }
      const paid = await payRenewalInvoice(trx, {
        invoice,
        entity,
        now: ctx.now,
        actorId: null,
        log: records,
        targets: { service: serviceRenewalTarget, domain: domainRenewalTarget },
      });
      if (!paid) return false;
      const params = {
        ...renewalParams(entity),
        number: invoice.number,
        amountMinor: invoice.totalCents,
        currency: invoice.currency,
        expiresAt: iso(paid.expiresAt),
      };
      if (card?.status === 'charged') {
        await records.tell({
          type: 'success',
          key: 'renewalCardCharged',
          params: { ...params, amountMinor: card.amountCents, last4: card.last4 },
        });
      } else {
        await records.tell({ type: 'success', key: 'renewalPaid', params });
      }
      if (paid.reactivated && entity.type === 'service') {
        await records.tell({ type: 'success', key: 'serviceReactivated', params: renewalParams(entity) });
      }
      await records.activity({
        action: `${entity.type}.autoRenewed`,
        subjectType: entity.type,
        subjectId: entity.row.id,
        params,
      });
      await records.audit({
        action: 'invoice.paid',
        entityType: 'invoice',
        entityId: invoice.id,
        before: { status: 'unpaid', expiresAt: iso(entity.row.expiresAt) },
        after: { status: 'paid', expiresAt: iso(paid.expiresAt) },
      });
      return true;
    });
  }
  return changed;
}
