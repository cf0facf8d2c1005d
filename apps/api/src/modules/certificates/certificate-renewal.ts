import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  expireEndedCertificates,
  issuedCertificatesValidAt,
  markIssuedRenewing,
} from './certificate-renewal.repository';

/**
 * What the certificate-renewal job (docs/decisions/049-certificates-through-acme.md) reads and changes of
 * certificates, for the scheduler module (docs/decisions/056-module-shape.md). Starting a renewal takes the job's
 * transaction (`trx`), which also holds the certificate driver's task.
 */

/** Marks expired the issued (or failed) certificates past their end. */
export function expireCertificatesEndedBy(db: Kysely<Database>, now: number): Promise<void> {
  return expireEndedCertificates(db, now);
}

/** The issued certificates still valid at `now`. */
export function issuedCertificates(db: Kysely<Database>, now: number) {
  return issuedCertificatesValidAt(db, now);
}

/** Moves an issued certificate to renewing; answers whether it was still issued. */
export function startCertificateRenewal(trx: Kysely<Database>, id: string, now: number): Promise<boolean> {
  return markIssuedRenewing(trx, id, now);
}
