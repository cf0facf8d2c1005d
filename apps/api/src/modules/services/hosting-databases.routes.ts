import { servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { AppError, BODY_ERRORS, errorResponses } from '../../lib/errors';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import { authOf } from '../../plugins/authenticate';
import { fieldError } from '../accounts/auth.service';
import { buildDriver } from '../provisioning/build-driver';
import { DriverError, type ProvisioningTarget } from '../provisioning/driver';
import { isWebNodeDriver, type WebNodeDriver } from '../provisioning/drivers/web-node/driver';
import { findSiteNode } from '../provisioning/site-node';
import { endpointRoute } from '../../lib/endpoint-route';

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
  const db = app.database.db;

  /** The owner's active hosting service on a web node, with the driver of that node. */
  async function ownSite(
    userId: string,
    serviceId: string,
  ): Promise<{ driver: WebNodeDriver; target: ProvisioningTarget }> {
    const service = await db
      .selectFrom('services')
      .select(['id', 'kind', 'planId', 'status', 'domain', 'serverId'])
      .where('id', '=', serviceId)
      .where('userId', '=', userId)
      .where('kind', '=', 'hosting')
      .executeTakeFirst();
    if (!service) throw notFound('Hosting service');
    if (service.status !== 'active') {
      throw new AppError('INVALID_STATE', {
        message:
          service.status === 'pending'
            ? 'The site is still being set up; its databases open once it is active'
            : 'The site is not active, so its databases cannot be changed',
      });
    }
    const server = await findSiteNode(db, service);
    const built =
      server?.driverType === 'web-node'
        ? await buildDriver({ db, secretBox, clock }, 'web-node', server).catch(() => undefined)
        : undefined;
    if (!built || !isWebNodeDriver(built.driver)) {
      throw new AppError('INVALID_STATE', {
        message: server
          ? 'This site does not run on a web node with databases'
          : 'The site is still being set up; its databases open once it is active',
      });
    }
    return {
      driver: built.driver,
      target: { kind: 'service', id: service.id, domain: service.domain ?? undefined, plan: service.planId },
    };
  }

  /** The node's refusals as our errors; nothing the node said is passed on beyond its meaning. */
  async function onNode<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof DriverError)) throw error;
      const agentCode = (error.problem as { agentCode?: unknown } | undefined)?.agentCode;
      if (agentCode === 'database-limit') throw fieldError('name', 'validation.databaseLimit');
      if (agentCode === 'database-exists') throw fieldError('name', 'validation.databaseExists');
      if (agentCode === 'invalid') throw fieldError('name', 'validation.databaseName');
      if (agentCode === 'site-not-found') {
        throw new AppError('INVALID_STATE', {
          message: 'The site is still being set up; its databases open once it is active',
          cause: error,
        });
      }
      if (error.code === 'not-found') throw notFound('Database');
      if (error.retryable || error.code === 'unreachable' || error.code === 'server-error') {
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: 'The web node of this site does not answer; try again shortly',
          cause: error,
        });
      }
      throw new AppError('INVALID_STATE', { message: 'The web node refused this', cause: error });
    }
  }

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
    async (request) => {
      const { driver, target } = await ownSite(authOf(request).userId, request.params.id);
      const node = await onNode(() => driver.databases(target));
      return {
        databases: node.databases.map((name) => ({ name, user: name })),
        limit: node.limit,
        prefix: node.prefix,
        host: node.host,
        port: node.port,
      };
    },
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
      const { driver, target } = await ownSite(authOf(request).userId, request.params.id);
      const current = await onNode(() => driver.databases(target));
      if (current.databases.includes(`${current.prefix}${request.body.name}`)) {
        throw fieldError('name', 'validation.databaseExists');
      }
      if (current.databases.length >= current.limit) throw fieldError('name', 'validation.databaseLimit');
      const created = await onNode(() => driver.createDatabase(target, request.body.name));
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
      const { driver, target } = await ownSite(authOf(request).userId, request.params.id);
      const credentials = await onNode(() => driver.resetDatabasePassword(target, request.params.name));
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
    async (request) => {
      const { driver, target } = await ownSite(authOf(request).userId, request.params.id);
      await onNode(() => driver.dropDatabase(target, request.params.name));
      return { name: request.params.name, deleted: true as const };
    },
  );
};
