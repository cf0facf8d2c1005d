import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import {
  parseConnection,
  updateConnection,
  PEBBLE_INSTALL_HINT,
  pebbleAvailable,
  startPebble,
  type ProvisioningEngine,
  enqueueProvisioning,
  demoServerId,
} from '../provisioning';
import { demoCustomerId } from '../accounts';
import { liveDomainNamed } from '../domains';
import { serverConnection, setServerConnection } from '../servers';
import { customerServiceIds, customerServicesWithDomain } from '../services';
import { orderCertificate } from './certificates.repository';
import { certificateIncluded } from './service-certificate';
import { queueSiteInstalls } from './site-certificates';
import { servicesWithCertificate, uninstalledDomains } from './site-certificates.repository';

/**
 * The demo's own certificate authority (docs/decisions/049-certificates-through-acme.md): where Pebble is
 * installed and the demo's DNS runs (modules/provisioning/demo-dns.ts), `npm start` runs Pebble as a child process
 * (files under DATA_DIR/pebble, loopback only, validating DNS-01 against the demo's PowerDNS), records it as the
 * server `ca-demo` with the certificate driver (its directory address renewed each start; the ACME account key is
 * made by the engine the first time and kept sealed), and orders a certificate for each of the demo customer's
 * services that includes one and has none yet: their SSL for mysite.com is issued on the first start. Without Pebble it
 * says so once; certificates then wait in the provisioning queue.
 */

export const DEMO_CA_SERVER = 'ca-demo';

export type DemoCaOutcome =
  { started: true; directoryUrl: string; stop: () => Promise<void> } | { started: false; reason: string };

export async function startDemoCa(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  secretBox: SecretBox;
  engine: ProvisioningEngine;
  dataDir: string;
  /** The demo DNS server's port (Pebble's resolver), or null when it did not start. */
  dnsPort: number | null;
  now: () => number;
}): Promise<DemoCaOutcome> {
  const { db, log, secretBox, engine, now } = options;
  if (!pebbleAvailable()) {
    const reason = `Pebble is not installed: certificates wait in the provisioning queue (${PEBBLE_INSTALL_HINT})`;
    log.warn({ event: 'ca_not_installed' }, reason);
    return { started: false, reason };
  }
  if (options.dnsPort === null) {
    const reason = 'the demo DNS server is not running, so no DNS-01 challenge can be answered';
    log.warn({ event: 'ca_without_dns' }, `The demo certificate authority is off: ${reason}`);
    return { started: false, reason };
  }
  const pebble = await startPebble({
    dir: path.join(options.dataDir, 'pebble'),
    dnsResolver: `127.0.0.1:${options.dnsPort}`,
  });
  try {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const serverId = await demoServerId(
        trx,
        {
          name: DEMO_CA_SERVER,
          type: 'dedicated',
          ip: 'ca.hostpilot.example',
          cpuModel: 'Pebble ACME test CA (demo)',
          storageGb: 1,
          capacity: 1,
        },
        at,
      );
      const server = {
        id: serverId,
        connectionSettings: (await serverConnection(trx, serverId))?.connectionSettings ?? null,
      };
      // The directory moves with each start; the sealed account key made before is kept.
      const stored = parseConnection(server.connectionSettings);
      const settings = updateConnection(
        secretBox,
        server.id,
        stored,
        {
          settings: { directoryUrl: pebble.directoryUrl, caCertificatePem: pebble.caCertificatePem },
          secrets: {},
        },
        true,
      );
      await setServerConnection(trx, server.id, {
        driverType: 'acme',
        connectionSettings: JSON.stringify(settings),
        connectionStatus: 'ok',
        connectionCheckedAt: at,
        connectionError: null,
        updatedAt: at,
      });
      const demoCustomer = await demoCustomerId(trx);
      const found = demoCustomer ? await customerServicesWithDomain(trx, demoCustomer) : [];
      const covered = await servicesWithCertificate(
        trx,
        found.map((service) => service.id),
      );
      // The demo customer's services, their SSL service first: what the demo shows. The generated customers'
      // hundred-odd sites are left without one, so that a start does not spend minutes on them.
      const uncovered = found
        .filter((service) => !covered.has(service.id))
        .sort((a, b) => Number(b.kind === 'extra') - Number(a.kind === 'extra'));
      for (const service of uncovered) {
        if (!certificateIncluded(service.kind, service.planId)) continue;
        // Only domains we host can be validated through our DNS.
        const hosted = await liveDomainNamed(trx, service.domain!);
        if (!hosted) continue;
        await orderCertificate(trx, service.id, service.domain!, at);
        await enqueueProvisioning(trx, {
          resourceType: 'service',
          resourceId: service.id,
          operation: 'update',
          driverType: 'acme',
          now: at,
        });
      }
      await engine.wakeWaiting(trx, 'acme', at);
    });
  } catch (error) {
    await pebble.stop();
    throw error;
  }
  log.info({ event: 'ca_started', directoryUrl: pebble.directoryUrl }, 'demo certificate authority started');
  return { started: true, directoryUrl: pebble.directoryUrl, stop: () => pebble.stop() };
}

/**
 * Once the demo's web node runs (modules/provisioning/demo-web-node.ts, which server.ts hands this to): a
 * certificate of the demo customer issued and not installed on its site (issued before this start, or while the
 * node had no HTTPS port) is installed now, through the site's queue, in the transaction that records the node.
 */
export async function queueDemoSiteInstalls(trx: Kysely<Database>, at: number): Promise<void> {
  const demoCustomer = await demoCustomerId(trx);
  const services = demoCustomer ? await customerServiceIds(trx, demoCustomer) : [];
  for (const domain of await uninstalledDomains(trx, services)) await queueSiteInstalls(trx, domain, at);
}
