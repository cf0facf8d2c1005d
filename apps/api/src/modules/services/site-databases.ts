import type { HostingDatabases } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { notFound } from '../../lib/not-found';
import type { SecretBox } from '../../lib/secret-box';
import { fieldError } from '../accounts';
import {
  buildDriver,
  DriverError,
  type ProvisioningTarget,
  isWebNodeDriver,
  type WebNodeDriver,
  findSiteNode,
} from '../provisioning';
import { findOwnHostingService } from './services.repository';

/**
 * The databases of a customer's hosting site (docs/decisions/055-web-node-agent.md), the owner's only (anyone
 * else's id is not found), on an active site of a web node. Each use case goes to the site's node through the
 * web-node driver; the node keeps the databases and makes the passwords, which are answered once and neither
 * stored nor logged here.
 */
export interface SiteDeps {
  db: Kysely<Database>;
  secretBox: SecretBox;
  clock: Clock;
}

interface Site {
  driver: WebNodeDriver;
  target: ProvisioningTarget;
}

/** The owner's active hosting service on a web node, with the driver of that node. */
async function ownSite(deps: SiteDeps, userId: string, serviceId: string): Promise<Site> {
  const { db, secretBox, clock } = deps;
  const service = await findOwnHostingService(db, userId, serviceId);
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

/** The site's databases, the plan's limit and how to connect (never a password). */
export async function listSiteDatabases(deps: SiteDeps, userId: string, serviceId: string): Promise<HostingDatabases> {
  const { driver, target } = await ownSite(deps, userId, serviceId);
  const node = await onNode(() => driver.databases(target));
  return {
    databases: node.databases.map((name) => ({ name, user: name })),
    limit: node.limit,
    prefix: node.prefix,
    host: node.host,
    port: node.port,
  };
}

/** Creates a database and its user under the plan's limit; the password is answered this once. */
export async function createSiteDatabase(deps: SiteDeps, userId: string, serviceId: string, name: string) {
  const { driver, target } = await ownSite(deps, userId, serviceId);
  const current = await onNode(() => driver.databases(target));
  if (current.databases.includes(`${current.prefix}${name}`)) throw fieldError('name', 'validation.databaseExists');
  if (current.databases.length >= current.limit) throw fieldError('name', 'validation.databaseLimit');
  return onNode(() => driver.createDatabase(target, name));
}

/** Gives a database's user a new password, answered this once. */
export async function resetSiteDatabasePassword(deps: SiteDeps, userId: string, serviceId: string, name: string) {
  const { driver, target } = await ownSite(deps, userId, serviceId);
  return onNode(() => driver.resetDatabasePassword(target, name));
}

/** Deletes a database and its user, with everything in it. */
export async function dropSiteDatabase(deps: SiteDeps, userId: string, serviceId: string, name: string) {
  const { driver, target } = await ownSite(deps, userId, serviceId);
  await onNode(() => driver.dropDatabase(target, name));
  return { name, deleted: true as const };
}
