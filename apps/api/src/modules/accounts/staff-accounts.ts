import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { activeAccountRole, activeAccountsWithRoles } from './users.repository';

/**
 * The staff other modules hand work to, the active accounts of `roles` by name, at most 500 (the support queue
 * assigns tickets to them: docs/decisions/035-support-queue-and-operations.md).
 */
export function activeStaff(db: Kysely<Database>, roles: number[]) {
  return activeAccountsWithRoles(db, roles);
}

/** The role of an active account not deleted, or undefined: whether it may take on staff work (a ticket). */
export function activeRoleOf(db: Kysely<Database>, userId: string): Promise<number | undefined> {
  return activeAccountRole(db, userId);
}
