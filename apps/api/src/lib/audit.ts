import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The audit log (docs/decisions/027-back-office-actions-and-audit.md): who did what to which record, the values
 * before and after, from which address, when. Every admin action and every sign-in calls `writeAudit` inside the
 * transaction of its change, so an entry exists exactly when the change does. Entries are never updated or
 * deleted by any route.
 */
export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  clientIp: string | null;
  now: number;
}

/** A field whose value must never reach the log: passwords, hashes, tokens, secrets, codes, keys. */
const SECRET_FIELD = /pass(word)?|hash|secret|token|otp|code|key|smtp.*pass/i;
export const MASK = '***';

/** A copy of `value` with every secret field's value replaced by `***`, at any depth. */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([field, inner]) => [
        field,
        SECRET_FIELD.test(field) && inner !== null && inner !== undefined ? MASK : maskSecrets(inner),
      ]),
    );
  }
  return value;
}

/** Appends one audit entry in the caller's transaction. */
export async function writeAudit(trx: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditLog')
    .values({
      id: randomUUID(),
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(maskSecrets(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(maskSecrets(entry.after)),
      clientIp: entry.clientIp,
      createdAt: entry.now,
    })
    .execute();
}
