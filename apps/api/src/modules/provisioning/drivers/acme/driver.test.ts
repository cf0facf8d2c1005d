import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverFailure } from '../../../../test/drivers';
import { startTestPowerDns, type TestPowerDns } from '../../../../test/powerdns';
import { DriverError, type ProvisioningTarget } from '../../driver';
import { createPowerDnsDriver } from '../powerdns/driver';
import type { ZoneRecord } from '../powerdns/zone';
import { createAcmeDriver } from './driver';
import { ACME_FAILURE_CODES, createAccountKey, type IssuedCertificate, renewalDue, renewalTime } from './issue';
import { type PebbleProcess, startPebble } from './process';

// Against a real Pebble (Let's Encrypt's test CA) that validates DNS-01 on a real PowerDNS, both started for this
// file (docs/decisions/049-certificates-through-acme.md).

let pdns: TestPowerDns;
let pebble: PebbleProcess;
let pebbleDir: string;
let accountKey: string;
beforeAll(async () => {
  pdns = await startTestPowerDns();
  pebbleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pebble-'));
  pebble = await startPebble({ dir: pebbleDir, dnsResolver: `127.0.0.1:${pdns.dnsPort}` });
  accountKey = await createAccountKey();
}, 60_000);
afterAll(async () => {
  await pebble?.stop();
  await pdns?.dispose();
  if (pebbleDir) fs.rmSync(pebbleDir, { recursive: true, force: true });
});

function settings(directoryUrl = pebble.directoryUrl) {
  return {
    directoryUrl,
    caCertificatePem: pebble.caCertificatePem,
    accountKey,
    dnsApiUrl: pdns.apiUrl,
    dnsApiKey: pdns.apiKey,
    dnsServerId: 'localhost',
  };
}

async function hostedZone(domain: string, extra: ZoneRecord[] = []) {
  await createPowerDnsDriver(pdns.settings).create({
    kind: 'domain',
    id: `d-${domain}`,
    domain,
    data: {
      records: [{ name: '@', type: 'A', content: '192.0.2.10', ttl: 300 }, ...extra],
      nameservers: ['ns1.hostpilot.example', 'ns2.hostpilot.example'],
      hostAddresses: { a: [], aaaa: [] },
      enabled: true,
    },
  });
}

function certificateTarget(domain: string, data: Record<string, unknown> = {}): ProvisioningTarget {
  return { kind: 'service', id: `s-${domain}`, domain, data };
}

async function challengeRecords(domain: string) {
  return (await pdns.rrsets(domain)).filter((r) => r.name.startsWith('_acme-challenge'));
}

describe('ACME driver against Pebble and PowerDNS', () => {
  it('issues an EC P-256 certificate for the domain and www, signed by Pebble, and cleans the challenge', async () => {
    await hostedZone('shop-one.example');
    const issued: IssuedCertificate[] = [];
    const driver = createAcmeDriver(settings(), { onIssued: async (_target, cert) => void issued.push(cert) });
    expect((await driver.testConnection()).details).toEqual({ directoryUrl: pebble.directoryUrl });
    const result = await driver.create(certificateTarget('shop-one.example'));
    expect(issued).toHaveLength(1);
    const cert = issued[0]!;
    const x509 = new X509Certificate(cert.certificatePem);
    expect(x509.subjectAltName?.split(', ').sort()).toEqual(['DNS:shop-one.example', 'DNS:www.shop-one.example']);
    const intermediate = new X509Certificate(cert.chainPem);
    expect(intermediate.subject).toMatch(/Pebble Intermediate CA/);
    expect(x509.checkIssued(intermediate)).toBe(true);
    expect(x509.verify(intermediate.publicKey)).toBe(true);
    expect(new X509Certificate(await pebble.intermediatePem()).fingerprint256).toBe(intermediate.fingerprint256);
    expect(cert.issuer).toMatch(/^Pebble Intermediate CA/);
    expect(cert.notBefore).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(cert.notAfter).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    expect(cert.serial).toBe(x509.serialNumber.toLowerCase());
    expect(x509.publicKey.asymmetricKeyType).toBe('ec');
    expect(x509.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(x509.checkPrivateKey((await import('node:crypto')).createPrivateKey(cert.privateKeyPem))).toBe(true);
    expect(result.details).toMatchObject({
      serial: cert.serial,
      keyType: 'ec-p256',
      orderUrl: expect.stringMatching(/^https:/),
    });
    expect(JSON.stringify(result.details)).not.toContain('PRIVATE KEY');
    expect(await challengeRecords('shop-one.example')).toEqual([]);

    // Reissue gives a new serial; revoking it holds and is idempotent.
    await driver.update!(certificateTarget('shop-one.example'));
    expect(issued[1]!.serial).not.toBe(cert.serial);
    expect(
      (await driver.terminate(certificateTarget('shop-one.example', { certificatePem: cert.certificatePem }))).details,
    ).toEqual({ revoked: true });
    await driver.terminate(certificateTarget('shop-one.example', { certificatePem: cert.certificatePem }));
  }, 60_000);

  it("issues two certificates of one domain ordered at once, each keeping the other's challenge value", async () => {
    await hostedZone('shop-twice.example');
    // A value some other order of the name is still being validated with: ours are added beside it, and it stays.
    const other = { content: '"another-pending-order-value"', disabled: false };
    const patched = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/shop-twice.example.`, {
      method: 'PATCH',
      headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        rrsets: [
          {
            name: '_acme-challenge.shop-twice.example.',
            type: 'TXT',
            ttl: 60,
            changetype: 'REPLACE',
            records: [other],
          },
        ],
      }),
    });
    expect(patched.status).toBe(204);
    const issued: IssuedCertificate[] = [];
    const onIssued = async (_target: ProvisioningTarget, cert: IssuedCertificate) => void issued.push(cert);
    // Two drivers, as two workers of the engine would build, both ordering the domain and www at the same moment.
    const first = createAcmeDriver(settings(), { onIssued });
    const second = createAcmeDriver(settings(), { onIssued });
    await Promise.all([
      first.create(certificateTarget('shop-twice.example')),
      second.create({ ...certificateTarget('shop-twice.example'), id: 's-shop-twice-extra' }),
    ]);
    expect(issued).toHaveLength(2);
    expect(issued[0]!.serial).not.toBe(issued[1]!.serial);
    for (const cert of issued) {
      expect(new X509Certificate(cert.certificatePem).subjectAltName?.split(', ').sort()).toEqual([
        'DNS:shop-twice.example',
        'DNS:www.shop-twice.example',
      ]);
    }
    const zone = (await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones/shop-twice.example.`, {
      headers: { 'X-API-Key': pdns.apiKey },
    }).then((response) => response.json())) as { rrsets: { name: string; type: string; records: unknown[] }[] };
    expect(zone.rrsets.filter((set) => set.name.startsWith('_acme-challenge')).map((set) => set.records)).toEqual([
      [other],
    ]);
  }, 90_000);

  it('issues an RSA 2048 certificate on request', async () => {
    await hostedZone('shop-rsa.example');
    const issued: IssuedCertificate[] = [];
    const driver = createAcmeDriver(settings(), { onIssued: async (_target, cert) => void issued.push(cert) });
    await driver.create(certificateTarget('shop-rsa.example', { keyType: 'rsa-2048' }));
    const x509 = new X509Certificate(issued[0]!.certificatePem);
    expect(x509.publicKey.asymmetricKeyType).toBe('rsa');
    expect(x509.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
  }, 60_000);

  it('says not-pointed for a zone we do not serve and for a name outside the domain', async () => {
    const driver = createAcmeDriver(settings());
    const missing = await driverFailure(driver.create(certificateTarget('nowhere.example')));
    expect([missing.code, missing.retryable]).toEqual(['not-pointed', true]);
    await hostedZone('shop-two.example');
    const outside = await driverFailure(
      driver.create(certificateTarget('shop-two.example', { names: ['other.example'] })),
    );
    expect([outside.code, outside.retryable]).toEqual(['not-pointed', false]);
  }, 30_000);

  it('says not-pointed with the CA problem when the CA cannot read the challenge from our DNS', async () => {
    // sub.shop-three.example is delegated to other name servers: the challenge record written in our zone is
    // hidden behind the delegation, so the CA finds none, as for a name that is not pointed at us.
    await hostedZone('shop-three.example', [{ name: 'sub', type: 'NS', content: 'ns1.elsewhere.example.', ttl: 300 }]);
    const driver = createAcmeDriver(settings());
    const error = await driverFailure(
      driver.create(certificateTarget('shop-three.example', { names: ['sub.shop-three.example'] })),
    );
    expect([error.code, error.retryable]).toEqual(['not-pointed', true]);
    expect(error.problem).toMatchObject({ type: expect.stringMatching(/^urn:ietf:params:acme:error:/) });
    expect(await challengeRecords('shop-three.example')).toEqual([]);
  }, 60_000);

  it('says ca-unreachable, retryable, when Pebble is stopped, and issues again once it is back', async () => {
    await hostedZone('shop-four.example');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pebble-'));
    try {
      const second = await startPebble({ dir, dnsResolver: `127.0.0.1:${pdns.dnsPort}` });
      const port = Number(new URL(second.directoryUrl).port);
      const driver = createAcmeDriver({ ...settings(second.directoryUrl), caCertificatePem: second.caCertificatePem });
      await second.stop();
      const error = await driverFailure(driver.create(certificateTarget('shop-four.example')));
      expect([error.code, error.retryable]).toEqual(['ca-unreachable', true]);
      const again = await startPebble({ dir, port, dnsResolver: `127.0.0.1:${pdns.dnsPort}` });
      try {
        expect((await driver.create(certificateTarget('shop-four.example'))).details).toMatchObject({
          keyType: 'ec-p256',
        });
      } finally {
        await again.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses bad settings at once', () => {
    expect(() => createAcmeDriver({ ...settings(), directoryUrl: 'http://plain' })).toThrow(DriverError);
    expect(() => createAcmeDriver({ ...settings(), accountKey: '' })).toThrow(/account key/);
  });
});

describe('renewal time', () => {
  const DAY = 86_400_000;
  it('starts 30 days before expiry for 90-day and longer certificates', () => {
    expect(renewalTime(0, 90 * DAY)).toBe(60 * DAY);
    expect(renewalTime(0, 365 * DAY)).toBe(335 * DAY);
    expect(renewalDue(0, 365 * DAY, 335 * DAY - 1)).toBe(false);
    expect(renewalDue(0, 365 * DAY, 335 * DAY)).toBe(true);
  });
  it('starts at two-thirds of the lifetime for short-lived certificates', () => {
    expect(renewalTime(0, 6 * DAY)).toBe(4 * DAY);
    expect(renewalTime(1000, 1000 + 30 * DAY)).toBe(1000 + 20 * DAY);
    expect(renewalDue(0, 6 * DAY, 4 * DAY - 1)).toBe(false);
  });
});

describe('failure words', () => {
  it('has every failure code in English and Russian', () => {
    for (const lang of ['en', 'ru']) {
      const file = path.resolve(import.meta.dirname, `../../../../../../web/src/locales/${lang}/dashboard.json`);
      const words = JSON.parse(fs.readFileSync(file, 'utf8')) as { certificates: { failure: Record<string, string> } };
      for (const code of ACME_FAILURE_CODES) expect(words.certificates.failure[code], `${lang} ${code}`).toBeTruthy();
    }
  });
});
