import type { adminServersExportQuerySchema, adminServersQuerySchema, AdminServersPage } from '@hostpilot/shared';
import type { TFunction } from 'i18next';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import type { Database } from '../../db/schema';
import { col } from '../../lib/staff-export';
import { iso, pageOf } from '../../lib/staff-list';
import { toAdminServer } from './server-rows';
import { countServers, serversPage, serversSummary } from './servers.repository';

/** One page of the back office's servers list, with the summary of every server. */
export async function listServers(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminServersQuerySchema>,
): Promise<AdminServersPage> {
  const page = await pageOf(query, () => countServers(db, kind, query), serversPage(db, kind, query), toAdminServer);
  return { ...page, summary: await serversSummary(db) };
}

/** The servers list's export: its headings and the rows of each batch, in the reader's words. */
export function serversExport(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: z.output<typeof adminServersExportQuerySchema>,
) {
  return {
    heading: (t: TFunction) =>
      col(t, ['name', 'location', 'type', 'ip', 'status', 'services', 'capacity', 'createdAt']),
    read: async (t: TFunction, limit: number, offset: number) => {
      const rows = await serversPage(db, kind, query)(limit, offset);
      return rows.map((row) => [
        row.name,
        t(`servers.locations.${row.location}`),
        t(`servers.types.${row.type}`),
        row.ip,
        t(`status.${row.status}`),
        String(Number(row.serviceCount ?? 0)),
        String(row.capacity),
        iso(row.createdAt),
      ]);
    },
  };
}
