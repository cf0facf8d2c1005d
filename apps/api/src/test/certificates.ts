import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../app';
import { createSecretBox } from '../lib/secret-box';
import { updateConnection } from '../modules/provisioning/connection-settings';
import { type PebbleProcess, startPebble } from '../modules/provisioning/drivers/acme/process';
import { startTestPowerDns, type TestPowerDns } from './powerdns';

/**
 * A real certificate authority for a test file (docs/decisions/049-certificates-through-acme.md): a PowerDNS of
 * its own and a Pebble validating DNS-01 against it, both on free loopback ports; `restartPebble` brings Pebble
 * back on the same address (its orders and accounts are lost, as a CA restart would lose a session).
 */
export interface TestCertificateAuthority {
  pdns: TestPowerDns;
  pebble: PebbleProcess;
  stopPebble(): Promise<void>;
  restartPebble(): Promise<void>;
  dispose(): Promise<void>;
}

export async function startTestCertificateAuthority(): Promise<TestCertificateAuthority> {
  const pdns = await startTestPowerDns();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pebble-'));
  const resolver = `127.0.0.1:${pdns.dnsPort}`;
  let pebble = await startPebble({ dir, dnsResolver: resolver });
  const port = Number(new URL(pebble.directoryUrl).port);
  const handle: TestCertificateAuthority = {
    pdns,
    get pebble() {
      return pebble;
    },
    stopPebble: () => pebble.stop(),
    async restartPebble() {
      pebble = await startPebble({ dir, port, dnsResolver: resolver });
    },
    async dispose() {
      await pebble.stop();
      await pdns.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return handle;
}

/**
 * Records the DNS server (PowerDNS driver) and the CA (certificate driver, Pebble's directory; the account key
 * is left for the engine to make) as servers of the app, with their secrets sealed as the back office would.
 */
export async function addCertificateServers(app: App, jwtSecret: string, ca: TestCertificateAuthority) {
  const box = createSecretBox(jwtSecret);
  const now = Date.now();
  const ids = { dns: randomUUID(), ca: randomUUID() };
  const base = {
    location: 'london' as const,
    type: 'dedicated' as const,
    status: 'active' as const,
    cpuCores: 1,
    ramGb: 1,
    storageGb: 1,
    bandwidthGbps: 1,
    capacity: 1,
    createdAt: now,
    updatedAt: now,
    connectionStatus: 'ok' as const,
    connectionCheckedAt: now,
    connectionError: null,
  };
  const dnsSettings = updateConnection(
    box,
    ids.dns,
    { settings: {}, secrets: {} },
    { settings: { apiUrl: ca.pdns.apiUrl, serverId: 'localhost' }, secrets: { apiKey: ca.pdns.apiKey } },
    false,
  );
  const caSettings = {
    settings: { directoryUrl: ca.pebble.directoryUrl, caCertificatePem: ca.pebble.caCertificatePem },
    secrets: {},
  };
  await app.database.db
    .insertInto('servers')
    .values([
      {
        ...base,
        id: ids.dns,
        name: `e2e-dns-${ids.dns.slice(0, 6)}`,
        ip: `dns-${ids.dns}.test`,
        cpuModel: 'PowerDNS',
        driverType: 'powerdns',
        connectionSettings: JSON.stringify(dnsSettings),
      },
      {
        ...base,
        id: ids.ca,
        name: `e2e-ca-${ids.ca.slice(0, 6)}`,
        ip: `ca-${ids.ca}.test`,
        cpuModel: 'Pebble',
        driverType: 'acme',
        connectionSettings: JSON.stringify(caSettings),
      },
    ])
    .execute();
  return ids;
}
