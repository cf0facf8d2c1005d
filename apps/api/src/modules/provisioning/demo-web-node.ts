import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { agentRoutes, createNode, missingParts } from '@hostpilot/agent/node';
import { createAgentServer } from '@hostpilot/agent/server';
import type { FastifyBaseLogger } from 'fastify';
import { enqueueProvisioning } from './tasks';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { demoCustomerId } from '../accounts';
import { domainIdsNamed } from '../domains/provisioning.port';
import { listWebNodes, setServerConnection } from '../servers/provisioning.port';
import { customerHostingSiteIds, placeServicesOn, sitesToMove } from '../services/provisioning.port';
import { updateConnection } from './connection-settings';
import { demoServerId, queueFirstCreates } from './demo-servers';
import type { ProvisioningEngine } from './engine';

/**
 * The demo's own web node (docs/decisions/055-web-node-agent.md), hooked like the demo's DNS server
 * (demo-dns.ts): where nginx and php-fpm are installed and the API runs as root, `npm start` with the demo seeded
 * runs the agent of apps/agent in this process on a loopback port, with its nginx serving the sites on
 * `127.0.0.1:sitesPort` and everything under DATA_DIR/web-node; records it as the server `web-demo` with the
 * web-node driver (its secret sealed) and queues a site for each of the demo customer's hosting services that never
 * had one (new orders are provisioned there like any other), so
 * `curl -H 'Host: mysite.com' http://127.0.0.1:8080/` answers. Where something is missing it says what, once,
 * and the server is recorded as not connected, with the reason.
 */

export const DEMO_WEB_SERVER = 'web-demo';

async function recordServer(
  trx: Kysely<Database>,
  secretBox: SecretBox,
  at: number,
  connection: { agentUrl: string; secret: string; error: null } | { error: string },
): Promise<string> {
  const serverId = await demoServerId(
    trx,
    {
      name: DEMO_WEB_SERVER,
      type: 'shared',
      ip: '127.0.0.1',
      cpuModel: 'Local web node (demo)',
      storageGb: 10,
      capacity: 100,
    },
    at,
  );
  const settings =
    connection.error === null
      ? updateConnection(
          secretBox,
          serverId,
          { settings: {}, secrets: {} },
          { settings: { agentUrl: connection.agentUrl }, secrets: { sharedSecret: connection.secret } },
          false,
        )
      : null;
  // Without a running node the server keeps no driver, so hosting tasks wait for one (nothing is lost and
  // nothing fails); its card shows the connection failed, with the reason.
  await setServerConnection(trx, serverId, {
    driverType: connection.error ? null : 'web-node',
    connectionSettings: connection.error ? null : JSON.stringify(settings),
    connectionStatus: connection.error ? 'failed' : 'ok',
    connectionCheckedAt: at,
    connectionError: connection.error,
    updatedAt: at,
  });
  await placeDemoSites(trx, serverId, at);
  return serverId;
}

/**
 * The demo customer's hosting services are this node's sites (the seed places them on a generated server with no
 * agent): their rows say so, so the back office, the file manager and the usage collection all see them here. A
 * service already on a server with a real web-node driver stays where it is.
 */
async function placeDemoSites(trx: Kysely<Database>, serverId: string, at: number): Promise<void> {
  const webNodes = (await listWebNodes(trx)).map((server) => server.id);
  const moving = await sitesToMove(trx, await demoCustomerSites(trx), serverId, webNodes);
  if (moving.length === 0) return;
  await placeServicesOn(
    trx,
    moving.map((service) => service.id),
    serverId,
    at,
  );
  // Their domains' zones answer A with the hosting server's address: publish them again, now with this node's.
  const names = moving.flatMap((service) => (service.domain ? [service.domain] : []));
  if (names.length === 0) return;
  for (const domainId of await domainIdsNamed(trx, names)) {
    await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: domainId, operation: 'update', now: at });
  }
}

/** The demo customer's hosting services with a domain (the generated customers' hundreds are not made). */
async function demoCustomerSites(trx: Kysely<Database>): Promise<string[]> {
  const customer = await demoCustomerId(trx);
  return customer ? customerHostingSiteIds(trx, customer) : [];
}

/**
 * Why the HTTPS port cannot be the node's, or null when it can: free on 127.0.0.1, or already held by this node's
 * own nginx (left running by an API that was killed; the agent takes it over).
 */
async function tlsPortProblem(root: string, port: number): Promise<string | null> {
  const nginxDir = path.join(root, 'nginx');
  try {
    const master = Number(fs.readFileSync(path.join(nginxDir, 'run', 'nginx.pid'), 'utf8').trim());
    process.kill(master, 0);
    if (fs.readFileSync(path.join(nginxDir, 'nginx.conf'), 'utf8').includes(`listen 127.0.0.1:${port} ssl`))
      return null;
  } catch {
    // No nginx of ours runs: the port must be free.
  }
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
  return free ? null : `port ${port} on 127.0.0.1 is taken (set WEB_NODE_TLS_PORT to a free port)`;
}

/** The first folder from `/` down to `dir` that others may not pass through (no o+x), or null. */
function closedAncestor(dir: string): string | null {
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const folder = path.sep + parts.slice(0, i).join(path.sep);
    if ((fs.statSync(folder).mode & 0o001) === 0) return folder;
  }
  return null;
}

export async function startDemoWebNode(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  secretBox: SecretBox;
  engine: ProvisioningEngine;
  dataDir: string;
  sitesPort: number;
  /** Where the sites answer HTTPS once they have their certificate; none when not given. */
  sitesTlsPort?: number;
  now: () => number;
  /** The web user and the prefix of site users (tests give their own, to remove afterwards). */
  node?: { webUser: string; userPrefix: string };
  /** Run in the transaction that records the running node and queues its sites, before the waiting tasks wake. */
  onRecorded?: (trx: Kysely<Database>, at: number) => Promise<void>;
}): Promise<{
  sitesPort: number;
  sitesTlsPort: number | null;
  /** Why the sites answer no HTTPS although a port was given (it is taken), else null. */
  httpsOff: string | null;
  stop: () => Promise<void>;
} | null> {
  const { db, log, secretBox, engine, now } = options;
  const missing = missingParts();
  if (missing.length > 0) {
    const reason = `The local web node is off: this machine lacks ${missing.join(', ')}`;
    log.warn({ event: 'web_node_not_available' }, `${reason}; hosting sites wait in the provisioning queue`);
    await db.transaction().execute((trx) => recordServer(trx, secretBox, now(), { error: reason }));
    return null;
  }

  // nginx's workers (the web user) must pass through DATA_DIR to the site homes: it becomes traversable (0711),
  // never listable; every file in it keeps its own 0600 or 0700. A folder above it that others cannot pass
  // through is not changed: the node stays off and says why.
  const dataDir = path.resolve(options.dataDir);
  const closed = closedAncestor(path.dirname(dataDir));
  if (closed) {
    const reason = `The local web node is off: nginx's workers cannot pass through ${closed} to DATA_DIR`;
    log.warn({ event: 'web_node_not_available' }, `${reason}; hosting sites wait in the provisioning queue`);
    await db.transaction().execute((trx) => recordServer(trx, secretBox, now(), { error: reason }));
    return null;
  }
  fs.chmodSync(dataDir, (fs.statSync(dataDir).mode & 0o777) | 0o011);
  const root = path.join(dataDir, 'web-node');
  fs.mkdirSync(root, { recursive: true, mode: 0o711 });
  // The agent's secret is kept with the node, so a restart keeps the server's sealed copy valid.
  const secretFile = path.join(root, 'agent-secret');
  const secret = fs.existsSync(secretFile)
    ? fs.readFileSync(secretFile, 'utf8').trim()
    : randomBytes(32).toString('base64url');
  fs.writeFileSync(secretFile, secret, { mode: 0o600 });

  // HTTPS is optional: with its port taken the node still serves HTTP, and says why HTTPS is off.
  const httpsOff = options.sitesTlsPort ? await tlsPortProblem(root, options.sitesTlsPort) : null;
  if (httpsOff) log.warn({ event: 'web_node_https_off' }, `The local web node serves no HTTPS: ${httpsOff}`);
  const sitesTlsPort = options.sitesTlsPort && !httpsOff ? options.sitesTlsPort : null;
  const sites = createNode({
    root,
    listen: [`127.0.0.1:${options.sitesPort}`],
    tlsListen: sitesTlsPort ? [`127.0.0.1:${sitesTlsPort}`] : [],
    ...options.node,
  });
  await sites.prepare();
  const agent = createAgentServer({
    secret,
    routes: agentRoutes(sites),
    log: (event, details) => log.warn({ event, ...details }, 'web-node agent'),
  });
  const stop = async () => {
    await agent.close();
    await sites.stop();
  };
  try {
    const agentPort = await agent.listen('127.0.0.1', 0);
    await db.transaction().execute(async (trx) => {
      const at = now();
      await recordServer(trx, secretBox, at, { agentUrl: `http://127.0.0.1:${agentPort}`, secret, error: null });
      // The demo customer's sites: the generated customers' hundreds would each be a Linux user on this machine.
      await queueFirstCreates(trx, 'service', await demoCustomerSites(trx), at);
      // A certificate issued for one of them and not installed is installed now: the certificates module's part,
      // handed in by the composition root (server.ts), as provisioning builds on no module above it.
      await options.onRecorded?.(trx, at);
      await engine.wakeWaiting(trx, 'web-node', at);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  log.info({ event: 'web_node_started', sitesPort: options.sitesPort }, 'demo web node started');
  return { sitesPort: options.sitesPort, sitesTlsPort, httpsOff, stop };
}
