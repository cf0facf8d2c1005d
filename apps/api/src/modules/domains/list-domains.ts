import type {
  AdminDomain,
  adminDomainsExportQuerySchema,
  AdminDomainsPage,
  adminDomainsQuerySchema,
} from '@hostpilot/shared';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { col, yesNo } from '../../lib/staff-export';
import { fullName, iso, isoOrNull, owner, pageOf } from '../../lib/staff-list';
import { adminDomainsPage, countAdminDomains } from './domains.repository';

/** One page of the back office's domains list (docs/decisions/033-hosting-and-domain-administration.md). */
export function listAdminDomains(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminDomainsQuerySchema>,
): Promise<AdminDomainsPage> {
  return pageOf(
    query,
    () => countAdminDomains(db, kind, query),
    adminDomainsPage(db, kind, query),
    (row): AdminDomain => ({
      id: row.id,
      name: row.name,
      tld: row.tld,
      status: row.status,
      owner: owner(row),
      registeredAt: iso(row.registeredAt),
      expiresAt: iso(row.expiresAt),
      autoRenew: row.autoRenew === 1,
      transferLock: row.transferLock === 1,
      nameservers: parseStringArray(row.nameservers),
      dns: { records: Number(row.dnsCount ?? 0), updatedAt: isoOrNull(row.dnsUpdatedAt) },
    }),
  );
}

/** The domains list's export: its headings and the rows of each batch, in the reader's words. */
export function domainsExport(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminDomainsExportQuerySchema>,
) {
  return {
    heading: (t: TFunction) =>
      col(t, [
        'domain',
        'owner',
        'email',
        'status',
        'registeredAt',
        'expiresAt',
        'autoRenew',
        'transferLock',
        'dnsRecords',
      ]),
    read: async (t: TFunction, limit: number, offset: number) => {
      const rows = await adminDomainsPage(db, kind, query)(limit, offset);
      return rows.map((row) => [
        row.name,
        fullName(row.ownerFirstName, row.ownerLastName),
        row.ownerEmail,
        t(`status.${row.status}`),
        iso(row.registeredAt),
        iso(row.expiresAt),
        yesNo(t, row.autoRenew),
        yesNo(t, row.transferLock),
        String(Number(row.dnsCount ?? 0)),
      ]);
    },
  };
}

function parseStringArray(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
