import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolve } from '../../../../test/powerdns';
import { createPowerDnsDriver } from './driver';
import { pdnsAvailable, startPowerDns } from './process';

// Our own PowerDNS child process (docs/decisions/046-dns-on-powerdns.md): loopback only, its files under its
// folder, and a restart on the same folder keeps the key and the zones.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pdns-process-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('startPowerDns', () => {
  it('runs PowerDNS on loopback with a private configuration, stops it, and starts it again with its zones', async () => {
    expect(pdnsAvailable()).toBe(true);
    const first = await startPowerDns({ dir });
    let second: Awaited<ReturnType<typeof startPowerDns>> | null = null;
    try {
      const conf = fs.readFileSync(path.join(dir, 'pdns.conf'), 'utf8');
      expect(conf).toMatch(/^local-address=127\.0\.0\.1$/m);
      expect(conf).toMatch(/^webserver-address=127\.0\.0\.1$/m);
      expect(conf).toMatch(/^webserver-allow-from=127\.0\.0\.1,::1$/m);
      expect(conf).toMatch(/^guardian=no$/m);
      expect(fs.statSync(path.join(dir, 'pdns.conf')).mode & 0o077).toBe(0);
      expect(fs.statSync(path.join(dir, 'api-key')).mode & 0o077).toBe(0);
      expect(first.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

      const driver = createPowerDnsDriver({ apiUrl: first.apiUrl, apiKey: first.apiKey });
      await driver.create({
        kind: 'domain',
        id: 'd1',
        domain: 'kept.com',
        data: {
          records: [{ type: 'A', name: '@', content: '192.0.2.77', ttl: 300 }],
          nameservers: ['ns1.hostpilot.example'],
          hostAddresses: { a: [], aaaa: [] },
          enabled: true,
        },
      });
      await first.stop();
      await expect(fetch(`${first.apiUrl}/api/v1/servers/localhost`)).rejects.toThrow();

      second = await startPowerDns({ dir, dnsPort: first.dnsPort });
      expect(second.apiKey).toBe(first.apiKey);
      expect(await resolve(second.dnsPort, 'kept.com', 'A')).toEqual(['192.0.2.77']);
      const refused = createPowerDnsDriver({ apiUrl: second.apiUrl, apiKey: second.apiKey });
      await expect(refused.terminate({ kind: 'domain', id: 'x', domain: '../../servers' })).rejects.toMatchObject({
        code: 'invalid',
        retryable: false,
      });
    } finally {
      await first.stop();
      await second?.stop();
    }
  });
});
