import { randomBytes } from 'node:crypto';
import {
  ADMIN_ROLE,
  CURRENCY,
  idempotencyHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  usersAdminEndpoints,
  validationMessage,
} from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { requestFingerprint, runIdempotent } from '../../lib/idempotency';
import { journal } from '../../lib/journal';
import { staffOf } from '../../plugins/authorize';
import { appendLedgerEntry, balanceOf, money } from '../billing/ledger';
import { isUniqueViolation } from '../../db/errors';
import { BULK_DESCRIPTION, eachOnItsOwn } from '../../lib/bulk';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { endpointRoute } from '../../lib/endpoint-route';

/**
 * Account actions of the back office (docs/decisions/027-back-office-actions-and-audit.md): edit, suspend,
 * activate, delete, credit. Each runs in one transaction with its audit entry. Nobody demotes, suspends or
 * deletes their own account (409 OWN_ACCOUNT), and no change may leave the product without an active
 * administrator (409 LAST_ADMINISTRATOR), even when two administrators act on each other at the same moment.
 */

const ACTION_ERRORS = {
  ...BODY_ERRORS,
  ...STAFF_ERRORS,
  404: 'NOT_FOUND: no such account, or it was deleted',
  409: 'OWN_ACCOUNT: the caller would demote, suspend or delete their own account; LAST_ADMINISTRATOR: no active administrator would remain',
} as const;

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
  kind: 'sqlite' | 'postgres',
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
  let admins = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', ADMIN_ROLE)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null);
  if (kind === 'postgres') admins = admins.forUpdate();
  const remaining = (await admins.execute()).filter((row) => row.id !== target.id);
  if (remaining.length === 0) throw new AppError('LAST_ADMINISTRATOR');
}

async function findAccount(trx: Kysely<Database>, id: string): Promise<UserRow> {
  const row = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Ends every session of an account in the caller's transaction: its refresh tokens stop working at once. */
async function endSessions(trx: Kysely<Database>, userId: string, now: number): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

export const adminUserActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;

  /** Runs an account change in one transaction with the caller's journal (audit with the client address). */
  const change = <T>(
    request: FastifyRequest,
    targetId: string,
    run: (trx: Kysely<Database>, target: UserRow, log: ReturnType<typeof journal>, now: number) => Promise<T>,
  ) => {
    const staff = staffOf(request);
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const target = await findAccount(trx, targetId);
      return run(trx, target, journal(trx, target.id, staff.userId, now, request.ip), now);
    });
  };

  /** Suspends or activates one account (the single action and each row of a bulk one). */
  const setStatus = (
    request: FastifyRequest,
    id: string,
    action: 'suspend' | 'activate',
    reason: string | undefined,
  ) => {
    const staff = staffOf(request);
    const to: 'active' | 'suspended' = action === 'suspend' ? 'suspended' : 'active';
    return change(request, id, async (trx, target, log, now) => {
      if (target.status === to) throw new AppError('INVALID_STATE');
      await assertAdministratorsRemain(trx, kind, staff.userId, target, { role: target.role, status: to });
      await trx.updateTable('users').set({ status: to, updatedAt: now }).where('id', '=', target.id).execute();
      if (to === 'suspended') await endSessions(trx, target.id, now);
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
  };

  endpointRoute(
    app,
    usersAdminEndpoints.postAdminUsersBulk,
    {
      schema: {
        tags: ['admin'],
        summary: 'Suspend (with a reason) or activate several accounts, each on its own',
        description: `${BULK_DESCRIPTION}Needs \`users.write\`.`,
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): `ids` validation.bulkIds, `reason` validation.reason',
        }),
      },
    },
    async (request) =>
      eachOnItsOwn(request.body.ids, request.log, (id) =>
        setStatus(request, id, request.body.action, request.body.reason),
      ),
  );

  endpointRoute(
    app,
    usersAdminEndpoints.patchAdminUsersItem,
    {
      schema: {
        tags: ['admin'],
        summary: "Edit an account's name, e-mail, role and status",
        description:
          'Suspending here ends every session, as POST /suspend does. Recorded in the audit log with the values ' +
          'before and after. Needs `users.write`.',
        response: errorResponses({
          ...ACTION_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): a bad name or e-mail, an unknown role (validation.role) or status (validation.userStatus)',
          409: `${ACTION_ERRORS[409]}; EMAIL_TAKEN: another account has this e-mail`,
        }),
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const next = request.body;
      try {
        return await change(request, request.params.id, async (trx, target, log, now) => {
          await assertAdministratorsRemain(trx, kind, staff.userId, target, { role: next.role, status: next.status });
          const taken = await trx
            .selectFrom('users')
            .select('id')
            .where('email', '=', next.email)
            .where('id', '!=', target.id)
            .executeTakeFirst();
          if (taken) throw new AppError('EMAIL_TAKEN');
          await trx
            .updateTable('users')
            .set({ ...next, updatedAt: now })
            .where('id', '=', target.id)
            .execute();
          if (next.status === 'suspended' && target.status !== 'suspended') await endSessions(trx, target.id, now);
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
    },
  );

  for (const action of ['suspend', 'activate'] as const) {
    const to: 'active' | 'suspended' = action === 'suspend' ? 'suspended' : 'active';
    endpointRoute(
      app,
      action === 'suspend' ? usersAdminEndpoints.postAdminUsersSuspend : usersAdminEndpoints.postAdminUsersActivate,
      {
        schema: {
          tags: ['admin'],
          summary:
            action === 'suspend'
              ? 'Suspend an account: it cannot sign in (ACCOUNT_SUSPENDED) and every session ends at once'
              : 'Activate a suspended account',
          description:
            action === 'suspend'
              ? 'The body gives the reason (required), kept in the audit entry. Needs `users.write`.'
              : 'The body may give a reason, kept in the audit entry. Needs `users.write`.',
          response: errorResponses({
            ...BODY_ERRORS,
            ...STAFF_ERRORS,
            400: 'VALIDATION_FAILED (with `fields`): `reason` validation.reason',
            404: ACTION_ERRORS[404],
            409: `${ACTION_ERRORS[409]}; INVALID_STATE: the account is already ${to}`,
          }),
        },
      },
      async (request) => setStatus(request, request.params.id, action, request.body.reason),
    );
  }

  endpointRoute(
    app,
    usersAdminEndpoints.deleteAdminUsersItem,
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete an account: its sign-in and personal data go; invoices and ledger stay, anonymised',
        description:
          "The body repeats the account's e-mail as the confirmation. The e-mail, name and password are replaced, " +
          'sessions, sign-in records, two-factor data and links are removed; invoices, payments and the ledger ' +
          'keep pointing at the anonymised account. Recorded in the audit log without personal data. Needs `users.write`.',
        response: errorResponses({
          ...ACTION_ERRORS,
          400: "VALIDATION_FAILED (with `fields`): `confirmEmail` validation.confirmEmail, it is not the account's e-mail",
        }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      await change(request, request.params.id, async (trx, target, log, now) => {
        if (request.body.confirmEmail.toLowerCase() !== target.email.toLowerCase()) {
          throw new AppError('VALIDATION_FAILED', {
            fields: {
              confirmEmail: { code: 'validation.confirmEmail', message: validationMessage('validation.confirmEmail') },
            },
          });
        }
        await assertAdministratorsRemain(trx, kind, staff.userId, target, 'delete');
        await endSessions(trx, target.id, now);
        for (const table of ['signIns', 'accountTokens', 'recoveryCodes', 'signInChallenges', 'twoFactor'] as const) {
          await trx.deleteFrom(table).where('userId', '=', target.id).execute();
        }
        await trx
          .updateTable('users')
          .set({
            email: `deleted-${target.id}@deleted.invalid`,
            firstName: 'Deleted',
            lastName: 'account',
            // No password verifies against a random value that is not a hash.
            passwordHash: `deleted:${randomBytes(16).toString('hex')}`,
            role: 0,
            notifyEmail: 0,
            notifyServiceUpdates: 0,
            notifyMarketing: 0,
            deletedAt: now,
            updatedAt: now,
          })
          .where('id', '=', target.id)
          .execute();
        await log.audit({
          action: 'user.delete',
          entityType: 'user',
          entityId: target.id,
          before: { role: target.role, status: target.status },
          after: { deleted: true },
        });
      });
      return reply.code(204).send(null);
    },
  );

  endpointRoute(
    app,
    usersAdminEndpoints.postAdminUsersCredit,
    {
      schema: {
        tags: ['admin'],
        summary: "Add to or deduct from an account's balance, with a reason (a ledger adjustment)",
        description:
          'The amount is in major units with at most two decimals ($0.01 to $10,000.00) and becomes one ledger ' +
          'entry in integer cents, in one transaction with its audit entry, once per `Idempotency-Key` ' +
          '(docs/decisions/022-money-transactions.md). A deduction larger than the balance is refused. Needs `billing.write`.',
        headers: idempotencyHeadersSchema.loose(),
        response: errorResponses({
          ...BODY_ERRORS,
          ...STAFF_ERRORS,
          400: 'VALIDATION_FAILED (with `fields`): amount (validation.amountFormat, amountMin, amountMax), reason (validation.reason), the Idempotency-Key header',
          404: ACTION_ERRORS[404],
          409: 'INSUFFICIENT_FUNDS: the deduction exceeds the balance; IDEMPOTENCY_KEY_REUSED',
        }),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { direction, amount, reason } = request.body;
      const now = clock.now();
      const target = await findAccount(db, request.params.id);
      const answer = await runIdempotent(
        db,
        {
          userId: target.id,
          key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
          fingerprint: requestFingerprint(request.method, request.url, request.body),
          now,
        },
        async (trx) => {
          const cents = direction === 'add' ? amount : -amount;
          const before = await balanceOf(trx, target.id);
          if (before + cents < 0) throw new AppError('INSUFFICIENT_FUNDS');
          const entryId = await appendLedgerEntry(trx, {
            userId: target.id,
            type: 'adjustment',
            amountCents: cents,
            key: 'transactions.adjustment',
            params: {},
            actorId: staff.userId,
            now,
          });
          await journal(trx, target.id, staff.userId, now, request.ip).audit({
            action: 'user.credit',
            entityType: 'user',
            entityId: target.id,
            before: { balanceMinor: before, currency: CURRENCY },
            after: { balanceMinor: before + cents, currency: CURRENCY, amountMinor: cents, reason, entryId },
          });
          return { statusCode: 201, body: { entryId, balance: money(before + cents) } };
        },
      );
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );
};
