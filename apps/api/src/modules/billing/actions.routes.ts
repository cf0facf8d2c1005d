import { IDEMPOTENCY_KEY_HEADER, idempotencyHeadersSchema, billingEndpoints } from '@hostpilot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { requestFingerprint } from '../../lib/idempotency';
import { authOf } from '../../plugins/authenticate';
import { bankTransferProvider, testCardProvider } from './payments.service';
import { renewDomain } from './renew-domain';
import { renewService } from './renew-service';
import { topUp } from './top-up';
import { endpointRoute } from '../../lib/endpoint-route';

export interface BillingActionsOptions {
  clock: Clock;
  demoMode: boolean;
}

/** Headers are checked for the key only; the others pass through untouched. */
const headers = idempotencyHeadersSchema.loose();

function idempotencyOf(request: FastifyRequest) {
  return {
    key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
    fingerprint: requestFingerprint(request.method, request.url, request.body),
  };
}

const MONEY_ERRORS = {
  ...BODY_ERRORS,
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  403: 'EMAIL_NOT_VERIFIED: the account has not verified its e-mail address yet',
} as const;

/**
 * The customer's money-moving actions (docs/decisions/022-money-transactions.md): add funds, renew a service or
 * a domain from the balance. Each needs an `Idempotency-Key` header.
 */
export const billingActionsRoutes: FastifyPluginAsyncZod<BillingActionsOptions> = async (app, options) => {
  const db = app.database.db;
  const topUpDeps = {
    db,
    clock: options.clock,
    providers: [bankTransferProvider, testCardProvider(() => options.demoMode)],
  };
  const renewDeps = { db, clock: options.clock };

  endpointRoute(
    app,
    billingEndpoints.postFinanceTopUps,
    {
      schema: {
        tags: ['finance'],
        summary: 'Add funds to the balance: a bank transfer (pending until approved) or, in demo mode, the test card',
        headers,
        response: {
          ...errorResponses({
            ...MONEY_ERRORS,
            402: 'PAYMENT_DECLINED: the card was declined (the failed payment is kept)',
            409: 'IDEMPOTENCY_KEY_REUSED: the key was used for another request',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await topUp(topUpDeps, {
        userId: authOf(request).userId,
        topUp: request.body,
        idempotency: idempotencyOf(request),
      });
      return reply.code(answer.statusCode as 201).send(answer.body as never);
    },
  );

  endpointRoute(
    app,
    billingEndpoints.postServicesRenew,
    {
      schema: {
        tags: ['services'],
        summary: 'Renew a service (hosting or another kind) for a period of its plan, paid from the balance',
        headers,
        response: {
          ...errorResponses({
            ...MONEY_ERRORS,
            404: 'NOT_FOUND: no such service on this account',
            409: 'INSUFFICIENT_FUNDS (add funds first; nothing was written), INVALID_STATE, IDEMPOTENCY_KEY_REUSED',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await renewService(renewDeps, {
        userId: authOf(request).userId,
        serviceId: request.params.id,
        months: request.body.months,
        idempotency: idempotencyOf(request),
      });
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  endpointRoute(
    app,
    billingEndpoints.postDomainsRenew,
    {
      schema: {
        tags: ['domains'],
        summary: 'Renew a domain for whole years at the catalogue price, paid from the balance',
        headers,
        response: {
          ...errorResponses({
            ...MONEY_ERRORS,
            404: 'NOT_FOUND: no such domain on this account',
            409: 'INSUFFICIENT_FUNDS (add funds first; nothing was written), INVALID_STATE, IDEMPOTENCY_KEY_REUSED',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await renewDomain(renewDeps, {
        userId: authOf(request).userId,
        domainId: request.params.id,
        years: request.body.years,
        idempotency: idempotencyOf(request),
      });
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );
};
