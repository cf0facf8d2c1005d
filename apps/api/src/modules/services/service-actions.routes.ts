import { autoRenewRequestSchema, cancelServiceRequestSchema, serviceStateSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { createServiceActions } from './service-actions';

const idParams = z.object({ id: z.string().min(1).max(100) });
const ERRORS = {
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: 'NOT_FOUND: no such service on this account',
  409: 'INVALID_STATE: not possible in the service’s current state',
} as const;

export const serviceActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const actions = createServiceActions({ db: app.database.db, clock: options.clock });
  const common = { tags: ['services'], security: [{ bearerAuth: [] }], params: idParams };

  app.put(
    '/services/:id/auto-renew',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Turn automatic renewal on or off',
        body: autoRenewRequestSchema,
        response: { 200: serviceStateSchema, ...errorResponses({ ...BODY_ERRORS, ...ERRORS }) },
      },
    },
    async (request) => actions.setAutoRenew(authOf(request).userId, request.params.id, request.body.enabled),
  );

  app.post(
    '/services/:id/cancellation',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Cancel a service at once, or at the end of its paid period, with a reason',
        body: cancelServiceRequestSchema,
        response: { 200: serviceStateSchema, ...errorResponses({ ...BODY_ERRORS, ...ERRORS }) },
      },
    },
    async (request) => actions.cancel(authOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/services/:id/cancellation',
    {
      onRequest: app.authenticate,
      schema: {
        ...common,
        summary: 'Withdraw a cancellation that has not taken effect yet',
        response: { 200: serviceStateSchema, ...errorResponses(ERRORS) },
      },
    },
    async (request) => actions.withdrawCancellation(authOf(request).userId, request.params.id),
  );
};
