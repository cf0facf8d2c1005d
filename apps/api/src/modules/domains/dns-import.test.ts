import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPowerDnsDriver, zoneRecordsOf } from '../provisioning';
import { addDomain, type Customer, signUpCustomer } from '../../test/customer';
import { createTestApp, type TestContext } from '../../test/helpers';
import { resolve, startTestPowerDns, type TestPowerDns } from '../../test/powerdns';

const ZONE = `$ORIGIN example.com.
$TTL 3600
@      IN SOA ns1.old.example. hostmaster.example.com. ( 1 7200 3600 1209600 3600 )
       IN NS  ns1.old.example.
@      300 IN A 192.0.2.10
www        IN CNAME @
mail       IN A 192.0.2.20
@          IN MX 10 mail
@          IN TXT "v=spf1 mx ~all ; spaces and a semicolon"
_sip._tcp  IN SRV 10 5 5060 sip.example.net.
`;

describe('zone-file import (POST /api/domains/:id/dns/import)', () => {
  let ctx: TestContext;
  let customer: Customer;
  let pdns: TestPowerDns;

  beforeAll(async () => {
    [ctx, pdns] = await Promise.all([createTestApp(), startTestPowerDns()]);
    customer = await signUpCustomer(ctx.app);
  });
  afterAll(async () => {
    await Promise.all([ctx?.close(), pdns?.dispose()]);
  });

  const importZone = (id: string, zone: string, who: Customer = customer) =>
    ctx.app.inject({ method: 'POST', url: `/api/domains/${id}/dns/import`, headers: who.headers, payload: { zone } });
  const records = (id: string) =>
    ctx.app.database.db.selectFrom('dnsRecords').selectAll().where('domainId', '=', id).orderBy('name').execute();

  it('imports every record of a valid file at once, and PowerDNS answers them once published', async () => {
    const id = await addDomain(ctx.app, customer.userId, { name: 'example.com' });
    const response = await importZone(id, ZONE);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.skipped.map((s: { type: string }) => s.type)).toEqual(['SOA', 'NS']);
    expect(body.unchanged).toBe(0);
    expect(body.added.map((r: { type: string; name: string }) => `${r.type} ${r.name}`).sort()).toEqual([
      'A @',
      'A mail',
      'CNAME www',
      'MX @',
      'SRV _sip._tcp',
      'TXT @',
    ]);
    const activity = await ctx.app.database.db
      .selectFrom('activity')
      .select(['action', 'params'])
      .where('subjectId', '=', id)
      .execute();
    expect(activity).toEqual([{ action: 'dns.zoneImported', params: expect.stringContaining('"count":6') }]);

    // The same file again adds nothing: the records are already there.
    const again = await importZone(id, ZONE);
    expect(again.json()).toMatchObject({ added: [], unchanged: 6 });
    expect(await records(id)).toHaveLength(6);

    // What the import wrote is what the DNS server answers (the engine publishes these rows through the driver).
    const driver = createPowerDnsDriver(pdns.settings);
    await driver.create({
      kind: 'domain',
      id,
      domain: 'example.com',
      data: {
        records: zoneRecordsOf(await records(id)),
        nameservers: ['ns1.hostpilot.example', 'ns2.hostpilot.example'],
        hostAddresses: { a: [], aaaa: [] },
        enabled: true,
      },
    });
    expect(await resolve(pdns.dnsPort, 'example.com', 'A')).toEqual(['192.0.2.10']);
    expect(await resolve(pdns.dnsPort, 'www.example.com', 'CNAME')).toEqual(['example.com']);
    expect(await resolve(pdns.dnsPort, 'example.com', 'MX')).toEqual([{ exchange: 'mail.example.com', priority: 10 }]);
    expect(await resolve(pdns.dnsPort, 'example.com', 'TXT')).toEqual([['v=spf1 mx ~all ; spaces and a semicolon']]);
  });

  it('refuses a file with broken lines by line and field, writing nothing', async () => {
    const id = await addDomain(ctx.app, customer.userId, { name: 'broken-zone.com' });
    const response = await importZone(
      id,
      [
        '$ORIGIN broken-zone.com.',
        'ok 300 IN A 192.0.2.1',
        'bad 300 IN A 192.0.2.999',
        '@ 300 IN CNAME elsewhere.example.net.',
        'long 300 IN TXT "' + 'x'.repeat(300) + '"',
        'other.org. 300 IN A 192.0.2.2',
      ].join('\n'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        'lines.3.value': { code: 'validation.ipv4' },
        'lines.4.name': { code: 'validation.cnameApex' },
        'lines.5.value': { code: 'validation.txtStringTooLong' },
        'lines.6.name': { code: 'validation.zoneOutside' },
      },
    });
    expect(await records(id)).toEqual([]);
    const domain = await ctx.app.database.db
      .selectFrom('domains')
      .select('dnsUpdatedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(domain.dnsUpdatedAt).toBeNull();
  });

  it('refuses what PowerDNS would refuse with a code per field that the web says in English and Russian, queueing nothing', async () => {
    const id = await addDomain(ctx.app, customer.userId, { name: 'refused-zone.com' });
    const tasks = () =>
      ctx.app.database.db.selectFrom('provisioningTasks').select('id').where('resourceId', '=', id).execute();
    type Fields = Record<string, { code: string; message: string }>;
    const send = async (url: string, payload: Record<string, unknown>) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/domains/${id}/${url}`,
        headers: customer.headers,
        payload,
      });
      return { status: response.statusCode, fields: response.json<{ error?: { fields?: Fields } }>().error?.fields };
    };
    // The API answers a key per field (docs/product/errors.md); the web words it from its locale files.
    const locales = ['en', 'ru'].map(
      (language) =>
        JSON.parse(
          fs.readFileSync(
            path.resolve(import.meta.dirname, `../../../../web/src/locales/${language}/common.json`),
            'utf8',
          ),
        ) as { validation: Record<string, string> },
    );
    const worded = (fields: Fields | undefined) =>
      Object.fromEntries(
        Object.entries(fields ?? {}).map(([field, { code }]) => [
          field,
          locales.map((locale) => locale.validation[code.replace(/^validation\./, '')] ?? `missing ${code}`),
        ]),
      );

    // A broken zone file: a field per line.
    const file = await send('dns/import', {
      zone: ['@ 300 IN CNAME elsewhere.example.net.', 'long 300 IN TXT "' + 'x'.repeat(256) + '"', 'oops IN A'].join(
        '\n',
      ),
    });
    expect(file.status).toBe(400);
    expect(Object.keys(file.fields!).sort()).toEqual(['lines.1.name', 'lines.2.value', 'lines.3.value']);
    const fileWords = worded(file.fields);
    expect(fileWords['lines.1.name']).toEqual([
      expect.stringMatching(/cannot be a CNAME/),
      expect.stringMatching(/не может быть записью CNAME/),
    ]);
    expect(fileWords['lines.2.value']).toEqual([expect.stringMatching(/255 bytes/), expect.stringMatching(/255 байт/)]);
    expect(fileWords['lines.3.value']!.some((text) => text.startsWith('missing'))).toBe(false);

    // The editor's single records: a CNAME at the apex, an over-long quoted TXT part, a CNAME beside other data.
    const apex = await send('dns-records', { type: 'CNAME', name: '@', value: 'x.example.net' });
    expect(apex).toMatchObject({ status: 400, fields: { name: { code: 'validation.cnameApex' } } });
    const txt = await send('dns-records', { type: 'TXT', name: 'dkim', value: `"${'k'.repeat(256)}"` });
    expect(txt).toMatchObject({ status: 400, fields: { value: { code: 'validation.txtStringTooLong' } } });
    expect((await send('dns-records', { type: 'A', name: 'shop', value: '192.0.2.1' })).status).toBe(201);
    const beside = await send('dns-records', { type: 'CNAME', name: 'shop', value: 'shops.example.net' });
    expect(beside).toMatchObject({ status: 409, fields: { name: { code: 'validation.cnameConflict' } } });
    for (const refused of [apex, txt, beside]) {
      for (const words of Object.values(worded(refused.fields))) expect(words.join()).not.toMatch(/missing/);
    }

    // Nothing of the refused input was written or queued for PowerDNS: only the one good record and its task.
    expect((await records(id)).map((r) => [r.type, r.name])).toEqual([['A', 'shop']]);
    expect(await tasks()).toHaveLength(1);
  });

  it('refuses a CNAME beside a record already in the zone', async () => {
    const id = await addDomain(ctx.app, customer.userId, { name: 'cname-zone.com' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/domains/${id}/dns-records`,
      headers: customer.headers,
      payload: { type: 'A', name: 'shop', value: '192.0.2.1' },
    });
    const response = await importZone(id, 'shop.cname-zone.com. 300 IN CNAME shops.example.net.\n');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'lines.1.name': { code: 'validation.cnameConflict', message: expect.any(String) },
    });
    expect(await records(id)).toHaveLength(1);
  });

  it('answers 404 for another customer’s domain and 401 without a sign-in', async () => {
    const other = await signUpCustomer(ctx.app);
    const theirs = await addDomain(ctx.app, other.userId);
    expect((await importZone(theirs, '@ 300 IN A 192.0.2.1')).statusCode).toBe(404);
    expect(await records(theirs)).toEqual([]);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/domains/${theirs}/dns/import`,
      payload: { zone: '@ 300 IN A 192.0.2.1' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
