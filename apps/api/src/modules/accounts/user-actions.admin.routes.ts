import { idempotencyHeadersSchema, IDEMPOTENCY_KEY_HEADER, usersAdminEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { requestFingerprint } from '../../lib/idempotency';
import { staffOf } from '../../plugins/authorize';
import { BULK_DESCRIPTION, eachOnItsOwn } from '../../lib/bulk';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { endpointRoute } from '../../lib/endpoint-route';
import { creditAccount, deleteAccount, editAccount, setAccountStatus, type StaffAct } from './user-actions';

const ACTION_ERRORS = {
  ...BODY_ERRORS,
  ...STAFF_ERRORS,
  404: 'NOT_FOUND: no such account, or it was deleted',
  409: 'OWN_ACCOUNT: the caller would demote, suspend or delete their own account; LAST_ADMINISTRATOR: no active administrator would remain',
} as const;

/**
 * The back office's account actions over HTTP (the rules are in user-actions.ts): edit, suspend, activate,
 * delete, credit, and suspend or activate several accounts.
 */
export const adminUserActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;
  /** The caller, their address and the time, read for each account changed. */
  const actOf = (request: FastifyRequest): StaffAct => ({
    db,
    kind,
    actorId: staffOf(request).userId,
    clientIp: request.ip,
    now: clock.now(),
  });

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
        setAccountStatus(actOf(request), id, request.body.action, request.body.reason),
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
    async (request) => editAccount(actOf(request), request.params.id, request.body),
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
      async (request) => setAccountStatus(actOf(request), request.params.id, action, request.body.reason),
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
      await deleteAccount(actOf(request), request.params.id, request.body.confirmEmail);
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
      const answer = await creditAccount(actOf(request), request.params.id, request.body, {
        key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
        fingerprint: requestFingerprint(request.method, request.url, request.body),
      });
      return reply.code(answer.statusCode as 201).send(answer.body);
    },
  );
};
