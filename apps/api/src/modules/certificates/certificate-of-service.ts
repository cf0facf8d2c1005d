import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findCertificateOfService } from './certificates.repository';

/**
 * The certificate a service's certificate task acts on (docs/decisions/049-certificates-through-acme.md), for the
 * provisioning engine: the certificates module's use case, as another module may not query its table
 * (docs/decisions/056-module-shape.md).
 */
export function certificateOfService(
  db: Kysely<Database>,
  serviceId: string,
): Promise<{ id: string; domain: string } | undefined> {
  return findCertificateOfService(db, serviceId);
}
