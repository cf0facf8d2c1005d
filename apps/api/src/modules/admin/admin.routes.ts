import { adminPermissionsSchema } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { guardStaffScope, staffOf } from '../../plugins/authorize';

/** The refusals every back-office route gives before its handler runs (plugins/authorize.ts). */
export const STAFF_ERRORS = {
  401: 'UNAUTHORIZED (no token, or the account is gone or suspended), TOKEN_INVALID, TOKEN_EXPIRED',
  403: 'FORBIDDEN: the role read from the database now lacks the permission this route needs',
} as const;

/** The back office's API, under /api/admin. Every route declares the permission it needs (decision 014). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  guardStaffScope(app);

  app.get(
    '/me/permissions',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The caller's role and back-office permissions",
        description: 'Read from the database on this request. Any staff role; a customer answers 403.',
        security: [{ bearerAuth: [] }],
        response: {
          200: adminPermissionsSchema.describe('The role number and its permissions'),
          ...errorResponses(STAFF_ERRORS),
        },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      return { role: staff.role, permissions: [...staff.permissions] };
    },
  );
};
