import { IDEMPOTENCY_KEY_HEADER, idempotencyHeadersSchema, servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { requestFingerprint } from '../../lib/idempotency';
import { authOf } from '../../plugins/authenticate';
import { cancelPendingPlan } from './cancel-pending-plan';
import { changePlan } from './plan-change';
import { endpointRoute } from '../../lib/endpoint-route';

export const planChangeRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const deps = { db: app.database.db, kind: app.database.kind, clock: options.clock };

  endpointRoute(
    app,
    servicesEndpoints.postServicesPlan,
    {
      schema: {
        tags: ['services'],
        summary:
          'Change the plan of a service: an upgrade now (prorated, paid from the balance), a downgrade at renewal',
        description:
          'The plan must be another plan of the same product in the catalogue (`planChangeOptions`). An upgrade costs ' +
          'floor((new price − current price) × whole days left ÷ days in the period), in cents, paid from the balance ' +
          'with an invoice; a cheaper plan is stored as `pendingPlan` and taken at the next renewal. Needs an ' +
          '`Idempotency-Key` header.',
        headers: idempotencyHeadersSchema.loose(),
        response: {
          ...errorResponses({
            ...BODY_ERRORS,
            401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
            404: 'NOT_FOUND: no such service on this account',
            409:
              'INSUFFICIENT_FUNDS (add funds first; nothing was written); INVALID_STATE with fields.planId: the ' +
              'service is not active, a cancellation is pending, the same plan, or a plan it cannot change to; ' +
              'IDEMPOTENCY_KEY_REUSED',
          }),
        },
      },
    },
    async (request, reply) => {
      const answer = await changePlan(deps, authOf(request).userId, request.params.id, request.body.planId, {
        key: String(request.headers[IDEMPOTENCY_KEY_HEADER]),
        fingerprint: requestFingerprint(request.method, request.url, request.body),
      });
      return reply.code(answer.statusCode as 200).send(answer.body);
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.deleteServicesPendingPlan,
    {
      schema: {
        tags: ['services'],
        summary: 'Cancel a downgrade waiting for the next renewal',
        response: {
          ...errorResponses({
            401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
            404: 'NOT_FOUND: no such service on this account',
            409: 'INVALID_STATE with fields.planId: no downgrade is waiting',
          }),
        },
      },
    },
    async (request) => cancelPendingPlan(deps, authOf(request).userId, request.params.id),
  );
};
