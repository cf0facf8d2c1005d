import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpCustomer, addService } from '../../test/customer';
import { createTestApp, type TestContext } from '../../test/helpers';
import { startTestPowerDns, type TestPowerDns } from '../../test/powerdns';
import { createSecretBox } from '../../lib/secret-box';
import {
  createPowerDnsDriver,
  createAcmeDriver,
  createAccountKey,
  type IssuedCertificate,
  renewalTime,
  type PebbleProcess,
  startPebble,
} from '../provisioning';
import { CertificateStateConflict, createCertificatesRepository } from './certificates.repository';

// The certificates model with certificates a real Pebble issued through a real PowerDNS
// (docs/decisions/049-certificates-through-acme.md), on SQLite and PostgreSQL.

let ctx: TestContext;
let pdns: TestPowerDns;
let pebble: PebbleProcess;
let pebbleDir: string;
const issued: IssuedCertificate[] = [];
let issue: () => Promise<IssuedCertificate>;

beforeAll(async () => {
  ctx = await createTestApp();
  pdns = await startTestPowerDns();
  pebbleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostpilot-pebble-'));
  pebble = await startPebble({ dir: pebbleDir, dnsResolver: `127.0.0.1:${pdns.dnsPort}` });
  await createPowerDnsDriver(pdns.settings).create({
    kind: 'domain',
    id: 'd1',
    domain: 'cert-model.example',
    data: { records: [], nameservers: ['ns1.hostpilot.example'], hostAddresses: { a: [], aaaa: [] }, enabled: true },
  });
  const driver = createAcmeDriver(
    {
      directoryUrl: pebble.directoryUrl,
      caCertificatePem: pebble.caCertificatePem,
      accountKey: await createAccountKey(),
      dnsApiUrl: pdns.apiUrl,
      dnsApiKey: pdns.apiKey,
      dnsServerId: 'localhost',
    },
    { onIssued: async (_target, cert) => void issued.push(cert) },
  );
  issue = async () => {
    await driver.create({ kind: 'service', id: 's1', domain: 'cert-model.example' });
    return issued.at(-1)!;
  };
}, 60_000);
afterAll(async () => {
  await pebble?.stop();
  await pdns?.dispose();
  if (pebbleDir) fs.rmSync(pebbleDir, { recursive: true, force: true });
  await ctx?.close();
});

describe('certificates repository', () => {
  it('orders, issues, renews with a new serial and keeps the old one downloadable until it expires', async () => {
    const db = ctx.app.database.db;
    const repo = createCertificatesRepository(db, createSecretBox('a test secret of enough length'));
    const customer = await signUpCustomer(ctx.app);
    const serviceId = await addService(ctx.app, customer.userId);
    const now = Date.now();
    const row = await repo.order(serviceId, 'cert-model.example', now);
    expect([row.status, JSON.parse(row.names)]).toEqual(['ordered', ['cert-model.example', 'www.cert-model.example']]);
    await expect(repo.issued(row.id, await issue(), now)).rejects.toBeInstanceOf(CertificateStateConflict);
    await repo.validating(row.id, 'https://ca.example/order/1', now);

    const first = await issue();
    const afterFirst = await repo.issued(row.id, first, now);
    expect(afterFirst).toMatchObject({ status: 'issued', serial: first.serial, keyType: 'ec-p256' });
    const stored = await repo.findById(row.id);
    expect(stored!.privateKeySealed).not.toContain('PRIVATE KEY');
    expect((await repo.download(serviceId, first.serial, now))!.privateKeyPem()).toBe(first.privateKeyPem);

    // The renewal time comes by the clock; renewing then issuing gives a new serial.
    const due = renewalTime(first.notBefore, first.notAfter);
    expect((await repo.dueForRenewal(due - 1)).map((c) => c.id)).not.toContain(row.id);
    expect((await repo.dueForRenewal(due)).map((c) => c.id)).toContain(row.id);
    await repo.renewing(row.id, due);
    const second = await issue();
    expect(second.serial).not.toBe(first.serial);
    await repo.issued(row.id, second, due);
    expect((await repo.findByService(serviceId))!.serial).toBe(second.serial);
    expect((await repo.previous(row.id, due)).map((p) => p.serial)).toEqual([first.serial]);
    const old = await repo.download(serviceId, first.serial, due);
    expect(old!.certificatePem).toBe(first.certificatePem);
    expect(old!.privateKeyPem()).toBe(first.privateKeyPem);
    expect(await repo.download(serviceId, first.serial, first.notAfter)).toBeUndefined();
    expect(await repo.previous(row.id, first.notAfter)).toEqual([]);

    // A failed renewal keeps the reason and the CA's problem; revoked ends downloads.
    await repo.renewing(row.id, due);
    const failed = await repo.failed(
      row.id,
      { code: 'not-pointed', problem: { type: 'urn:ietf:params:acme:error:dns', detail: 'no TXT' } },
      due,
    );
    expect([failed.status, failed.failureCode]).toEqual(['failed', 'not-pointed']);
    expect(JSON.parse((await repo.findById(row.id))!.failureProblem!)).toMatchObject({ detail: 'no TXT' });
    await repo.revoked(row.id, due);
    expect(await repo.download(serviceId, second.serial, due)).toBeUndefined();
    await expect(repo.renewing(row.id, due)).rejects.toBeInstanceOf(CertificateStateConflict);
  }, 60_000);

  it('marks issued certificates past their end as expired', async () => {
    const db = ctx.app.database.db;
    const repo = createCertificatesRepository(db, createSecretBox('a test secret of enough length'));
    const customer = await signUpCustomer(ctx.app);
    const serviceId = await addService(ctx.app, customer.userId);
    const row = await repo.order(serviceId, 'cert-model.example', Date.now());
    await repo.validating(row.id, null, Date.now());
    const cert = await issue();
    await repo.issued(row.id, cert, Date.now());
    expect(await repo.expire(cert.notAfter - 1)).toBe(0);
    expect(await repo.expire(cert.notAfter)).toBe(1);
    expect((await repo.findById(row.id))!.status).toBe('expired');
    expect((await repo.order(serviceId, 'cert-model.example', cert.notAfter)).status).toBe('ordered');
  }, 60_000);

  it('shows the owner the certificate and its PEM chain, old serials while valid; nobody else', async () => {
    const repo = createCertificatesRepository(ctx.app.database.db, createSecretBox('a test secret of enough length'));
    const owner = await signUpCustomer(ctx.app);
    const stranger = await signUpCustomer(ctx.app);
    const serviceId = await addService(ctx.app, owner.userId);
    const get = (url: string, headers = owner.headers) => ctx.app.inject({ method: 'GET', url, headers });
    expect((await get(`/api/services/${serviceId}/certificate`)).statusCode).toBe(404);
    const row = await repo.order(serviceId, 'cert-model.example', Date.now());
    await repo.validating(row.id, null, Date.now());
    const first = await issue();
    await repo.issued(row.id, first, Date.now());
    await repo.renewing(row.id, Date.now());
    const second = await issue();
    await repo.issued(row.id, second, Date.now());

    const shown = await get(`/api/services/${serviceId}/certificate`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      status: 'issued',
      names: ['cert-model.example', 'www.cert-model.example'],
      serial: second.serial,
      issuer: second.issuer,
      keyType: 'ec-p256',
      notAfter: new Date(second.notAfter).toISOString(),
      failureCode: null,
      previous: [{ serial: first.serial }],
    });
    expect(shown.body).not.toContain('PRIVATE KEY');
    const pem = await get(`/api/services/${serviceId}/certificate.pem`);
    expect(pem.statusCode).toBe(200);
    expect(pem.body).toBe(`${second.certificatePem}${second.chainPem}`);
    const old = await get(`/api/services/${serviceId}/certificate.pem?serial=${first.serial}`);
    expect(old.body).toBe(`${first.certificatePem}${first.chainPem}`);
    expect((await get(`/api/services/${serviceId}/certificate.pem?serial=00`)).statusCode).toBe(404);
    expect((await get(`/api/services/${serviceId}/certificate.pem?serial=not-hex`)).statusCode).toBe(400);
    expect((await get(`/api/services/${serviceId}/certificate`, stranger.headers)).statusCode).toBe(404);
    expect((await get(`/api/services/${serviceId}/certificate.pem`, stranger.headers)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/services/${serviceId}/certificate` })).statusCode).toBe(
      401,
    );
    await repo.revoked(row.id, Date.now());
    const revoked = await get(`/api/services/${serviceId}/certificate.pem`);
    expect([revoked.statusCode, revoked.json().error.code]).toEqual([410, 'CERTIFICATE_REVOKED']);
  }, 60_000);
});
