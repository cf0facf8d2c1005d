import type { adminServicesExportQuerySchema, adminServicesQuerySchema, AdminServicesPage } from '@hostpilot/shared';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { col, decimal, yesNo } from '../../lib/staff-export';
import { fullName, iso, pageOf } from '../../lib/staff-list';
import { toAdminService } from './service-rows';
import { adminServicesPage, countAdminServices } from './services.repository';

/** One page of the back office's services list (docs/decisions/033-hosting-and-domain-administration.md). */
export function listAdminServices(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminServicesQuerySchema>,
): Promise<AdminServicesPage> {
  return pageOf(query, () => countAdminServices(db, kind, query), adminServicesPage(db, kind, query), toAdminService);
}

/** The services list's export: its headings and the rows of each batch, in the reader's words. */
export function servicesExport(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminServicesExportQuerySchema>,
) {
  return {
    heading: (t: TFunction) =>
      col(t, [
        'domain',
        'name',
        'plan',
        'owner',
        'email',
        'server',
        'status',
        'suspensionReason',
        'price',
        'currency',
        'expiresAt',
        'autoRenew',
        'createdAt',
      ]),
    read: async (t: TFunction, limit: number, offset: number) => {
      const rows = await adminServicesPage(db, kind, query)(limit, offset);
      return rows.map((row) => [
        row.domain ?? '',
        row.name,
        row.planId,
        fullName(row.ownerFirstName, row.ownerLastName),
        row.ownerEmail,
        row.serverName ?? '',
        t(`status.${row.status}`),
        row.suspensionReason ?? '',
        decimal(row.priceCents),
        row.currency,
        iso(row.expiresAt),
        yesNo(t, row.autoRenew),
        iso(row.createdAt),
      ]);
    },
  };
}
