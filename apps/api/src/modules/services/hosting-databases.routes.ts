import { servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { endpointRoute } from '../../lib/endpoint-route';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import type { SecretBox } from '../../lib/secret-box';
import { authOf } from '../../plugins/authenticate';
import { createSiteDatabase, dropSiteDatabase, listSiteDatabases, resetSiteDatabasePassword } from './site-databases';

const READ_ERRORS = errorResponses({
  400: 'VALIDATION_FAILED: a malformed id',
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: "NOT_FOUND: no such hosting service among the signed-in account's own",
  409: 'INVALID_STATE: the site is not active (being set up, suspended or cancelled) or has no web node',
  503: 'SERVICE_UNAVAILABLE: the web node does not answer; try again shortly',
});

const WRITE_ERRORS = errorResponses({
  ...BODY_ERRORS,
  400:
    'VALIDATION_FAILED: `name` not 1–16 lower-case letters, digits or `_` (`validation.databaseName`), taken ' +
    '(`validation.databaseExists`), or the plan’s databases all in use (`validation.databaseLimit`)',
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: "NOT_FOUND: no such hosting service among the signed-in account's own, or no such database in its site",
  409: 'INVALID_STATE: the site is not active (being set up, suspended or cancelled) or has no web node',
  503: 'SERVICE_UNAVAILABLE: the web node does not answer; try again shortly',
});

/**
 * The databases of a customer's hosting site (docs/decisions/055-web-node-agent.md): `/hosting/:id/databases`,
 * the owner's only (anyone else's id is not found), on an active site of a web node. Each call goes to the site's
 * node through the web-node driver; the node keeps the databases and makes the passwords, which are answered once
 * and neither stored nor logged here.
 */
export const hostingDatabasesRoutes: FastifyPluginAsyncZod<{ clock: Clock; secretBox: SecretBox }> = async (
  app,
  { clock, secretBox },
) => {
  const deps = { db: app.database.db, secretBox, clock };

  endpointRoute(
    app,
    servicesEndpoints.getHostingDatabases,
    {
      schema: {
        tags: ['services'],
        summary: "My hosting site's databases, the plan's limit and how to connect (never a password)",
        response: { ...READ_ERRORS },
      },
    },
    async (request) => listSiteDatabases(deps, authOf(request).userId, request.params.id),
  );

  endpointRoute(
    app,
    servicesEndpoints.postHostingDatabases,
    {
      schema: {
        tags: ['services'],
        summary: 'Create a database and its user; the password is answered this once',
        description:
          '`name` is the part after the site’s prefix. The database and its user get the same full name; the ' +
          'password is made on the web node, answered here once and kept nowhere by us.',
        response: { ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const created = await createSiteDatabase(deps, authOf(request).userId, request.params.id, request.body.name);
      void reply.header('cache-control', 'no-store').status(201);
      return created;
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.postHostingDatabasesPassword,
    {
      schema: {
        tags: ['services'],
        summary: "Give a database's user a new password, answered this once; the old one stops working",
        response: { ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const credentials = await resetSiteDatabasePassword(deps, authOf(request).userId, id, name);
      void reply.header('cache-control', 'no-store');
      return credentials;
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.deleteHostingDatabasesItem,
    {
      schema: {
        tags: ['services'],
        summary: 'Delete a database and its user, with everything in it',
        response: { ...WRITE_ERRORS },
      },
    },
    async (request) => dropSiteDatabase(deps, authOf(request).userId, request.params.id, request.params.name),
  );
};
