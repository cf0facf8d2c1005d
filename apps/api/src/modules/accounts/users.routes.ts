import { usersEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { accountOf } from '../../plugins/authenticate';
import { toPublicUser } from './users.repository';
import { endpointRoute } from '../../lib/endpoint-route';

/** GET /users/me: the signed-in user, read from the database (a deleted or suspended account is refused). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  endpointRoute(
    app,
    usersEndpoints.getUsersMe,
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user',
        response: {
          ...errorResponses({
            401: 'UNAUTHORIZED (no or malformed Authorization header, or the user is gone), TOKEN_INVALID, TOKEN_EXPIRED',
          }),
        },
      },
    },
    // The account app.authenticate read on this request: no second read.
    async (request) => toPublicUser(accountOf(request)),
  );
};
