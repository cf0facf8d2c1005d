import type { AdminCertificate, adminCertificatesQuerySchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { fullName, iso, isoOrNull, pageOf } from '../../lib/staff-list';
import { adminCertificatesPage, countAdminCertificates } from './certificates.repository';

type Query = z.output<typeof adminCertificatesQuerySchema>;
const DAY = 86_400_000;

/**
 * The back office's certificates list (docs/decisions/049-certificates-through-acme.md): one page of the view and
 * search, with the failed ones' CA problem document, and each view's count under the search.
 */
export async function listCertificates(db: Kysely<Database>, query: Query, now: number) {
  const page = await pageOf(
    query,
    () => countAdminCertificates(db, query, now),
    adminCertificatesPage(db, query, now),
    (row): AdminCertificate => ({
      id: row.id,
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      owner: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
      domain: row.domain,
      names: JSON.parse(row.names) as string[],
      status: row.status,
      keyType: row.keyType,
      issuer: row.issuer,
      serial: row.serial,
      notAfter: isoOrNull(row.notAfter),
      daysLeft: row.notAfter === null ? null : Math.max(0, Math.floor((row.notAfter - now) / DAY)),
      failureCode: row.status === 'failed' ? row.failureCode : null,
      problem:
        row.status === 'failed' && row.failureProblem
          ? (JSON.parse(row.failureProblem) as Record<string, unknown>)
          : null,
      updatedAt: iso(row.updatedAt),
    }),
  );
  const scope = { q: query.q };
  const [all, failed, expiring] = await Promise.all(
    (['all', 'failed', 'expiring'] as const).map((view) => countAdminCertificates(db, { ...scope, view }, now)),
  );
  return {
    ...page,
    counts: {
      all: Number(all?.total ?? 0),
      failed: Number(failed?.total ?? 0),
      expiring: Number(expiring?.total ?? 0),
    },
  };
}
