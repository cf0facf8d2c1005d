import { ADMIN_ROLE, type adminCreditSchema, type AdminUserEdit, CURRENCY, validationMessage } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DatabaseKind } from '../../db/index';
import { isUniqueViolation } from '../../db/errors';
import type { Database, UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type Answer, runIdempotent } from '../../lib/idempotency';
import { type Journal, journal } from '../../lib/journal';
import { appendLedgerEntry, balanceOf, money } from '../billing';
import {
  activeAdministratorIds,
  anonymiseAccount,
  emailTakenByOther,
  endAllSessions,
  liveAccount,
  setUserStatus,
  updateAccount,
} from './users.repository';

/**
 * Account actions of the back office (docs/decisions/027-back-office-actions-and-audit.md): edit, suspend,
 * activate, delete, credit. Each runs in one transaction with its audit entry. Nobody demotes, suspends or
 * deletes their own account (409 OWN_ACCOUNT), and no change may leave the product without an active
 * administrator (409 LAST_ADMINISTRATOR), even when two administrators act on each other at the same moment.
 */

/** Who acts, from where, and when. */
export interface StaffAct {
  db: Kysely<Database>;
  kind: DatabaseKind;
  actorId: string;
  clientIp: string;
  now: number;
}

/** What an account action answers: the account and its status after it. */
export interface AccountStatus {
  id: string;
  status: 'active' | 'suspended';
}

/** The fields an audit entry keeps of an account (no password hash, no personal data beyond these). */
const audited = (row: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'role' | 'status'>) => ({
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  role: row.role,
  status: row.status,
});

type Change = { role: number; status: 'active' | 'suspended' } | 'delete';

/**
 * Refuses a change that touches the caller's own role, status or existence, or that would leave no active
 * administrator. On PostgreSQL the active administrators' rows are locked first, so two administrators
 * demoting each other at once are serialised and the second sees the first's change; SQLite runs one write
 * transaction at a time.
 */
async function assertAdministratorsRemain(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  callerId: string,
  target: UserRow,
  change: Change,
): Promise<void> {
  const removesSelf =
    change === 'delete' || change.role !== target.role || (change.status !== 'active' && target.status === 'active');
  if (target.id === callerId && removesSelf) throw new AppError('OWN_ACCOUNT');
  const wasAdmin = target.role === ADMIN_ROLE && target.status === 'active';
  const staysAdmin = change !== 'delete' && change.role === ADMIN_ROLE && change.status === 'active';
  if (!wasAdmin || staysAdmin) return;
  const remaining = (await activeAdministratorIds(trx, kind, ADMIN_ROLE)).filter((id) => id !== target.id);
  if (remaining.length === 0) throw new AppError('LAST_ADMINISTRATOR');
}

async function findAccount(trx: Kysely<Database>, id: string): Promise<UserRow> {
  const row = await liveAccount(trx, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Runs an account change in one transaction with the caller's journal (audit with the client address). */
function change<T>(
  act: StaffAct,
  targetId: string,
  run: (trx: Kysely<Database>, target: UserRow, log: Journal) => Promise<T>,
): Promise<T> {
  return act.db.transaction().execute(async (trx) => {
    const target = await findAccount(trx, targetId);
    return run(trx, target, journal(trx, target.id, act.actorId, act.now, act.clientIp));
  });
}

/** Suspends (every session ends) or activates one account: the single action and each row of a bulk one. */
export function setAccountStatus(
  act: StaffAct,
  id: string,
  action: 'suspend' | 'activate',
  reason: string | undefined,
): Promise<AccountStatus> {
  const to: 'active' | 'suspended' = action === 'suspend' ? 'suspended' : 'active';
  return change(act, id, async (trx, target, log) => {
    if (target.status === to) throw new AppError('INVALID_STATE');
    await assertAdministratorsRemain(trx, act.kind, act.actorId, target, { role: target.role, status: to });
    await setUserStatus(trx, target.id, to, act.now);
    if (to === 'suspended') await endAllSessions(trx, target.id, act.now);
    await log.statusChange({ entityType: 'user', entityId: target.id, from: target.status, to });
    await log.audit({
      action: `user.${action}`,
      entityType: 'user',
      entityId: target.id,
      before: { status: target.status },
      after: { status: to, reason: reason ?? null },
    });
    return { id: target.id, status: to };
  });
}

/** Edits an account's name, e-mail, role and status; suspending here ends every session too. */
export async function editAccount(act: StaffAct, id: string, next: AdminUserEdit): Promise<AccountStatus> {
  try {
    return await change(act, id, async (trx, target, log) => {
      await assertAdministratorsRemain(trx, act.kind, act.actorId, target, { role: next.role, status: next.status });
      if (await emailTakenByOther(trx, next.email, target.id)) throw new AppError('EMAIL_TAKEN');
      await updateAccount(trx, target.id, next, act.now);
      if (next.status === 'suspended' && target.status !== 'suspended') await endAllSessions(trx, target.id, act.now);
      await log.audit({
        action: 'user.update',
        entityType: 'user',
        entityId: target.id,
        before: audited(target),
        after: audited(next),
      });
      return { id: target.id, status: next.status };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Deletes an account, confirmed by its e-mail: sessions end, sign-in and personal data go, the row is anonymised;
 * invoices, payments and the ledger stay. Audited without personal data.
 */
export async function deleteAccount(act: StaffAct, id: string, confirmEmail: string): Promise<void> {
  await change(act, id, async (trx, target, log) => {
    if (confirmEmail.toLowerCase() !== target.email.toLowerCase()) {
      throw new AppError('VALIDATION_FAILED', {
        fields: {
          confirmEmail: { code: 'validation.confirmEmail', message: validationMessage('validation.confirmEmail') },
        },
      });
    }
    await assertAdministratorsRemain(trx, act.kind, act.actorId, target, 'delete');
    await endAllSessions(trx, target.id, act.now);
    await anonymiseAccount(trx, target.id, act.now);
    await log.audit({
      action: 'user.delete',
      entityType: 'user',
      entityId: target.id,
      before: { role: target.role, status: target.status },
      after: { deleted: true },
    });
  });
}

/**
 * Adds to or deducts from an account's balance with a reason: one ledger adjustment in integer cents, in one
 * transaction with its audit entry, once per Idempotency-Key (docs/decisions/022-money-transactions.md). A
 * deduction larger than the balance is refused. Answers 201 with the entry and the balance after.
 */
export async function creditAccount(
  act: StaffAct,
  id: string,
  input: z.output<typeof adminCreditSchema>,
  idempotency: { key: string; fingerprint: string },
): Promise<Answer<{ entryId: string; balance: ReturnType<typeof money> }>> {
  const { direction, amount, reason } = input;
  const target = await findAccount(act.db, id);
  return runIdempotent(act.db, { userId: target.id, ...idempotency, now: act.now }, async (trx) => {
    const cents = direction === 'add' ? amount : -amount;
    const before = await balanceOf(trx, target.id);
    if (before + cents < 0) throw new AppError('INSUFFICIENT_FUNDS');
    const entryId = await appendLedgerEntry(trx, {
      userId: target.id,
      type: 'adjustment',
      amountCents: cents,
      key: 'transactions.adjustment',
      params: {},
      actorId: act.actorId,
      now: act.now,
    });
    await journal(trx, target.id, act.actorId, act.now, act.clientIp).audit({
      action: 'user.credit',
      entityType: 'user',
      entityId: target.id,
      before: { balanceMinor: before, currency: CURRENCY },
      after: { balanceMinor: before + cents, currency: CURRENCY, amountMinor: cents, reason, entryId },
    });
    return { statusCode: 201, body: { entryId, balance: money(before + cents) } };
  });
}
