import { voidOpenRenewalInvoices } from '../../billing';
import { domainsDueForExpiry, moveExpiredDomain } from '../../domains';
import { enqueueProvisioning } from '../../provisioning';
import { change, DAY, iso, type JobContext } from './job-run';

/** Moves expired domains into their grace period, and those past it to expired, telling their owner. */
export async function domainExpiry(ctx: JobContext): Promise<number> {
  const graceEnd = ctx.now - ctx.settings.domainGraceDays * DAY;
  const due = await domainsDueForExpiry(ctx.db, ctx.now, graceEnd);
  let changed = 0;
  for (const { id, userId, status } of due) {
    const to = status === 'active' ? 'graceperiod' : 'expired';
    changed += await change(ctx, 'domain-expiry', userId, async (trx, records) => {
      const row = await moveExpiredDomain(trx, id, {
        from: status,
        to,
        expiredBy: to === 'graceperiod' ? ctx.now : graceEnd,
        now: ctx.now,
      });
      if (!row) return false;
      if (to === 'expired') {
        await voidOpenRenewalInvoices(trx, 'domain', id, ctx.now, records);
        // Past its grace period the zone stops answering (docs/decisions/042-provisioning-engine.md).
        await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: id, operation: 'update', now: ctx.now });
      }
      const params: Record<string, string> = { domain: row.name };
      if (to === 'graceperiod') params.expiresAt = iso(row.expiresAt + ctx.settings.domainGraceDays * DAY);
      await records.statusChange({ entityType: 'domain', entityId: id, from: status, to, reason: 'expired' });
      await records.tell({
        type: to === 'graceperiod' ? 'warning' : 'error',
        key: to === 'graceperiod' ? 'domainGracePeriod' : 'domainExpired',
        params,
      });
      await records.activity({
        action: to === 'graceperiod' ? 'domain.gracePeriod' : 'domain.expired',
        subjectType: 'domain',
        subjectId: id,
        params,
      });
      await records.audit({
        action: `domain.${to}`,
        entityType: 'domain',
        entityId: id,
        before: { status },
        after: { status: to },
      });
      return true;
    });
  }
  return changed;
}
