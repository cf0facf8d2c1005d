import { HOSTING_PLANS } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { driverRegistered, enqueueProvisioning } from '../provisioning';
import { orderCertificate } from './certificates.repository';

/**
 * Which services come with a certificate (docs/decisions/049-certificates-through-acme.md): the SSL extra, and
 * every hosting plan that lists free SSL, for the service's domain.
 */
export function certificateIncluded(kind: string, planId: string): boolean {
  if (kind === 'extra') return planId === 'ssl';
  if (kind === 'hosting') return HOSTING_PLANS.some((plan) => plan.id === planId && plan.features.includes('freeSsl'));
  return false;
}

/**
 * Orders the certificate of a service just created, in the transaction that creates it: the certificate row, and
 * for hosting its own task for the certificate driver (an `update` of the service, behind whatever the web node
 * does first). The SSL extra's certificate is its service's `create` task, which the caller writes as for any
 * provisioned kind. Nothing happens while the certificate driver is not registered or the service has no domain.
 */
export async function orderServiceCertificate(
  trx: Kysely<Database>,
  service: { id: string; kind: string; planId: string; domain: string | null },
  now: number,
): Promise<boolean> {
  if (!service.domain || !certificateIncluded(service.kind, service.planId) || !driverRegistered('acme')) return false;
  await orderCertificate(trx, service.id, service.domain, now);
  if (service.kind === 'hosting') {
    await enqueueProvisioning(trx, {
      resourceType: 'service',
      resourceId: service.id,
      operation: 'update',
      driverType: 'acme',
      now,
    });
  }
  return true;
}
