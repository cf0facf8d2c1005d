import { type AdminUser, adminUsersPageSchema, adminUsersQuerySchema, ROLES } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorResponses } from '../../lib/errors';
import { iso, isoOrNull, pageOf } from './list';
import { contains } from './search';
import { LIST_ERRORS, STAFF_ERRORS } from './errors';

type Query = z.output<typeof adminUsersQuerySchema>;

const SORT_COLUMNS = {
  name: ['users.firstName', 'users.lastName'],
  email: ['users.email'],
  role: ['users.role'],
  status: ['users.status'],
  createdAt: ['users.createdAt'],
  lastSignInAt: ['users.lastSignInAt'],
} as const satisfies Record<Query['sort'], readonly string[]>;

/** GET /admin/users: every account not deleted, with its service counts and last sign-in. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;

  app.get(
    '/users',
    {
      config: { access: 'users.read' },
      schema: {
        tags: ['admin'],
        summary: 'Accounts: search (e-mail or name), filter (role, status), sort, page',
        description:
          '`q` matches any part of the e-mail or the name, any case, every character literally. ' +
          'Sorted by `sort` then id. Needs `users.read`.',
        security: [{ bearerAuth: [] }],
        querystring: adminUsersQuerySchema,
        response: {
          200: adminUsersPageSchema.describe('One page of accounts and the total that match'),
          ...errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
        },
      },
    },
    async (request) => {
      const query = request.query as Query;
      let filtered = db.selectFrom('users').where('users.deletedAt', 'is', null);
      if (query.role !== undefined) filtered = filtered.where('users.role', '=', ROLES[query.role]);
      if (query.status !== undefined) filtered = filtered.where('users.status', '=', query.status);
      if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'users', query.q));

      return pageOf(
        query,
        () => filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
        (limit, offset) => {
          let rows = filtered.select((eb) => [
            'users.id',
            'users.firstName',
            'users.lastName',
            'users.email',
            'users.role',
            'users.status',
            'users.preferredLanguage',
            'users.createdAt',
            'users.lastSignInAt',
            eb
              .selectFrom('services')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('services.userId', '=', 'users.id')
              .where('services.kind', '=', 'hosting')
              .where('services.status', '!=', 'cancelled')
              .as('hostingCount'),
            eb
              .selectFrom('services')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('services.userId', '=', 'users.id')
              .where('services.kind', '!=', 'hosting')
              .where('services.status', '!=', 'cancelled')
              .as('otherCount'),
            eb
              .selectFrom('domains')
              .select(eb.fn.countAll<number>().as('n'))
              .whereRef('domains.userId', '=', 'users.id')
              .as('domainCount'),
          ]);
          for (const column of SORT_COLUMNS[query.sort]) {
            rows = rows.orderBy(column, (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast());
          }
          return rows.orderBy('users.id').limit(limit).offset(offset).execute();
        },
        (row): AdminUser => ({
          id: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          email: row.email,
          role: row.role,
          status: row.status,
          preferredLanguage: row.preferredLanguage,
          createdAt: iso(row.createdAt),
          lastSignInAt: isoOrNull(row.lastSignInAt),
          services: {
            hosting: Number(row.hostingCount ?? 0),
            other: Number(row.otherCount ?? 0),
            domains: Number(row.domainCount ?? 0),
          },
        }),
      );
    },
  );
};
