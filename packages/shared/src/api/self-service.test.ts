import { describe, expect, it } from 'vitest';
import {
  dnsRecordInputSchema,
  isHostName,
  isIPv4,
  isIPv6,
  isRecordName,
  nameserversRequestSchema,
} from './self-service';

const fieldsOf = (input: unknown) => {
  const result = dnsRecordInputSchema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('DNS value checks', () => {
  it('tells IPv4 and IPv6 addresses', () => {
    expect(['192.0.2.10', '0.0.0.0', '255.255.255.255'].every(isIPv4)).toBe(true);
    expect(['256.1.1.1', '1.2.3', '01.2.3.4', '1.2.3.4.5', 'a.b.c.d', ''].some(isIPv4)).toBe(false);
    expect(
      ['2001:db8::1', '::1', '::', 'fe80::1:2:3:4', '2001:db8:0:0:0:0:0:1', '::ffff:192.0.2.1'].every(isIPv6),
    ).toBe(true);
    expect(
      ['2001:db8::1::2', '12345::', '1:2:3:4:5:6:7', 'gggg::', '1:2:3:4:5:6:7:8:9', '192.0.2.1'].some(isIPv6),
    ).toBe(false);
  });

  it('tells host names and record names', () => {
    expect(['mail.example.com', 'ns1.example.com.', 'a-b.example.io'].every(isHostName)).toBe(true);
    expect(
      ['example', '-bad.example.com', 'bad-.example.com', 'a..b.com', 'x.123', 'sp ace.com'].some(isHostName),
    ).toBe(false);
    expect(['@', 'www', '_sip._tcp', '*', '*.dev', 'mail'].every(isRecordName)).toBe(true);
    expect(['w w', 'www.*', '-x', ''].some(isRecordName)).toBe(false);
  });
});

describe('dnsRecordInputSchema', () => {
  it('accepts a valid record of each type, normalising names and host values', () => {
    const ok = [
      { type: 'A', name: '@', value: '192.0.2.10' },
      { type: 'AAAA', name: 'www', value: '2001:db8::10' },
      { type: 'CNAME', name: 'Blog', value: 'Example.NET.' },
      { type: 'MX', name: '@', value: 'mail.example.com', priority: 10 },
      { type: 'TXT', name: '@', value: 'v=spf1 include:_spf.example.com ~all' },
      { type: 'NS', name: 'sub', value: 'ns1.example.com' },
      { type: 'SRV', name: '_sip._tcp', value: '5 5060 sip.example.com', priority: 10 },
      { type: 'CAA', name: '@', value: '0 issue "letsencrypt.org"' },
    ];
    for (const record of ok) expect(fieldsOf(record), JSON.stringify(record)).toEqual({});
    expect(dnsRecordInputSchema.parse({ type: 'CNAME', name: 'Blog', value: 'Example.NET.' })).toEqual({
      type: 'CNAME',
      name: 'blog',
      value: 'example.net',
      ttl: 3600,
      priority: null,
    });
  });

  it('refuses malformed values by field', () => {
    expect(fieldsOf({ type: 'A', name: '@', value: '300.1.1.1' })).toEqual({ value: 'validation.ipv4' });
    expect(fieldsOf({ type: 'AAAA', name: '@', value: '192.0.2.1' })).toEqual({ value: 'validation.ipv6' });
    expect(fieldsOf({ type: 'MX', name: '@', value: 'mail.example.com' })).toEqual({ priority: 'validation.priority' });
    expect(fieldsOf({ type: 'MX', name: '@', value: 'mail', priority: 70000 })).toMatchObject({
      priority: 'validation.priority',
    });
    expect(fieldsOf({ type: 'A', name: '@', value: '192.0.2.1', priority: 5 })).toEqual({
      priority: 'validation.priorityNotAllowed',
    });
    expect(fieldsOf({ type: 'SRV', name: '_x._tcp', value: '5 99999 sip.example.com', priority: 1 })).toEqual({
      value: 'validation.srvValue',
    });
    expect(fieldsOf({ type: 'CAA', name: '@', value: 'issue letsencrypt.org' })).toEqual({
      value: 'validation.caaValue',
    });
    expect(fieldsOf({ type: 'TXT', name: '@', value: 'x'.repeat(2049) })).toEqual({ value: 'validation.txtValue' });
    expect(fieldsOf({ type: 'A', name: '@', value: '192.0.2.1', ttl: 59 })).toEqual({ ttl: 'validation.ttl' });
    expect(fieldsOf({ type: 'A', name: '@', value: '192.0.2.1', ttl: 86401 })).toEqual({ ttl: 'validation.ttl' });
    expect(fieldsOf({ type: 'PTR', name: '@', value: 'x' })).toMatchObject({ type: 'validation.dnsType' });
    expect(fieldsOf({ type: 'A', name: 'a b', value: '192.0.2.1' })).toEqual({ name: 'validation.recordName' });
  });
});

describe('nameserversRequestSchema', () => {
  it('takes 2 to 4 distinct host names', () => {
    expect(nameserversRequestSchema.parse({ nameservers: ['NS1.Example.com.', 'ns2.example.com'] })).toEqual({
      nameservers: ['ns1.example.com', 'ns2.example.com'],
    });
    for (const nameservers of [['ns1.example.com'], Array.from({ length: 5 }, (_, i) => `ns${i}.example.com`)]) {
      expect(nameserversRequestSchema.safeParse({ nameservers }).error?.issues[0]?.message).toBe(
        'validation.nameserversCount',
      );
    }
    expect(
      nameserversRequestSchema.safeParse({ nameservers: ['ns1.example.com', 'ns1.example.com.'] }).error?.issues[0]
        ?.message,
    ).toBe('validation.nameserversDuplicate');
    expect(
      nameserversRequestSchema.safeParse({ nameservers: ['ns1.example.com', 'bad_host'] }).error?.issues[0],
    ).toMatchObject({
      path: ['nameservers', 1],
      message: 'validation.hostName',
    });
  });
});
