import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ProvisioningTarget } from '../provisioning';
import { findServiceForTask } from '../services';
import { findCertificateOfService } from './certificates.repository';

/**
 * What a service's certificate task acts on (docs/decisions/049-certificates-through-acme.md): the certificate row
 * of the service, with the service's plan. The composition root registers it as the certificate driver's target
 * (`apps/api/src/drivers.ts`), so the provisioning engine loads it without knowing the certificates' table
 * (docs/decisions/056-module-shape.md). Undefined when the certificate or the service is gone.
 */
export async function certificateTarget(
  db: Kysely<Database>,
  serviceId: string,
): Promise<ProvisioningTarget | undefined> {
  const certificate = await findCertificateOfService(db, serviceId);
  const service = certificate ? await findServiceForTask(db, serviceId) : undefined;
  const row = certificate && service ? { ...certificate, planId: service.planId } : undefined;
  if (!row) return undefined;
  return { kind: 'service', id: serviceId, domain: row.domain, plan: row.planId, data: { certificateId: row.id } };
}
