import { servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { authOf } from '../../plugins/authenticate';
import { cancelService } from './cancel-service';
import { setServiceAutoRenew } from './set-service-auto-renew';
import { withdrawServiceCancellation } from './withdraw-cancellation';
import { endpointRoute } from '../../lib/endpoint-route';

const ERRORS = {
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: 'NOT_FOUND: no such service on this account',
  409: 'INVALID_STATE: not possible in the service’s current state',
} as const;

export const serviceActionsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, options) => {
  const deps = { db: app.database.db, clock: options.clock };
  const common = { tags: ['services'] };

  endpointRoute(
    app,
    servicesEndpoints.putServicesAutoRenew,
    {
      schema: {
        ...common,
        summary: 'Turn automatic renewal on or off',
        response: errorResponses({ ...BODY_ERRORS, ...ERRORS }),
      },
    },
    async (request) => setServiceAutoRenew(deps, authOf(request).userId, request.params.id, request.body.enabled),
  );

  endpointRoute(
    app,
    servicesEndpoints.postServicesCancellation,
    {
      schema: {
        ...common,
        summary: 'Cancel a service at once, or at the end of its paid period, with a reason',
        response: errorResponses({ ...BODY_ERRORS, ...ERRORS }),
      },
    },
    async (request) => cancelService(deps, authOf(request).userId, request.params.id, request.body),
  );

  endpointRoute(
    app,
    servicesEndpoints.deleteServicesCancellation,
    {
      schema: {
        ...common,
        summary: 'Withdraw a cancellation that has not taken effect yet',
        response: errorResponses(ERRORS),
      },
    },
    async (request) => withdrawServiceCancellation(deps, authOf(request).userId, request.params.id),
  );
};
