import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { reviveWaitingTask, enqueueProvisioning, refreshSetupState } from '../provisioning';
import { findServiceForTask } from '../services';
import { findCertificateStatus, restartCertificate } from './certificates.repository';

/**
 * Staff's Retry of a certificate (docs/decisions/049-certificates-through-acme.md): its failed or waiting task gets
 * fresh tries, or, when none waits, it is ordered again with a new task; audited (`certificate.retry`) in the
 * transaction of the change. For a failed, expired or issued certificate; 404 / 409 INVALID_STATE otherwise.
 */
export async function retryCertificate(
  db: Kysely<Database>,
  input: { id: string; staffId: string; now: number; ip: string },
): Promise<void> {
  const { now } = input;
  await db.transaction().execute(async (trx) => {
    const certificate = await findCertificateStatus(trx, input.id);
    // The owner, for the audit entry, through the services module (docs/decisions/056-module-shape.md).
    const service = certificate ? await findServiceForTask(trx, certificate.serviceId) : undefined;
    if (!certificate || !service) throw new AppError('NOT_FOUND');
    const row = { ...certificate, userId: service.userId };
    if (!['failed', 'expired', 'issued'].includes(row.status)) throw new AppError('INVALID_STATE');
    const revived = await reviveWaitingTask(
      trx,
      { resourceType: 'service', resourceId: row.serviceId, driverType: 'acme' },
      now,
    );
    if (!revived) {
      // No certificate task is waiting: a new one, from the state the certificate is in.
      if (!(await restartCertificate(trx, row, now))) throw new AppError('INVALID_STATE');
      await enqueueProvisioning(trx, {
        resourceType: 'service',
        resourceId: row.serviceId,
        operation: 'update',
        driverType: 'acme',
        now,
      });
    }
    await refreshSetupState(trx, 'service', row.serviceId);
    await journal(trx, row.userId, input.staffId, now, input.ip).audit({
      action: 'certificate.retry',
      entityType: 'certificate',
      entityId: row.id,
      before: { status: row.status },
      after: { task: revived ? 'retried' : 'queued' },
    });
  });
}
