import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  PDNS_INSTALL_HINT,
  pdnsAvailable,
  type PowerDnsProcess,
  startPowerDns,
} from '../modules/provisioning/drivers/powerdns/process';

/**
 * A real PowerDNS for a test file (docs/decisions/046-dns-on-powerdns.md): its own temporary folder, free
 * loopback ports, stopped and removed by `stop()`. Fails, rather than skips, where PowerDNS is not installed:
 * `.ci/run` installs it.
 */
export interface TestPowerDns extends PowerDnsProcess {
  /** The driver settings that reach it. */
  settings: { apiUrl: string; apiKey: string; serverId: string };
  /** Starts it again on the same ports and folder after `stop()` (the zones kept). */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  dispose(): Promise<void>;
  /** The zone's rrsets as its HTTP API lists them (name absolute, type). */
  rrsets(domain: string): Promise<{ name: string; type: string }[]>;
}

export async function startTestPowerDns(): Promise<TestPowerDns> {
  if (!pdnsAvailable()) throw new Error(`These tests need PowerDNS: ${PDNS_INSTALL_HINT}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pdns-'));
  let running = await startPowerDns({ dir });
  const apiPort = Number(new URL(running.apiUrl).port);
  const handle: TestPowerDns = {
    get apiUrl() {
      return running.apiUrl;
    },
    apiKey: running.apiKey,
    dnsPort: running.dnsPort,
    address: running.address,
    settings: { apiUrl: running.apiUrl, apiKey: running.apiKey, serverId: 'localhost' },
    stop: () => running.stop(),
    output: () => running.output(),
    async restart() {
      running = await startPowerDns({ dir, dnsPort: handle.dnsPort, apiPort, apiKey: handle.apiKey });
    },
    async dispose() {
      await running.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    async rrsets(domain) {
      const response = await fetch(`${running.apiUrl}/api/v1/servers/localhost/zones/${domain}.`, {
        headers: { 'X-API-Key': handle.apiKey },
      });
      return ((await response.json()) as { rrsets: { name: string; type: string }[] }).rrsets;
    },
  };
  return handle;
}

/**
 * Asks the DNS server on 127.0.0.1:`port` through Node's resolver, a new one each time so no cache hides a
 * change. Answers the records, or [] for a name or type that has none.
 */
export async function resolve(
  port: number,
  name: string,
  type: 'A' | 'AAAA' | 'MX' | 'TXT' | 'NS' | 'CNAME' | 'SOA' | 'SRV' | 'CAA',
) {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  resolver.setServers([`127.0.0.1:${port}`]);
  try {
    return await resolver.resolve(name, type as 'A');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
    throw error;
  }
}

const execFileAsync = promisify(execFile);

/** `dig @127.0.0.1 -p PORT name type +short` (+dnssec for the signatures), one line per answer. */
export async function dig(port: number, name: string, type: string, dnssec = false): Promise<string[]> {
  const args = ['@127.0.0.1', '-p', String(port), name, type, '+short', '+norecurse', '+time=2', '+tries=2'];
  if (dnssec) args.push('+dnssec');
  const { stdout } = await execFileAsync('dig', args);
  return stdout.split('\n').filter((line) => line.trim() !== '');
}

/**
 * The SHA-256 DS record of each key-signing key (flags 257) the zone answers on 127.0.0.1:`port`, computed here
 * from its DNSKEY answer (RFC 4034, 5.1.4 and appendix B), without PowerDNS's help: what a registry would check.
 */
export async function dsFromDnskey(port: number, zone: string) {
  const lines = await dig(port, zone, 'DNSKEY');
  const owner = Buffer.concat([
    ...zone
      .toLowerCase()
      .replace(/\.$/, '')
      .split('.')
      .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')])),
    Buffer.from([0]),
  ]);
  return lines
    .map((line) => line.trim().split(/\s+/))
    .filter(([flags]) => flags === '257')
    .map(([flags, protocol, algorithm, ...key]) => {
      const rdata = Buffer.concat([
        Buffer.from([Number(flags) >> 8, Number(flags) & 0xff, Number(protocol), Number(algorithm)]),
        Buffer.from(key.join(''), 'base64'),
      ]);
      let sum = 0;
      for (let i = 0; i < rdata.length; i++) sum += i & 1 ? rdata[i]! : rdata[i]! << 8;
      sum += (sum >> 16) & 0xffff;
      return {
        keyTag: sum & 0xffff,
        algorithm: Number(algorithm),
        digestType: 2,
        digest: createHash('sha256').update(owner).update(rdata).digest('hex').toUpperCase(),
      };
    });
}
