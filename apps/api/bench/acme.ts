// npm run bench:acme: certificates issued by a real local Pebble through the ACME driver, validated by DNS-01 on
// a real PowerDNS (docs/decisions/049-certificates-through-acme.md).
//
// Starts our own PowerDNS and Pebble in a temporary folder on free loopback ports, publishes BENCH_ACME_ZONES
// zones (default 100; not timed), then orders a certificate for each zone and its www at once: all are ordered at
// the same moment and worked through BENCH_ACME_CONCURRENCY at a time (default 8, as that many provisioning
// workers would), each with a fresh ECDSA P-256 key, as the certificate driver does for the engine. A
// certificate's order-to-issued time counts from that common moment, its wait included. Prints certificates per
// minute and order to issued (p50, p95), and writes bench-results/acme-<time>.json with the machine's load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { createAcmeDriver } from '../src/modules/provisioning/drivers/acme/driver';
import { createAccountKey, type IssuedCertificate } from '../src/modules/provisioning/drivers/acme/issue';
import { PEBBLE_INSTALL_HINT, pebbleAvailable, startPebble } from '../src/modules/provisioning/drivers/acme/process';
import { createPowerDnsDriver } from '../src/modules/provisioning/drivers/powerdns/driver';
import { pdnsAvailable, PDNS_INSTALL_HINT, startPowerDns } from '../src/modules/provisioning/drivers/powerdns/process';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ZONES = Number(process.env.BENCH_ACME_ZONES ?? 100);
const CONCURRENCY = Number(process.env.BENCH_ACME_CONCURRENCY ?? 8);

if (!pdnsAvailable()) {
  console.error(`bench:acme needs PowerDNS: ${PDNS_INSTALL_HINT}`);
  process.exit(1);
}
if (!pebbleAvailable()) {
  console.error(`bench:acme needs Pebble: ${PEBBLE_INSTALL_HINT}`);
  process.exit(1);
}

const zoneName = (i: number) => `acme-bench-${i}.example`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-bench-acme-'));
const pdns = await startPowerDns({ dir: path.join(dir, 'powerdns') });
const pebble = await startPebble({ dir: path.join(dir, 'pebble'), dnsResolver: `127.0.0.1:${pdns.dnsPort}` });
try {
  const dns = createPowerDnsDriver({ apiUrl: pdns.apiUrl, apiKey: pdns.apiKey, serverId: 'localhost' });
  for (let i = 0; i < ZONES; i++) {
    await dns.create({
      kind: 'domain',
      id: `zone-${i}`,
      domain: zoneName(i),
      data: {
        records: [{ type: 'A', name: '@', content: '192.0.2.10', ttl: 300 }],
        nameservers: ['ns1.hostpilot.example', 'ns2.hostpilot.example'],
        hostAddresses: { a: [], aaaa: [] },
        enabled: true,
      },
    });
  }
  const issued: IssuedCertificate[] = [];
  const driver = createAcmeDriver(
    {
      directoryUrl: pebble.directoryUrl,
      caCertificatePem: pebble.caCertificatePem,
      accountKey: await createAccountKey(),
      dnsApiUrl: pdns.apiUrl,
      dnsApiKey: pdns.apiKey,
      dnsServerId: 'localhost',
    },
    { onIssued: async (_target, certificate) => void issued.push(certificate) },
  );
  // The account is registered once before the clock starts, as the engine's first order would.
  await driver.testConnection();

  const durations: number[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < ZONES) {
      const i = next++;
      try {
        await driver.create({ kind: 'service', id: `cert-${i}`, domain: zoneName(i) });
        durations.push(performance.now() - started);
      } catch (error) {
        failures.push(`${zoneName(i)}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ZONES) }, worker));
  const seconds = (performance.now() - started) / 1000;

  // Every certificate is what was asked for: the zone and its www, signed by Pebble's intermediate.
  for (const certificate of issued) {
    const x509 = new X509Certificate(certificate.certificatePem);
    if (!x509.checkIssued(new X509Certificate(certificate.chainPem))) throw new Error('not signed by the chain');
  }
  const sorted = [...durations].sort((a, b) => a - b);
  const perMinute = (durations.length / seconds) * 60;
  const load = os.loadavg().map((n) => n.toFixed(2));
  const summary = {
    certificates: durations.length,
    failed: failures.length,
    concurrency: Math.min(CONCURRENCY, ZONES),
    seconds: Number(seconds.toFixed(2)),
    perMinute: Math.round(perMinute),
    orderToIssuedMs: sorted.length
      ? { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)) }
      : null,
  };
  console.log(
    `${summary.certificates} certificates in ${summary.seconds} s (ordered at once, ${summary.concurrency} in flight): ` +
      `${summary.perMinute} per minute; order to issued p50 ${summary.orderToIssuedMs?.p50} ms, ` +
      `p95 ${summary.orderToIssuedMs?.p95} ms; load average ${load.join(' ')}`,
  );
  for (const failure of failures.slice(0, 5)) console.error(`  failed: ${failure}`);
  const outDir = path.join(ROOT, 'bench-results');
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(
    path.join(outDir, `acme-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ ...summary, failures, date: new Date().toISOString(), loadAverage: os.loadavg(), cpus: os.cpus().length }, null, 2)}\n`,
  );
  if (failures.length > 0) process.exitCode = 1;
} finally {
  await pebble.stop();
  await pdns.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
