import {
  type AdminUser,
  type adminUsersExportQuerySchema,
  type adminUsersQuerySchema,
  usersAdminEndpoints,
  ROLES,
} from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { attachment, batches, csvStream } from '../../lib/documents/csv-export';
import { adminTextsOf } from '../../lib/documents/texts';
import { readerLanguage } from '../../lib/reader-language';
import { staffOf } from '../../plugins/authorize';
import { errorResponses } from '../../lib/errors';
import { sendKept, serialised } from '../../lib/kept-answers';
import { iso, isoOrNull, pageOf } from '../../lib/staff-list';
import { LIST_ERRORS, STAFF_ERRORS } from '../../lib/staff-errors';
import { type OrderedIds, OrderedIdsCache } from '../../lib/ordered-ids-cache';
import { endpointRoute } from '../../lib/endpoint-route';
import {
  type accountListColumns,
  accountListPage,
  accountsMatching,
  countAccounts,
  matchingAccountIds,
  pageByIds,
} from './users.repository';

type Query = z.output<typeof adminUsersQuerySchema>;

/** GET /admin/users: every account not deleted, with its service counts and last sign-in; and its export. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.database;
  const listCache = new OrderedIdsCache<AdminUser>();
  /** Searches being read, by search and generation. */
  const building = new Map<string, Promise<OrderedIds<AdminUser>>>();

  const search = (query: Omit<Query, 'page' | 'pageSize'>) => accountsMatching(db, kind, query);

  endpointRoute(
    app,
    usersAdminEndpoints.getAdminUsersExport,
    {
      schema: {
        tags: ['admin'],
        summary: "Every account the list's search and filters match, as CSV",
        description:
          "The list's `q`, filters and sort; `page` and `pageSize` are ignored (all rows), `lang` picks the " +
          "headings' language (else the caller's). Streamed; UTF-8 with a byte-order mark; commas in English, " +
          'semicolons in Russian; formula cells start with an apostrophe. Needs `users.read`.',
        produces: ['text/csv'],
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request, reply) => {
      const query = request.query as z.output<typeof adminUsersExportQuerySchema>;
      const language = await readerLanguage(db, staffOf(request).userId, query.lang);
      const t = adminTextsOf(language);
      const matching = search(query);
      const roleName = (role: number) => {
        const name = (Object.keys(ROLES) as (keyof typeof ROLES)[]).find((key) => ROLES[key] === role);
        return t(`users.roles.${name ?? 'other'}`);
      };
      const rows = async function* () {
        for await (const page of batches((limit, offset) => accountListPage(matching, limit, offset))) {
          yield page.map((row) => [
            `${row.firstName} ${row.lastName}`.trim(),
            row.email,
            roleName(row.role),
            t(`status.${row.status}`),
            iso(row.createdAt),
            isoOrNull(row.lastSignInAt) ?? '',
            String(Number(row.hostingCount ?? 0)),
            String(Number(row.domainCount ?? 0)),
          ]);
        }
      };
      const heading = [
        t('users.columns.user'),
        t('users.edit.email'),
        t('users.columns.role'),
        t('users.columns.status'),
        t('users.sort.createdAt'),
        t('users.columns.lastLogin'),
        t('users.columns.hosting'),
        t('users.columns.domains'),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`${t('users.exportFile')}.csv`))
        .header('cache-control', 'private, no-store')
        .send(csvStream(language, heading, rows()) as never);
    },
  );

  endpointRoute(
    app,
    usersAdminEndpoints.getAdminUsers,
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts: search (e-mail or name), filter (role, status), sort, page',
        description:
          '`q` matches any part of the e-mail or the name, any case, every character literally. ' +
          'Sorted by `sort` then id. Needs `users.read`.',
        response: errorResponses({ ...LIST_ERRORS, ...STAFF_ERRORS }),
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      type Row = Awaited<ReturnType<ReturnType<typeof accountListColumns>['execute']>>[number];
      const toItem = (row: Row): AdminUser => ({
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
      });

      // A broad search matches thousands of accounts, and counting and sorting them is most of the work: the
      // first matches' ids, the total and the rows and answers of the pages answered are kept while the list's
      // generation (accounts, their services and domains) stays (docs/decisions/025-scale-read-paths.md).
      const key = JSON.stringify([
        query.q ?? null,
        query.role ?? null,
        query.status ?? null,
        query.registeredFrom ?? null,
        query.registeredTo ?? null,
        query.sort,
        query.order,
      ]);
      // The list's generation now, read with the caller's staff check before anything else (plugins/authorize.ts).
      const generation = staffOf(request).usersListGeneration;
      const offset = (query.page - 1) * query.pageSize;
      const pageKey = `${query.page}/${query.pageSize}`;
      const fromKept = async (entry: OrderedIds<AdminUser>): Promise<string | undefined> => {
        const ids = OrderedIdsCache.page(entry, offset, query.pageSize);
        if (ids === undefined) return undefined;
        const answered = entry.bodies.get(pageKey);
        if (answered !== undefined || ids.every((id) => entry.rows.has(id))) {
          if (generation !== entry.generation) return undefined;
        } else {
          // The page's rows and the generation in one statement: the rows are those the kept ids were read from.
          const rows = await pageByIds(db, ids).execute();
          if (rows.length !== ids.length || rows.some((row) => Number(row.generation) !== entry.generation)) {
            return undefined;
          }
          for (const row of rows) entry.rows.set(row.id, toItem(row));
        }
        if (answered !== undefined) return answered;
        const page = { total: entry.total, page: query.page, pageSize: query.pageSize };
        const body = serialised(reply, { items: ids.map((id) => entry.rows.get(id)!), ...page });
        entry.bodies.set(pageKey, body);
        return body;
      };

      const kept = listCache.get(key);
      if (kept) {
        const answer = await fromKept(kept);
        if (answer !== undefined) return sendKept(reply, answer);
      }
      const matching = search(query);
      if (offset + query.pageSize <= listCache.maxIds) {
        // One build per search and generation at a time: requests that miss together (the first page views
        // after a change) wait for the same pass over the matches instead of each making their own.
        const buildKey = `${key}@${generation}`;
        let build = building.get(buildKey);
        if (!build) {
          build = (async (): Promise<OrderedIds<AdminUser>> => {
            // The generation was read first: a change that lands before the ids are read is seen as a change.
            const matches = await matchingAccountIds(matching, listCache.maxIds);
            const entry: OrderedIds<AdminUser> = {
              generation,
              total: Number(matches[0]?.total ?? 0),
              ids: matches.map((match) => match.id),
              rows: new Map(),
              bodies: new Map(),
            };
            listCache.set(key, entry);
            return entry;
          })().finally(() => building.delete(buildKey));
          building.set(buildKey, build);
        }
        const answer = await fromKept(await build);
        if (answer !== undefined) return sendKept(reply, answer);
      }

      return pageOf(
        query,
        () => countAccounts(matching),
        (limit, offset) => accountListPage(matching, limit, offset),
        toItem,
      );
    },
  );
};
