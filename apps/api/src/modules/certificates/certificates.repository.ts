import { randomUUID } from 'node:crypto';
import {
  type adminCertificatesQuerySchema,
  CERTIFICATE_WARNING_DAYS,
  type CertificateKeyType,
  type CertificateStatus,
  certificateStates,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { CertificateRow, Database, PreviousCertificateRow } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { type IssuedCertificate, renewalDue } from '../provisioning';

/**
 * The certificates of services (migration 0230, docs/decisions/049-certificates-through-acme.md). Every status
 * change is checked against the state machine and made as a conditional update on the status read, so two
 * workers never both move one certificate. Private keys are sealed before they reach the database.
 */

/** The purpose a certificate's private key is sealed under: bound to the certificate, not copyable. */
const keyPurpose = (certificateId: string) => `certificate-key:${certificateId}`;

export interface CertificateFailure {
  code: string;
  problem?: Readonly<Record<string, unknown>>;
}

export class CertificateStateConflict extends Error {
  constructor(id: string, to: CertificateStatus) {
    super(`Certificate ${id} could not move to ${to}: its status changed or forbids it`);
    this.name = 'CertificateStateConflict';
  }
}

/**
 * Orders a certificate for a service in `executor` (the order's own transaction, so the row commits with the
 * service and its provisioning task): a new row, or an expired/failed one ordered again. Names default to the
 * domain and its www; the key is ECDSA P-256 unless RSA 2048 is asked for.
 */
export async function orderCertificate(
  executor: Kysely<Database>,
  serviceId: string,
  domain: string,
  now: number,
  options: { names?: readonly string[]; keyType?: CertificateKeyType } = {},
): Promise<CertificateRow> {
  const names = JSON.stringify(options.names ?? [domain, `www.${domain}`]);
  const keyType = options.keyType ?? 'ec-p256';
  const existing = await executor
    .selectFrom('certificates')
    .selectAll()
    .where('serviceId', '=', serviceId)
    .executeTakeFirst();
  if (existing) {
    return moveIn(executor, existing.id, 'ordered', now, {
      domain,
      names,
      keyType,
      orderUrl: null,
      failureCode: null,
      failureProblem: null,
    });
  }
  const row: CertificateRow = {
    id: randomUUID(),
    serviceId,
    domain,
    names,
    keyType,
    status: 'ordered',
    orderUrl: null,
    serial: null,
    issuer: null,
    notBefore: null,
    notAfter: null,
    certificatePem: null,
    chainPem: null,
    privateKeySealed: null,
    failureCode: null,
    failureProblem: null,
    issuedAt: null,
    revokedAt: null,
    installedServiceId: null,
    installedSerial: null,
    installedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await executor.insertInto('certificates').values(row).execute();
  return row;
}

/** Moves `id` to `to` from the status it has now, with `values`; throws when the machine forbids it. */
export async function moveIn(
  executor: Kysely<Database>,
  id: string,
  to: CertificateStatus,
  now: number,
  values: Partial<Omit<CertificateRow, 'id' | 'serviceId' | 'status'>> = {},
): Promise<CertificateRow> {
  const current = await executor.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current || !certificateStates.canTransition(current.status, to)) throw new CertificateStateConflict(id, to);
  const result = await executor
    .updateTable('certificates')
    .set({ ...values, status: to, updatedAt: now })
    .where('id', '=', id)
    .where('status', '=', current.status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new CertificateStateConflict(id, to);
  return { ...current, ...values, status: to, updatedAt: now };
}

export function createCertificatesRepository(db: Kysely<Database>, box: SecretBox) {
  const findById = (id: string) => db.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
  const findByService = (serviceId: string) =>
    db.selectFrom('certificates').selectAll().where('serviceId', '=', serviceId).executeTakeFirst();

  const move = (
    id: string,
    to: CertificateStatus,
    now: number,
    values: Partial<Omit<CertificateRow, 'id' | 'serviceId' | 'status'>> = {},
    executor: Kysely<Database> = db,
  ) => moveIn(executor, id, to, now, values);

  return {
    findById,
    findByService,

    /** Orders a certificate for a service (see orderCertificate). */
    order: (
      serviceId: string,
      domain: string,
      now: number,
      options: { names?: readonly string[]; keyType?: CertificateKeyType } = {},
    ) => orderCertificate(db, serviceId, domain, now, options),

    /** The CA took the order; its URL is kept so a retry resumes it. */
    validating: (id: string, orderUrl: string | null, now: number) => move(id, 'validating', now, { orderUrl }),

    /** Keeps the URL of the order the CA took, while it validates, so that a retry resumes it. */
    async orderPlaced(id: string, orderUrl: string, now: number): Promise<void> {
      await db
        .updateTable('certificates')
        .set({ orderUrl, updatedAt: now })
        .where('id', '=', id)
        .where('status', 'in', ['validating', 'renewing'])
        .execute();
    },

    /**
     * A try of the driver begins: an ordered certificate starts validating; a failed one is ordered again (or,
     * when it had been issued before, renews again), keeping the order URL so the CA's order is resumed; an
     * issued one starts renewing (a reissue); an expired one is ordered again. Answers the row as it now is.
     */
    async begin(id: string, now: number): Promise<CertificateRow> {
      let row = await findById(id);
      if (!row) throw new CertificateStateConflict(id, 'validating');
      const keep = { orderUrl: row.orderUrl };
      if (row.status === 'failed' || row.status === 'expired') {
        row =
          row.status === 'failed' && row.serial && row.notAfter !== null && row.notAfter > now
            ? await move(id, 'renewing', now, keep)
            : await move(id, 'ordered', now, keep);
      }
      if (row.status === 'ordered') row = await move(id, 'validating', now, keep);
      if (row.status === 'issued') row = await move(id, 'renewing', now, { orderUrl: null });
      return row;
    },

    /** Renewal (or a reissue) starts; the current certificate stays in use until the new one is issued. */
    renewing: (id: string, now: number) => move(id, 'renewing', now, { orderUrl: null }),

    /**
     * Records an issued certificate: the one it replaces moves to previous_certificates (downloadable until it
     * expires), in the same transaction.
     */
    async issued(
      id: string,
      cert: IssuedCertificate,
      now: number,
      /** Runs in the same transaction (the installs on web nodes are queued with the change). */
      then?: (trx: Kysely<Database>, row: CertificateRow) => Promise<void>,
    ): Promise<CertificateRow> {
      return db.transaction().execute(async (trx) => {
        const current = await trx.selectFrom('certificates').selectAll().where('id', '=', id).executeTakeFirst();
        if (current?.serial && current.certificatePem && current.privateKeySealed && current.serial !== cert.serial) {
          await trx
            .insertInto('previousCertificates')
            .values({
              id: randomUUID(),
              certificateId: id,
              serial: current.serial,
              issuer: current.issuer ?? '',
              keyType: current.keyType,
              notBefore: current.notBefore ?? 0,
              notAfter: current.notAfter ?? 0,
              certificatePem: current.certificatePem,
              chainPem: current.chainPem ?? '',
              privateKeySealed: current.privateKeySealed,
              replacedAt: now,
              revokedAt: current.revokedAt,
            })
            .execute();
        }
        const row = await move(
          id,
          'issued',
          now,
          {
            orderUrl: cert.orderUrl,
            keyType: cert.keyType,
            serial: cert.serial,
            issuer: cert.issuer,
            notBefore: cert.notBefore,
            notAfter: cert.notAfter,
            certificatePem: cert.certificatePem,
            chainPem: cert.chainPem,
            privateKeySealed: box.seal(cert.privateKeyPem, keyPurpose(id)),
            failureCode: null,
            failureProblem: null,
            issuedAt: now,
          },
          trx,
        );
        await then?.(trx, row);
        return row;
      });
    },

    /** The order failed: the reason code (translated for customers) and the CA's problem document. */
    failed: (id: string, failure: CertificateFailure, now: number) =>
      move(id, 'failed', now, {
        failureCode: failure.code,
        failureProblem: failure.problem ? JSON.stringify(failure.problem) : null,
      }),

    revoked: (id: string, now: number, then?: (trx: Kysely<Database>, row: CertificateRow) => Promise<void>) =>
      db.transaction().execute(async (trx) => {
        const row = await move(id, 'revoked', now, { revokedAt: now }, trx);
        await then?.(trx, row);
        return row;
      }),

    /** Marks every issued certificate past its end as expired; answers how many. */
    async expire(now: number): Promise<number> {
      const result = await db
        .updateTable('certificates')
        .set({ status: 'expired', updatedAt: now })
        .where('status', '=', 'issued')
        .where('notAfter', '<=', now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Issued certificates whose renewal time (issue.ts renewalTime) has come. */
    async dueForRenewal(now: number): Promise<CertificateRow[]> {
      const issued = await db
        .selectFrom('certificates')
        .selectAll()
        .where('status', '=', 'issued')
        .where('notAfter', '>', now)
        .execute();
      return issued.filter((row) => renewalDue(row.notBefore ?? 0, row.notAfter ?? 0, now));
    },

    /** The certificates replaced by renewals that are still valid, newest first. */
    previous: (certificateId: string, now: number): Promise<PreviousCertificateRow[]> =>
      db
        .selectFrom('previousCertificates')
        .selectAll()
        .where('certificateId', '=', certificateId)
        .where('notAfter', '>', now)
        .where('revokedAt', 'is', null)
        .orderBy('notAfter', 'desc')
        .execute(),

    /**
     * The certificate with `serial` (current or a previous one) while it can still be used: not expired, not
     * revoked. Answers the PEMs and the opened key, or undefined.
     */
    async download(serviceId: string, serial: string, now: number) {
      const current = await findByService(serviceId);
      if (!current) return undefined;
      const usable = (notAfter: number | null, revokedAt: number | null) =>
        notAfter !== null && notAfter > now && revokedAt === null;
      if (current.serial === serial && current.certificatePem && current.privateKeySealed) {
        if (current.status === 'revoked' || !usable(current.notAfter, current.revokedAt)) return undefined;
        return {
          certificatePem: current.certificatePem,
          chainPem: current.chainPem ?? '',
          privateKeyPem: () => box.open(current.privateKeySealed!, keyPurpose(current.id)),
        };
      }
      const old = await db
        .selectFrom('previousCertificates')
        .selectAll()
        .where('certificateId', '=', current.id)
        .where('serial', '=', serial)
        .executeTakeFirst();
      if (!old || !usable(old.notAfter, old.revokedAt)) return undefined;
      return {
        certificatePem: old.certificatePem,
        chainPem: old.chainPem,
        privateKeyPem: () => box.open(old.privateKeySealed, keyPurpose(current.id)),
      };
    },
  };
}

export type CertificatesRepository = ReturnType<typeof createCertificatesRepository>;

type AdminQuery = z.output<typeof adminCertificatesQuerySchema>;
export type AdminCertificateFilter = Omit<AdminQuery, 'page' | 'pageSize' | 'sort' | 'order'>;
const DAY = 86_400_000;

/**
 * The back office's certificates a view and search match, with their service and owner: `failed`, or `expiring`
 * (issued or failed, ending within the warning days); `q` matches the domain or the owner's e-mail.
 */
function adminCertificatesMatching(db: Kysely<Database>, query: AdminCertificateFilter, now: number) {
  let rows = db
    .selectFrom('certificates as c')
    .innerJoin('services as s', 's.id', 'c.serviceId')
    .innerJoin('users as u', 'u.id', 's.userId');
  if (query.view === 'failed') rows = rows.where('c.status', '=', 'failed');
  if (query.view === 'expiring') {
    rows = rows
      .where('c.status', 'in', ['issued', 'failed'])
      .where('c.notAfter', 'is not', null)
      .where('c.notAfter', '<=', now + CERTIFICATE_WARNING_DAYS * DAY);
  }
  if (query.status) rows = rows.where('c.status', '=', query.status);
  if (query.q) {
    const like = `%${query.q.toLowerCase()}%`;
    rows = rows.where((eb) =>
      eb.or([eb(eb.fn('lower', ['c.domain']), 'like', like), eb(eb.fn('lower', ['u.email']), 'like', like)]),
    );
  }
  return rows;
}

/** How many certificates a view and search match. */
export const countAdminCertificates = (db: Kysely<Database>, query: AdminCertificateFilter, now: number) =>
  adminCertificatesMatching(db, query, now)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirst();

/** One page of the certificates a view and search match, by expiry or last change, then by id. */
export const adminCertificatesPage =
  (db: Kysely<Database>, query: AdminCertificateFilter & Pick<AdminQuery, 'sort' | 'order'>, now: number) =>
  (limit: number, offset: number) =>
    adminCertificatesMatching(db, query, now)
      .select([
        'c.id',
        'c.serviceId',
        'c.domain',
        'c.names',
        'c.status',
        'c.keyType',
        'c.issuer',
        'c.serial',
        'c.notAfter',
        'c.failureCode',
        'c.failureProblem',
        'c.updatedAt',
        's.name as serviceName',
        'u.id as userId',
        'u.firstName',
        'u.lastName',
        'u.email',
      ])
      .orderBy(query.sort === 'updatedAt' ? 'c.updatedAt' : 'c.notAfter', query.order)
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute();

/** One certificate's service and status, for a staff action. */
export const findCertificateStatus = (db: Kysely<Database>, id: string) =>
  db.selectFrom('certificates').select(['id', 'serviceId', 'status']).where('id', '=', id).executeTakeFirst();

/**
 * Orders the certificate again from the status read (an issued one renews), clearing the old order's URL; whether
 * the row moved (a worker changing it meanwhile wins).
 */
export async function restartCertificate(
  db: Kysely<Database>,
  row: { id: string; status: CertificateStatus },
  now: number,
): Promise<boolean> {
  const moved = await db
    .updateTable('certificates')
    .set({ status: row.status === 'issued' ? 'renewing' : 'ordered', orderUrl: null, updatedAt: now })
    .where('id', '=', row.id)
    .where('status', '=', row.status)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** A service's certificate row: what its certificate task acts on (docs/decisions/049-certificates-through-acme.md). */
export const findCertificateOfService = (db: Kysely<Database>, serviceId: string) =>
  db.selectFrom('certificates').select(['id', 'domain']).where('serviceId', '=', serviceId).executeTakeFirst();
