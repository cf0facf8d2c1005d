import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { DEMO_CUSTOMER } from '@hostpilot/shared';
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
} from '../provisioning';
import { orderCertificate } from './certificates.repository';
import { certificateIncluded } from './service-certificate';
import { queueSiteInstalls } from './site-certificates';

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
      let server = await trx
        .selectFrom('servers')
        .select(['id', 'connectionSettings'])
        .where('name', '=', DEMO_CA_SERVER)
        .executeTakeFirst();
      if (!server) {
        const id = randomUUID();
        await trx
          .insertInto('servers')
          .values({
            id,
            name: DEMO_CA_SERVER,
            location: 'london',
            type: 'dedicated',
            ip: 'ca.hostpilot.example',
            status: 'active',
            cpuModel: 'Pebble ACME test CA (demo)',
            cpuCores: 1,
            ramGb: 1,
            storageGb: 1,
            bandwidthGbps: 1,
            capacity: 1,
            createdAt: at,
            updatedAt: at,
          })
          .execute();
        server = { id, connectionSettings: null };
      }
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
      await trx
        .updateTable('servers')
        .set({
          driverType: 'acme',
          connectionSettings: JSON.stringify(settings),
          connectionStatus: 'ok',
          connectionCheckedAt: at,
          connectionError: null,
          updatedAt: at,
        })
        .where('id', '=', server.id)
        .execute();
      const demoCustomer = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', DEMO_CUSTOMER.email)
        .executeTakeFirst();
      const found = await trx
        .selectFrom('services')
        .select(['id', 'userId', 'kind', 'planId', 'domain'])
        .where('status', 'in', ['active', 'pending'])
        .where('domain', 'is not', null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('certificates')
                .select('certificates.id')
                .whereRef('certificates.serviceId', '=', 'services.id'),
            ),
          ),
        )
        .orderBy('createdAt')
        .execute();
      // The demo customer's services, their SSL service first: what the demo shows. The generated customers'
      // hundred-odd sites are left without one, so that a start does not spend minutes on them.
      const uncovered = found
        .filter((service) => service.userId === demoCustomer?.id)
        .sort((a, b) => Number(b.kind === 'extra') - Number(a.kind === 'extra'));
      for (const service of uncovered) {
        if (!certificateIncluded(service.kind, service.planId)) continue;
        // Only domains we host can be validated through our DNS.
        const hosted = await trx
          .selectFrom('domains')
          .select('id')
          .where('name', '=', service.domain!)
          .where('deletedAt', 'is', null)
          .executeTakeFirst();
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
  const waiting = await trx
    .selectFrom('certificates')
    .innerJoin('services', 'services.id', 'certificates.serviceId')
    .innerJoin('users', 'users.id', 'services.userId')
    .select('certificates.domain')
    .distinct()
    .where('users.email', '=', DEMO_CUSTOMER.email)
    .where('certificates.status', 'in', ['issued', 'renewing'])
    .where('certificates.serial', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('certificates.installedSerial', 'is', null),
        eb('certificates.installedSerial', '!=', eb.ref('certificates.serial')),
      ]),
    )
    .execute();
  for (const { domain } of waiting) await queueSiteInstalls(trx, domain, at);
}
