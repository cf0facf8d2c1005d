import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverFailure } from '../../../../test/drivers';
import { dig, dsFromDnskey, resolve, startTestPowerDns, type TestPowerDns } from '../../../../test/powerdns';
import type { ProvisioningTarget } from '../../driver';
import { changeChallengeRecords, createProcessZoneLock } from '../acme/issue';
import { createPowerDnsClient, powerDnsSettings } from './client';
import { createPowerDnsDriver, dnssecDsRecords } from './driver';
import type { ZoneRecord } from './zone';

// Against a real PowerDNS started for this file; answers read through a DNS resolver on its port
// (docs/decisions/046-dns-on-powerdns.md).

let pdns: TestPowerDns;
beforeAll(async () => {
  pdns = await startTestPowerDns();
});
afterAll(async () => {
  await pdns?.dispose();
});

const NS = ['ns1.hostpilot.example', 'ns2.hostpilot.example'];

function target(domain: string, records: ZoneRecord[], extra: Record<string, unknown> = {}): ProvisioningTarget {
  return {
    kind: 'domain',
    id: `id-${domain}`,
    domain,
    data: { records, nameservers: NS, hostAddresses: { a: [], aaaa: [] }, enabled: true, ...extra },
  };
}

async function zoneRrsets(domain: string) {
  return (await pdns.rrsets(domain)).map((r) => `${r.name} ${r.type}`).sort();
}

describe('PowerDNS driver', () => {
  it('tests the connection and names what is wrong', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    expect((await driver.testConnection()).details).toMatchObject({ version: expect.stringMatching(/^4\./) });
    const badKey = await driverFailure(createPowerDnsDriver({ ...pdns.settings, apiKey: 'wrong' }).testConnection());
    expect([badKey.code, badKey.retryable]).toEqual(['unauthorised', false]);
    const badServer = await driverFailure(
      createPowerDnsDriver({ ...pdns.settings, serverId: 'nope' }).testConnection(),
    );
    expect([badServer.code, badServer.retryable]).toEqual(['invalid', false]);
    const badUrl = await driverFailure(
      createPowerDnsDriver({ ...pdns.settings, apiUrl: 'not a url' }).testConnection(),
    );
    expect([badUrl.code, badUrl.retryable]).toEqual(['invalid', false]);
    const nobody = await driverFailure(
      createPowerDnsDriver({ ...pdns.settings, apiUrl: 'http://127.0.0.1:1' }).testConnection(),
    );
    expect([nobody.code, nobody.retryable]).toEqual(['unreachable', true]);
  });

  it('creates a signed zone that answers SOA, NS and the records, with the hosting addresses', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    const records: ZoneRecord[] = [
      { type: 'MX', name: '@', content: 'mail.hostpilot.example', ttl: 3600, priority: 10 },
      { type: 'TXT', name: '@', content: 'v=spf1 include:_spf.hostpilot.example ~all', ttl: 3600 },
      { type: 'A', name: 'shop', content: '192.0.2.44', ttl: 300 },
      { type: 'AAAA', name: 'shop', content: '2001:DB8:0:0::44', ttl: 300 },
      { type: 'SRV', name: '_sip._tcp', content: '5 5060 sip.example.net', ttl: 300, priority: 10 },
      { type: 'CAA', name: '@', content: '0 issue "letsencrypt.org"', ttl: 3600 },
      { type: 'TXT', name: 'dkim._domainkey', content: 'v=DKIM1; k=rsa; p=' + 'A'.repeat(300), ttl: 3600 },
    ];
    const result = await driver.create(
      target('mysite.com', records, { hostAddresses: { a: ['192.0.2.10'], aaaa: ['2001:db8::10'] } }),
    );
    expect(result.details).toMatchObject({ zone: 'mysite.com.', created: true });

    const soa = (await resolve(pdns.dnsPort, 'mysite.com', 'SOA')) as unknown as { nsname: string; hostmaster: string };
    expect(soa).toMatchObject({ nsname: 'ns1.hostpilot.example', hostmaster: 'hostmaster.mysite.com' });
    expect(((await resolve(pdns.dnsPort, 'mysite.com', 'NS')) as string[]).sort()).toEqual(NS);
    expect(await resolve(pdns.dnsPort, 'mysite.com', 'A')).toEqual(['192.0.2.10']);
    expect(await resolve(pdns.dnsPort, 'www.mysite.com', 'A')).toEqual(['192.0.2.10']);
    expect(await resolve(pdns.dnsPort, 'www.mysite.com', 'AAAA')).toEqual(['2001:db8::10']);
    expect(await resolve(pdns.dnsPort, 'shop.mysite.com', 'AAAA')).toEqual(['2001:db8::44']);
    expect(await resolve(pdns.dnsPort, 'mysite.com', 'MX')).toEqual([
      { exchange: 'mail.hostpilot.example', priority: 10 },
    ]);
    expect(await resolve(pdns.dnsPort, '_sip._tcp.mysite.com', 'SRV')).toEqual([
      { name: 'sip.example.net', port: 5060, priority: 10, weight: 5 },
    ]);
    const dkim = (await resolve(pdns.dnsPort, 'dkim._domainkey.mysite.com', 'TXT')) as unknown as string[][];
    expect(dkim[0]!.map((s) => s.length)).toEqual([255, 63]);
    expect(dkim[0]!.join('')).toBe('v=DKIM1; k=rsa; p=' + 'A'.repeat(300));

    // DNSSEC: the DS for the registry, and the DNSKEY and signatures answered.
    const ds = await dnssecDsRecords(pdns.settings, 'mysite.com');
    expect(ds).toEqual([
      { keyTag: expect.any(Number), algorithm: 13, digestType: 2, digest: expect.stringMatching(/^[0-9A-F]{64}$/) },
    ]);
    // The same DS computed from the DNSKEY the zone answers, as a registry would check it.
    expect(await dsFromDnskey(pdns.dnsPort, 'mysite.com')).toEqual(ds);
    const dnskey = await dig(pdns.dnsPort, 'mysite.com', 'DNSKEY');
    expect(dnskey.some((line) => line.startsWith('257 3 13 '))).toBe(true);
    expect((await dig(pdns.dnsPort, 'shop.mysite.com', 'A', true)).some((line) => line.startsWith('A 13 '))).toBe(true);

    // Creating again (a retried task) changes nothing and fails nothing.
    expect(
      (
        await driver.create(
          target('mysite.com', records, { hostAddresses: { a: ['192.0.2.10'], aaaa: ['2001:db8::10'] } }),
        )
      ).details,
    ).toMatchObject({ created: false, changes: 0 });
  });

  it('updates the zone to exactly the records asked, in one idempotent change', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    await driver.create(
      target('edit.com', [
        { type: 'A', name: 'old', content: '192.0.2.1', ttl: 300 },
        { type: 'A', name: 'keep', content: '192.0.2.2', ttl: 300 },
      ]),
    );
    expect(await resolve(pdns.dnsPort, 'old.edit.com', 'A')).toEqual(['192.0.2.1']);

    const next = target('edit.com', [
      { type: 'A', name: 'keep', content: '192.0.2.3', ttl: 300 },
      { type: 'CNAME', name: 'blog', content: 'blogs.example.net', ttl: 300 },
      { type: 'TXT', name: 'note', content: 'say "hi"; \\ ok', ttl: 300 },
      { type: 'TXT', name: 'ru', content: 'привет, мир', ttl: 300 },
    ]);
    const first = await driver.update!(next);
    expect(first.details).toMatchObject({ changes: 5 });
    expect(await resolve(pdns.dnsPort, 'old.edit.com', 'A')).toEqual([]);
    expect(await resolve(pdns.dnsPort, 'keep.edit.com', 'A')).toEqual(['192.0.2.3']);
    expect(await resolve(pdns.dnsPort, 'blog.edit.com', 'CNAME')).toEqual(['blogs.example.net']);
    expect(await resolve(pdns.dnsPort, 'note.edit.com', 'TXT')).toEqual([['say "hi"; \\ ok']]);
    // Node's resolver hands TXT bytes over as Latin-1; the bytes are the UTF-8 of the text.
    const ru = (await resolve(pdns.dnsPort, 'ru.edit.com', 'TXT')) as unknown as string[][];
    expect(Buffer.from(ru[0]![0]!, 'latin1').toString('utf8')).toBe('привет, мир');
    const state = await zoneRrsets('edit.com');

    const second = await driver.update!(next);
    expect(second.details).toMatchObject({ changes: 0 });
    expect(await zoneRrsets('edit.com')).toEqual(state);
  });

  it("keeps a certificate order's challenge value when the customer's zone is published meanwhile", async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    const records: ZoneRecord[] = [{ type: 'A', name: 'www', content: '192.0.2.7', ttl: 300 }];
    await driver.create(target('challenge.com', records));
    const client = createPowerDnsClient(powerDnsSettings(pdns.settings));
    const lock = createProcessZoneLock();
    const name = '_acme-challenge.challenge.com.';
    await changeChallengeRecords(client, 'challenge.com.', lock, new Map([[name, ['token-value']]]), 'add');

    // A DNS edit published while the CA validates: the challenge is not among the customer's records.
    const edited = await driver.update!(
      target('challenge.com', [...records, { type: 'TXT', name: 'note', content: 'edited', ttl: 300 }]),
    );
    expect(edited.details).toMatchObject({ changes: 1 });
    expect(await resolve(pdns.dnsPort, '_acme-challenge.challenge.com', 'TXT')).toEqual([['token-value']]);
    expect(await resolve(pdns.dnsPort, 'note.challenge.com', 'TXT')).toEqual([['edited']]);

    // The order removes its own value at clean-up, and the zone is then exactly the customer's.
    await changeChallengeRecords(client, 'challenge.com.', lock, new Map([[name, ['token-value']]]), 'remove');
    expect(await resolve(pdns.dnsPort, '_acme-challenge.challenge.com', 'TXT')).toEqual([]);
    // A TXT rrset there that the certificate driver did not write is the customer's to keep or delete.
    await client.call('PATCH', '/zones/challenge.com.', {
      zone: 'challenge.com.',
      body: {
        rrsets: [
          {
            name,
            type: 'TXT',
            ttl: 60,
            changetype: 'REPLACE',
            records: [{ content: '"left-over"', disabled: false }],
          },
        ],
      },
    });
    const cleaned = await driver.update!(
      target('challenge.com', [...records, { type: 'TXT', name: 'note', content: 'edited', ttl: 300 }]),
    );
    expect(cleaned.details).toMatchObject({ changes: 1 });
    expect(await resolve(pdns.dnsPort, '_acme-challenge.challenge.com', 'TXT')).toEqual([]);
  });

  it('suspends by disabling every answer but SOA and NS, and unsuspends', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    const t = target('pause.com', [{ type: 'A', name: '@', content: '192.0.2.8', ttl: 300 }]);
    await driver.create(t);
    expect(await resolve(pdns.dnsPort, 'pause.com', 'A')).toEqual(['192.0.2.8']);
    await driver.suspend(t);
    expect(await resolve(pdns.dnsPort, 'pause.com', 'A')).toEqual([]);
    expect(((await resolve(pdns.dnsPort, 'pause.com', 'NS')) as string[]).sort()).toEqual(NS);
    // The DS stays: the keys are kept while suspended, so the registry's DS stays valid.
    expect((await dnssecDsRecords(pdns.settings, 'pause.com')).length).toBeGreaterThan(0);
    await driver.unsuspend(t);
    expect(await resolve(pdns.dnsPort, 'pause.com', 'A')).toEqual(['192.0.2.8']);
    // `enabled: false` in an update is the same as a suspension.
    await driver.update!(
      target('pause.com', [{ type: 'A', name: '@', content: '192.0.2.8', ttl: 300 }], { enabled: false }),
    );
    expect(await resolve(pdns.dnsPort, 'pause.com', 'A')).toEqual([]);
  });

  it('terminates by deleting the zone; a missing zone is already terminated', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    const t = target('gone.com', [{ type: 'A', name: '@', content: '192.0.2.9', ttl: 300 }]);
    await driver.create(t);
    expect(await driver.list!()).toContain('gone.com');
    expect((await driver.terminate(t)).details).toMatchObject({ deleted: true });
    expect((await driver.terminate(t)).details).toMatchObject({ deleted: false });
    expect(await driver.list!()).not.toContain('gone.com');
    expect(await dig(pdns.dnsPort, 'gone.com', 'SOA')).toEqual([]);
    expect(await driver.changePlan(t)).toEqual({ details: { unchanged: true } });
  });

  it('maps a record PowerDNS refuses to a final `invalid` naming the record', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    await driver.create(target('bad.com', []));
    const apex = await driverFailure(
      driver.update!(target('bad.com', [{ type: 'CNAME', name: '@', content: 'x.example.net', ttl: 300 }])),
    );
    expect([apex.code, apex.retryable]).toEqual(['invalid', false]);
    expect(apex.problem).toMatchObject({ record: { name: '@', type: 'CNAME' } });
    const beside = await driverFailure(
      driver.update!(
        target('bad.com', [
          { type: 'CNAME', name: 'www', content: 'x.example.net', ttl: 300 },
          { type: 'TXT', name: 'www', content: 'hello', ttl: 300 },
        ]),
      ),
    );
    expect([beside.code, beside.retryable]).toEqual(['invalid', false]);
    expect(beside.problem).toMatchObject({ record: { name: 'www' } });
    const content = await driverFailure(
      driver.update!(target('bad.com', [{ type: 'A', name: 'x', content: '1.2.3', ttl: 300 }])),
    );
    expect(content.problem).toMatchObject({ record: { name: 'x', type: 'A' } });
    expect(content.message).toContain('A record x');
    // Nothing of a refused change was published.
    expect(await resolve(pdns.dnsPort, 'www.bad.com', 'TXT')).toEqual([]);
  });

  it('answers `unreachable`, to be retried, while PowerDNS is stopped, and works again after', async () => {
    const driver = createPowerDnsDriver(pdns.settings);
    await pdns.stop();
    const down = await driverFailure(
      driver.update!(target('later.com', [{ type: 'A', name: '@', content: '192.0.2.5', ttl: 300 }])),
    );
    expect([down.code, down.retryable]).toEqual(['unreachable', true]);
    await pdns.restart();
    await driver.update!(target('later.com', [{ type: 'A', name: '@', content: '192.0.2.5', ttl: 300 }]));
    expect(await resolve(pdns.dnsPort, 'later.com', 'A')).toEqual(['192.0.2.5']);
  });
});
