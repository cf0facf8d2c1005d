import {
  certificateNamesProblem,
  type CertificateKeyType,
  type CertificateStatus,
  certificateWildcardAllowed,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { CertificateRow, Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { journal } from '../../lib/journal';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import { fieldError } from '../accounts';
import { enqueueProvisioning } from '../provisioning';
import { ownServiceState } from '../services';
import { createCertificatesRepository, moveIn } from './certificates.repository';
import { hostingSitesOf, usesOurNameservers } from './site-certificates';

/**
 * The customer's use cases on the certificate of their own service (docs/decisions/049-certificates-through-acme.md,
 * docs/decisions/056-module-shape.md): the owner only, anyone else is told it does not exist; each change writes its
 * task and its activity in one transaction.
 */

export interface CertificateDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
}

/** A new certificate may be asked for once none is on its way. */
export const REISSUABLE: readonly CertificateStatus[] = ['issued', 'failed', 'expired'];

/** Revoke is for a service that is ending, while the certificate it has is still good. */
export const revocable = (
  service: { status: string; cancelRequestedAt: number | null },
  row: { status: CertificateStatus; serial: string | null; notAfter: number | null },
) =>
  (service.status === 'cancelled' || service.cancelRequestedAt !== null) &&
  row.serial !== null &&
  !['revoked', 'expired'].includes(row.status);

/** The certificate of the signed-in owner's service; 404 when the service is not theirs or has none. */
export async function ownCertificate({ db, secretBox }: CertificateDeps, userId: string, serviceId: string) {
  const owned = await ownServiceState(db, userId, serviceId);
  const certificate = owned ? await createCertificatesRepository(db, secretBox).findByService(serviceId) : undefined;
  if (!certificate) throw notFound('Certificate');
  return certificate;
}

/** The signed-in owner's service with its certificate; 404 when either is missing. */
export async function ownServiceCertificate(deps: CertificateDeps, userId: string, serviceId: string) {
  const service = await ownServiceState(deps.db, userId, serviceId);
  if (!service) throw notFound('Certificate');
  return { service, row: await ownCertificate(deps, userId, service.id) };
}

/** The certificate as the owner sees it, with the still-valid certificates its renewals replaced. */
export async function certificateWithPrevious(deps: CertificateDeps, userId: string, serviceId: string, now: number) {
  const { service, row } = await ownServiceCertificate(deps, userId, serviceId);
  const previous = await createCertificatesRepository(deps.db, deps.secretBox).previous(row.id, now);
  return { service, row, previous };
}

/** The PEMs of the certificate with `serial` (current or previous) while it can be used, or undefined. */
export const downloadCertificate = (
  { db, secretBox }: CertificateDeps,
  serviceId: string,
  serial: string,
  now: number,
) => createCertificatesRepository(db, secretBox).download(serviceId, serial, now);

/**
 * A certificate is validated through our DNS (DNS-01) when the domain uses our name servers, else through its
 * site on our web node (HTTP-01; docs/decisions/049-certificates-through-acme.md); a domain that is neither is
 * refused saying what to change. A wildcard needs DNS-01.
 */
async function assertValidatable(db: Kysely<Database>, domain: string, names: readonly string[]) {
  if (await usesOurNameservers(db, domain)) return;
  const hosted = (await hostingSitesOf(db, domain)).length > 0;
  if (!hosted || names.some((name) => name.startsWith('*.'))) {
    throw fieldError('names', 'validation.certificateNameservers');
  }
}

/** Reissue: a new key and serial, optionally other names or key type; the one in use stays valid meanwhile. */
export async function reissueCertificate(
  deps: CertificateDeps,
  input: {
    userId: string;
    serviceId: string;
    names?: readonly string[];
    keyType?: CertificateKeyType;
    now: number;
    ip: string;
  },
): Promise<{ row: CertificateRow; names: string[] }> {
  const { userId, now } = input;
  const { service, row } = await ownServiceCertificate(deps, userId, input.serviceId);
  const names = input.names ? [...new Set(input.names)] : (JSON.parse(row.names) as string[]);
  const problem = certificateNamesProblem(row.domain, names, certificateWildcardAllowed(service.kind, service.planId));
  if (problem) throw fieldError('names', problem);
  if (!REISSUABLE.includes(row.status)) throw new AppError('INVALID_STATE');
  await assertValidatable(deps.db, row.domain, names);
  const keyType = input.keyType ?? row.keyType;
  const moved = await deps.db.transaction().execute(async (trx) => {
    const values = { names: JSON.stringify(names), keyType, orderUrl: null, failureCode: null, failureProblem: null };
    const next = await moveIn(trx, row.id, row.status === 'issued' ? 'renewing' : 'ordered', now, values).catch(() => {
      throw new AppError('INVALID_STATE');
    });
    await enqueueProvisioning(trx, {
      resourceType: 'service',
      resourceId: service.id,
      operation: 'update',
      driverType: 'acme',
      now,
    });
    await journal(trx, userId, userId, now, input.ip).activity({
      action: 'certificate.reissueRequested',
      subjectType: 'service',
      subjectId: service.id,
      params: { domain: row.domain },
    });
    return next;
  });
  return { row: moved, names };
}

/** Revoke the certificate of a service that is ending: its task and the activity, in one transaction. */
export async function requestRevoke(
  deps: CertificateDeps,
  input: { userId: string; serviceId: string; now: number; ip: string },
): Promise<CertificateRow> {
  const { userId, now } = input;
  const { service, row } = await ownServiceCertificate(deps, userId, input.serviceId);
  if (!revocable(service, row)) throw new AppError('INVALID_STATE');
  await deps.db.transaction().execute(async (trx) => {
    await enqueueProvisioning(trx, {
      resourceType: 'service',
      resourceId: service.id,
      operation: 'terminate',
      driverType: 'acme',
      now,
    });
    await journal(trx, userId, userId, now, input.ip).activity({
      action: 'certificate.revokeRequested',
      subjectType: 'service',
      subjectId: service.id,
      params: { domain: row.domain },
    });
  });
  return row;
}

/** Records that the owner downloaded the private key of their service's certificate. */
export async function keyDownloaded(
  db: Kysely<Database>,
  input: { userId: string; serviceId: string; domain: string; now: number; ip: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await journal(trx, input.userId, input.userId, input.now, input.ip).activity({
      action: 'certificate.keyDownloaded',
      subjectType: 'service',
      subjectId: input.serviceId,
      params: { domain: input.domain },
    });
  });
}
