import { type AdminAuditEntry, ticketNumber } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fullName } from '../../lib/staff-list';
import { accountNames } from '../accounts';
import { invoiceLabels, paymentLabels } from '../billing';
import { domainLabels } from '../domains';
import { orderLabels } from '../ordering';
import { serverLabels } from '../servers';
import { serviceLabels } from '../services';
import { ticketLabels } from '../support';

type Target = NonNullable<AdminAuditEntry['target']>;
type Named = { id: string; name: string; detail: string | null };

/**
 * How each kind of audited record is named (docs/decisions/048-operator-journeys.md): one query per kind present
 * on a page, by id, so a page of entries costs at most one lookup per kind, never one per row. Each module names
 * its own records; the words shown are the audit log's.
 */
const LOOKUPS: Record<string, (db: Kysely<Database>, ids: string[]) => Promise<Named[]>> = {
  user: async (db, ids) =>
    (await accountNames(db, ids)).map((row) => ({
      id: row.id,
      name: fullName(row.firstName, row.lastName),
      detail: row.email,
    })),
  service: async (db, ids) =>
    (await serviceLabels(db, ids)).map((row) => ({
      id: row.id,
      name: row.domain ?? row.name,
      detail: row.domain ? row.name : null,
    })),
  domain: async (db, ids) => (await domainLabels(db, ids)).map((row) => ({ id: row.id, name: row.name, detail: null })),
  invoice: async (db, ids) =>
    (await invoiceLabels(db, ids)).map((row) => ({ id: row.id, name: row.number, detail: null })),
  order: async (db, ids) => (await orderLabels(db, ids)).map((row) => ({ id: row.id, name: row.number, detail: null })),
  payment: async (db, ids) =>
    (await paymentLabels(db, ids)).flatMap((row) =>
      row.number ? [{ id: row.id, name: row.number, detail: null }] : [],
    ),
  server: async (db, ids) =>
    (await serverLabels(db, ids)).map((row) => ({ id: row.id, name: row.name, detail: row.ip })),
  ticket: async (db, ids) =>
    (await ticketLabels(db, ids)).map((row) => ({ id: row.id, name: ticketNumber(row.number), detail: row.subject })),
};

/** The names of the records a page of audit entries is about, keyed `entityType:entityId`. */
export async function auditTargets(
  db: Kysely<Database>,
  entries: readonly { entityType: string; entityId: string | null }[],
): Promise<Map<string, Target>> {
  const idsByType = new Map<string, Set<string>>();
  for (const { entityType, entityId } of entries) {
    if (entityId === null || !Object.hasOwn(LOOKUPS, entityType)) continue;
    const ids = idsByType.get(entityType) ?? new Set<string>();
    ids.add(entityId);
    idsByType.set(entityType, ids);
  }
  const targets = new Map<string, Target>();
  await Promise.all(
    [...idsByType].map(async ([type, ids]) => {
      for (const { id, name, detail } of await LOOKUPS[type]!(db, [...ids])) {
        targets.set(`${type}:${id}`, { name, detail });
      }
    }),
  );
  return targets;
}
