import fs from 'node:fs';
import path from 'node:path';
import { fileRoutes } from './file-manager';
import { createMariaDb, type MariaDbOptions } from './mariadb';
import { checkListen, createNginx } from './nginx';
import { createPhpFpm } from './php-fpm';
import { type Route } from './server';
import { createSites, parseSiteInput, type Sites } from './sites';

/**
 * Puts a web node together (docs/decisions/055-web-node-agent.md): nginx, php-fpm and MariaDB under one root,
 * the sites on top, and the routes the agent's server answers.
 */

export const AGENT_VERSION = '1';

export interface NodeOptions {
  root: string;
  homeBase?: string;
  webUser?: string;
  userPrefix?: string;
  /** Where sites answer: `80`, `127.0.0.1:8080`, … */
  listen: readonly string[];
  /** Where sites answer HTTPS once they have a certificate: `443`, `127.0.0.1:8443`, … (none: no HTTPS). */
  tlsListen?: readonly string[];
  nginxPath?: string;
  phpFpmPath?: string;
  /** The most pools one php-fpm master gets (php-fpm.ts). */
  phpFpmShardSize?: number;
  mariadb?: Partial<MariaDbOptions>;
  /** The body of nginx's one server block for all sites (sites.ts, DEFAULT_SITE_BLOCK). */
  siteBlockTemplate?: string;
  archiveDays?: number;
  now?: () => number;
}

/** The installed php-fpm: PHP_FPM_PATH, else the newest /usr/sbin/php-fpm<version>; null when none. */
export function findPhpFpm(): string | null {
  if (process.env.PHP_FPM_PATH) return fs.existsSync(process.env.PHP_FPM_PATH) ? process.env.PHP_FPM_PATH : null;
  const found = fs.existsSync('/usr/sbin')
    ? fs
        .readdirSync('/usr/sbin')
        .filter((name) => /^php-fpm\d+(\.\d+)?$/.test(name))
        .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    : [];
  return found.length > 0 ? path.join('/usr/sbin', found.at(-1)!) : null;
}

export function findNginx(): string | null {
  const candidate = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  return fs.existsSync(candidate) ? candidate : null;
}

/** What is missing on this machine for a web node, in words for a person; empty when nothing is. */
export function missingParts(): string[] {
  const missing: string[] = [];
  if (!findNginx()) missing.push('nginx (apt-get install nginx)');
  if (!findPhpFpm()) missing.push('php-fpm (apt-get install php-fpm)');
  if (typeof process.getuid === 'function' && process.getuid() !== 0) missing.push('root (it creates Linux users)');
  return missing;
}

export function createNode(options: NodeOptions): Sites {
  const nginxPath = options.nginxPath ?? findNginx();
  const phpFpmPath = options.phpFpmPath ?? findPhpFpm();
  if (!nginxPath || !phpFpmPath) throw new Error(`A web node needs ${missingParts().join(' and ')}`);
  const root = path.resolve(options.root);
  const webUser = options.webUser ?? 'hostpilot-web';
  const listen = options.listen.map(checkListen);
  const tlsListen = (options.tlsListen ?? []).map(checkListen);
  return createSites({
    root,
    homeBase: path.resolve(options.homeBase ?? path.join(root, 'home')),
    webUser,
    userPrefix: options.userPrefix ?? 'hp',
    tlsListen,
    nginx: createNginx({ binary: nginxPath, dir: path.join(root, 'nginx'), webUser, listen, tlsListen }),
    phpFpm: createPhpFpm({
      binary: phpFpmPath,
      dir: path.join(root, 'php-fpm'),
      ...(options.phpFpmShardSize ? { shardSize: options.phpFpmShardSize } : {}),
    }),
    mariadb: createMariaDb({
      client: '/usr/bin/mariadb',
      dump: '/usr/bin/mariadb-dump',
      host: '127.0.0.1',
      port: 3306,
      user: 'root',
      userHosts: ['localhost', '127.0.0.1'],
      ...options.mariadb,
    }),
    ...(options.siteBlockTemplate ? { siteBlockTemplate: options.siteBlockTemplate } : {}),
    ...(options.archiveDays ? { archiveDays: options.archiveDays } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
}

/** The agent's routes over a node's sites (all of them behind the signature check of server.ts). */
export function agentRoutes(sites: Sites): Route[] {
  const body = (value: unknown) => value as never;
  return [
    {
      method: 'GET',
      path: '/v1/health',
      handle: async () => ({ body: body({ agent: 'hostpilot-agent', version: AGENT_VERSION, ...sites.health() }) }),
    },
    { method: 'GET', path: '/v1/node/metrics', handle: async () => ({ body: body(await sites.metrics()) }) },
    { method: 'GET', path: '/v1/sites', handle: async () => ({ body: { sites: sites.list() } }) },
    {
      method: 'PUT',
      path: '/v1/sites/:siteId',
      handle: async ({ params, body: input }) => ({
        body: body(await sites.apply(params.siteId!, parseSiteInput(input))),
      }),
    },
    {
      method: 'GET',
      path: '/v1/sites/:siteId',
      handle: async ({ params }) => {
        const state = sites.read(params.siteId!);
        return state ? { body: body(state) } : { status: 404, body: { error: 'site-not-found' } };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/sites/:siteId',
      handle: async ({ params }) => ({ body: body(await sites.terminate(params.siteId!)) }),
    },
    {
      method: 'PUT',
      path: '/v1/sites/:siteId/challenges/:token',
      handle: async ({ params, body: input }) => ({
        body: body(
          await sites.putChallenge(
            params.siteId!,
            params.token,
            (input as { keyAuthorization?: unknown } | undefined)?.keyAuthorization,
          ),
        ),
      }),
    },
    {
      method: 'DELETE',
      path: '/v1/sites/:siteId/challenges/:token',
      handle: async ({ params }) => ({ body: body(await sites.removeChallenge(params.siteId!, params.token)) }),
    },
    {
      method: 'PUT',
      path: '/v1/sites/:siteId/certificate',
      handle: async ({ params, body: input }) => ({
        body: body(await sites.installCertificate(params.siteId!, input)),
      }),
    },
    {
      method: 'DELETE',
      path: '/v1/sites/:siteId/certificate',
      handle: async ({ params }) => ({ body: body(await sites.removeCertificate(params.siteId!)) }),
    },
    {
      method: 'GET',
      path: '/v1/sites/:siteId/usage',
      handle: async ({ params }) => ({ body: body(await sites.usage(params.siteId!)) }),
    },
    {
      method: 'GET',
      path: '/v1/sites/:siteId/databases',
      handle: async ({ params }) => ({ body: body(await sites.databases(params.siteId!)) }),
    },
    {
      method: 'POST',
      path: '/v1/sites/:siteId/databases',
      handle: async ({ params, body: input }) => ({
        status: 201,
        body: body(await sites.createDatabase(params.siteId!, (input as { name?: unknown } | undefined)?.name)),
      }),
    },
    {
      method: 'POST',
      path: '/v1/sites/:siteId/databases/:name/password',
      handle: async ({ params }) => ({ body: body(await sites.resetPassword(params.siteId!, params.name!)) }),
    },
    {
      method: 'DELETE',
      path: '/v1/sites/:siteId/databases/:name',
      handle: async ({ params }) => ({ body: body(await sites.dropDatabase(params.siteId!, params.name!)) }),
    },
    ...fileRoutes(sites),
  ];
}
