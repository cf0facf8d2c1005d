import { describe, expect, it } from 'vitest';
import { dnsRecordInputSchema } from './api/self-service';
import { cnameProblems, splitTxtValue, txtValueProblem } from './dns';
import { parseTtl, parseZoneFile } from './zone-file';

const ZONE = `; exported from the old provider
$ORIGIN example.com.
$TTL 1h
@   IN  SOA ns1.old.example. hostmaster.example.com. (
        2024010101 ; serial
        7200       ; refresh
        3600 1209600 3600 )
    IN  NS  ns1.old.example.
@   300 IN A 192.0.2.10
        IN AAAA 2001:db8::10
www     CNAME @
mail.example.com. 600 IN A 192.0.2.20
@       MX 10 mail
@       TXT "v=spf1 include:_spf.example.net ~all ; not a comment"
_dmarc  TXT "v=DMARC1;" "p=none"
_sip._tcp SRV 10 5 5060 sip.example.net.
@ CAA 0 issue "letsencrypt.org"
$ORIGIN dev.example.com.
api  A 192.0.2.30
`;

describe('parseZoneFile', () => {
  it('reads directives, relative and absolute names, parentheses, comments and quoted TXT', () => {
    const result = parseZoneFile(ZONE, 'example.com');
    expect(result.problems).toEqual([]);
    expect(result.skipped.map((s) => s.type)).toEqual(['SOA', 'NS']);
    expect(result.records).toEqual([
      { type: 'A', name: '@', value: '192.0.2.10', ttl: 300, priority: null },
      { type: 'AAAA', name: '@', value: '2001:db8::10', ttl: 3600, priority: null },
      { type: 'CNAME', name: 'www', value: 'example.com', ttl: 3600, priority: null },
      { type: 'A', name: 'mail', value: '192.0.2.20', ttl: 600, priority: null },
      { type: 'MX', name: '@', value: 'mail.example.com', ttl: 3600, priority: 10 },
      {
        type: 'TXT',
        name: '@',
        value: 'v=spf1 include:_spf.example.net ~all ; not a comment',
        ttl: 3600,
        priority: null,
      },
      { type: 'TXT', name: '_dmarc', value: '"v=DMARC1;" "p=none"', ttl: 3600, priority: null },
      { type: 'SRV', name: '_sip._tcp', value: '5 5060 sip.example.net', ttl: 3600, priority: 10 },
      { type: 'CAA', name: '@', value: '0 issue "letsencrypt.org"', ttl: 3600, priority: null },
      { type: 'A', name: 'api.dev', value: '192.0.2.30', ttl: 3600, priority: null },
    ]);
    expect(result.lines).toEqual([9, 10, 11, 12, 13, 14, 15, 16, 17, 19]);
  });

  it('reports every broken line with its field and message key, and keeps no half result', () => {
    const result = parseZoneFile(
      [
        '$TTL 3600',
        'www A 192.0.2.300',
        'ok A 192.0.2.1',
        'other.org. A 192.0.2.2',
        'x 30 A 192.0.2.3',
        'y CH TXT "chaos"',
        'z PTR host.example.com.',
        '$INCLUDE other.zone',
        'long TXT "' + 'a'.repeat(256) + '"',
        '@ CNAME elsewhere.example.net.',
        'mx MX mail.example.com.',
        'open TXT ( "never closed"',
      ].join('\n'),
      'example.com',
    );
    expect(result.problems.map((p) => [p.line, p.field, p.code])).toEqual([
      [2, 'value', 'validation.ipv4'],
      [4, 'name', 'validation.zoneOutside'],
      [5, 'ttl', 'validation.ttl'],
      [6, undefined, 'validation.zoneClass'],
      [7, 'type', 'validation.dnsType'],
      [8, undefined, 'validation.zoneDirective'],
      [9, 'value', 'validation.txtStringTooLong'],
      [10, 'name', 'validation.cnameApex'],
      [11, 'value', 'validation.zoneSyntax'],
      [12, undefined, 'validation.zoneSyntax'],
    ]);
    expect(result.problems[0]!.text).toBe('www A 192.0.2.300');
  });

  it('checks a CNAME beside other records, in the file and against the zone’s records', () => {
    const inFile = parseZoneFile('blog CNAME blogs.example.net.\nblog TXT "hello"\n', 'example.com');
    expect(inFile.problems.map((p) => [p.line, p.code])).toEqual([
      [1, 'validation.cnameConflict'],
      [2, 'validation.cnameConflict'],
    ]);
    const withZone = parseZoneFile('shop CNAME shops.example.net.\n', 'example.com', [{ type: 'A', name: 'shop' }]);
    expect(withZone.problems.map((p) => [p.line, p.code])).toEqual([[1, 'validation.cnameConflict']]);
  });

  it('refuses an empty file', () => {
    expect(parseZoneFile('; nothing\n\n', 'example.com').problems.map((p) => p.code)).toEqual(['validation.zoneEmpty']);
  });

  it('reads BIND TTL units', () => {
    expect(parseTtl('1h30m')).toBe(5400);
    expect(parseTtl('86400')).toBe(86_400);
    expect(parseTtl('IN')).toBeNaN();
  });
});

describe('the rules the DNS server would enforce', () => {
  it('refuses a CNAME at the apex with a field message', () => {
    const result = dnsRecordInputSchema.safeParse({ type: 'CNAME', name: '@', value: 'x.example.net' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['name', 'validation.cnameApex']]);
  });

  it('accepts long plain TXT (split on publishing) and refuses a quoted part over 255 bytes', () => {
    const plain = 'v=DKIM1; k=rsa; p=' + 'A'.repeat(400);
    expect(dnsRecordInputSchema.safeParse({ type: 'TXT', name: 'sel._domainkey', value: plain }).success).toBe(true);
    expect(splitTxtValue(plain).map((s) => s.length)).toEqual([255, 163]);
    expect(splitTxtValue('я'.repeat(200)).map((s) => new TextEncoder().encode(s).length)).toEqual([254, 146]);
    const bytes = (s: string) => new TextEncoder().encode(s).length;
    expect(splitTxtValue('€'.repeat(100)).map(bytes)).toEqual([255, 45]);
    expect(splitTxtValue('😀'.repeat(70)).map(bytes)).toEqual([252, 28]);
    expect(splitTxtValue(`a${'😀'.repeat(64)}`).map((s) => [...s].length)).toEqual([64, 1]);
    expect(txtValueProblem(`"${'я'.repeat(128)}"`)).toBe('validation.txtStringTooLong');
    expect(txtValueProblem(`"${'я'.repeat(127)}"`)).toBeNull();
    const quoted = `"${'a'.repeat(256)}"`;
    expect(txtValueProblem(quoted)).toBe('validation.txtStringTooLong');
    expect(txtValueProblem(`"${'a'.repeat(255)}" "b"`)).toBeNull();
    expect(splitTxtValue('"a \\"quoted\\" word" "b"')).toEqual(['a "quoted" word', 'b']);
  });

  it('finds CNAMEs at the apex and beside other records', () => {
    expect(
      cnameProblems([
        { type: 'A', name: 'www' },
        { type: 'CNAME', name: 'www' },
        { type: 'CNAME', name: '@' },
        { type: 'CNAME', name: 'blog' },
      ]),
    ).toEqual([
      { index: 0, key: 'validation.cnameConflict' },
      { index: 1, key: 'validation.cnameConflict' },
      { index: 2, key: 'validation.cnameApex' },
    ]);
  });
});
