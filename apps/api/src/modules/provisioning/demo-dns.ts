import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { liveDomainIds } from '../domains/provisioning.port';
import { setServerConnection } from '../servers/provisioning.port';
import { updateConnection } from './connection-settings';
import { demoServerId, queueFirstCreates } from './demo-servers';
import { PDNS_INSTALL_HINT, pdnsAvailable, startPowerDns } from './drivers/powerdns/process';
import type { ProvisioningEngine } from './engine';

/**
 * The demo's own DNS server (docs/decisions/042-provisioning-engine.md, docs/decisions/046-dns-on-powerdns.md):
 * where PowerDNS is installed, `npm start` with the demo seeded runs one as a child process (configuration and
 * database under DATA_DIR/powerdns, loopback only, DNS on `dnsPort`), records it as the server `dns-demo` with the
 * PowerDNS driver (its API key sealed), and queues the zone of every domain that has never had one, so the demo's
 * domains answer. Where PowerDNS is missing it says once how to install it; DNS edits then wait in the queue.
 */

export const DEMO_DNS_SERVER = 'dns-demo';

export async function startDemoDns(options: {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  secretBox: SecretBox;
  engine: ProvisioningEngine;
  dataDir: string;
  dnsPort: number;
  now: () => number;
}): Promise<{ dnsPort: number; stop: () => Promise<void> } | null> {
  const { db, log, secretBox, engine, now } = options;
  if (!pdnsAvailable()) {
    log.warn(
      { event: 'dns_not_installed' },
      `PowerDNS is not installed: DNS changes wait in the provisioning queue (${PDNS_INSTALL_HINT})`,
    );
    return null;
  }
  const pdns = await startPowerDns({ dir: path.join(options.dataDir, 'powerdns'), dnsPort: options.dnsPort });
  try {
    await db.transaction().execute(async (trx) => {
      const at = now();
      const serverId = await demoServerId(
        trx,
        {
          name: DEMO_DNS_SERVER,
          type: 'dedicated',
          ip: 'ns1.hostpilot.example',
          cpuModel: 'PowerDNS Authoritative (demo)',
          storageGb: 1,
          capacity: 1,
        },
        at,
      );
      const settings = updateConnection(
        secretBox,
        serverId,
        { settings: {}, secrets: {} },
        {
          settings: {
            apiUrl: pdns.apiUrl,
            serverId: 'localhost',
            nameservers: 'ns1.hostpilot.example, ns2.hostpilot.example',
          },
          secrets: { apiKey: pdns.apiKey },
        },
        false,
      );
      await setServerConnection(trx, serverId, {
        driverType: 'powerdns',
        connectionSettings: JSON.stringify(settings),
        connectionStatus: 'ok',
        connectionCheckedAt: at,
        connectionError: null,
        updatedAt: at,
      });
      await queueFirstCreates(trx, 'domain', await liveDomainIds(trx), at);
      await engine.wakeWaiting(trx, 'powerdns', at);
    });
  } catch (error) {
    await pdns.stop();
    throw error;
  }
  log.info({ event: 'dns_started', dnsPort: pdns.dnsPort }, 'demo DNS server started');
  return { dnsPort: pdns.dnsPort, stop: () => pdns.stop() };
}
