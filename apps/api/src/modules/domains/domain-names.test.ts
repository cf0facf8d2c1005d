import { describe, expect, it } from 'vitest';
import { displayDomainName, parseDomainQuery } from './domain-names';

const TLDS = ['.com', '.net', '.org', '.io', '.dev', '.app'];
const parse = (text: string) => parseDomainQuery(text, TLDS);

describe('reading a searched domain name', () => {
  it('takes a name, a name and ending, and forgives case, a pasted address and www', () => {
    expect(parse('Example')).toEqual({ ok: true, label: 'example', tld: null });
    expect(parse('  my-site.NET ')).toEqual({ ok: true, label: 'my-site', tld: '.net' });
    expect(parse('https://www.example.org/prices?x=1#top')).toEqual({ ok: true, label: 'example', tld: '.org' });
    expect(parse('example.com.')).toEqual({ ok: true, label: 'example', tld: '.com' });
    expect(parse('www.com')).toEqual({ ok: true, label: 'www', tld: '.com' });
    expect(parse('a1')).toEqual({ ok: true, label: 'a1', tld: null });
  });

  it('turns an international name into Punycode and reads Punycode back', () => {
    expect(parse('Пример.com')).toEqual({ ok: true, label: 'xn--e1afmkfd', tld: '.com' });
    expect(parse('münchen')).toEqual({ ok: true, label: 'xn--mnchen-3ya', tld: null });
    expect(parse('xn--e1afmkfd.io')).toEqual({ ok: true, label: 'xn--e1afmkfd', tld: '.io' });
    expect(displayDomainName('xn--e1afmkfd.com')).toBe('пример.com');
    expect(displayDomainName('example.com')).toBe('example.com');
  });

  it('names the rule each bad name breaks', () => {
    const keyOf = (text: string) => {
      const parsed = parse(text);
      return parsed.ok ? null : parsed.key;
    };
    expect(keyOf('   ')).toBe('validation.domainEmpty');
    expect(keyOf('.com')).toBe('validation.domainEmpty');
    expect(keyOf('https://')).toBe('validation.domainEmpty');
    expect(keyOf(`${'a'.repeat(250)}.com`)).toBe('validation.domainTooLong');
    expect(keyOf(`${'a'.repeat(64)}.com`)).toBe('validation.domainLabelLength');
    expect(keyOf(`${'a'.repeat(63)}.com`)).toBeNull();
    expect(keyOf('my_site.com')).toBe('validation.domainCharacters');
    expect(keyOf('my site')).toBe('validation.domainCharacters');
    expect(keyOf('😀.com')).toBe('validation.domainCharacters');
    expect(keyOf('xn--e28h.com')).toBe('validation.domainCharacters');
    expect(keyOf('-site.com')).toBe('validation.domainHyphenEdge');
    expect(keyOf('site-')).toBe('validation.domainHyphenEdge');
    expect(keyOf('ab--cd.com')).toBe('validation.domainHyphens');
    expect(keyOf('a--b.com')).toBeNull();
    expect(keyOf('shop.example.com')).toBe('validation.domainSubdomain');
    expect(keyOf('example..com')).toBe('validation.domainSubdomain');
    expect(keyOf('example.xyz')).toBe('validation.domainTld');
    expect(keyOf('example.рф')).toBe('validation.domainTld');
    expect(keyOf('example.')).toBeNull();
  });
});
