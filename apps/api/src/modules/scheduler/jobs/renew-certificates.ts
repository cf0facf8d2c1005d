import { expireCertificatesEndedBy, issuedCertificates, startCertificateRenewal } from '../../certificates';
import { enqueueProvisioning, renewalDue } from '../../provisioning';
import { serviceOwnersIn } from '../../services';
import { change, type JobContext } from './job-run';

/**
 * Certificates (docs/decisions/049-certificates-through-acme.md): an issued certificate whose renewal time has come
 * (30 days before expiry, or two-thirds of a short lifetime: issue.ts renewalTime) starts renewing, with an
 * `update` task for the certificate driver in the same transaction, so the provisioning queue renews it with its
 * retries; an issued certificate past its end becomes expired. The old certificate stays in use until the new
 * one is issued. Only the certificates of a service still held (active or suspended) renew.
 */
export async function certificateRenewal(ctx: JobContext): Promise<number> {
  await expireCertificatesEndedBy(ctx.db, ctx.now);
  const due = (await issuedCertificates(ctx.db, ctx.now)).filter((row) =>
    renewalDue(row.notBefore ?? 0, row.notAfter ?? 0, ctx.now),
  );
  const owners = await serviceOwnersIn(ctx.db, [...new Set(due.map((row) => row.serviceId))], ['active', 'suspended']);
  let changed = 0;
  for (const row of due) {
    const userId = owners.get(row.serviceId);
    if (userId === undefined) continue;
    changed += await change(ctx, 'certificate-renewal', userId, async (trx) => {
      if (!(await startCertificateRenewal(trx, row.id, ctx.now))) return false;
      await enqueueProvisioning(trx, {
        resourceType: 'service',
        resourceId: row.serviceId,
        operation: 'update',
        driverType: 'acme',
        now: ctx.now,
      });
      return true;
    });
  }
  return changed;
}
