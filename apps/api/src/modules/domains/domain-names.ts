import { domainToASCII, domainToUnicode } from 'node:url';
import type { ValidationMessageKey } from '@hostpilot/shared';

/** A searched name read as a registrable name: its label in ASCII (Punycode) and its ending, if one was typed. */
export type ParsedDomainQuery =
  { ok: true; label: string; tld: string | null } | { ok: false; key: ValidationMessageKey };

/** The most a label (the part before the ending) may have, in its ASCII form (RFC 1035). */
export const DOMAIN_LABEL_MAX = 63;

/** Letters of any script, their marks, digits and hyphens: what an international name may be written with. */
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}-]+$/u;
const ASCII_LABEL = /^[a-z0-9-]+$/;

/**
 * Reads what a visitor typed in the domain search (docs/product/ordering.md): case and a pasted address
 * (`https://www.example.com/page`) are forgiven; the rest follows the registries' rules, each with its message.
 * `tlds` are the endings we register, with their dots.
 */
export function parseDomainQuery(input: string, tlds: readonly string[]): ParsedDomainQuery {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  text = text.replace(/\.$/, '');
  if (/^www\.[^.]+\./.test(text)) text = text.slice(4);
  if (text === '') return { ok: false, key: 'validation.domainEmpty' };
  if (text.length > 253) return { ok: false, key: 'validation.domainTooLong' };

  const parts = text.split('.');
  if (parts.length > 2) return { ok: false, key: 'validation.domainSubdomain' };
  const [label = '', ending] = parts;
  if (label === '') return { ok: false, key: 'validation.domainEmpty' };
  let tld: string | null = null;
  if (ending !== undefined) {
    const asciiEnding = ending === '' ? '' : domainToASCII(ending);
    tld = `.${asciiEnding}`;
    if (!tlds.includes(tld)) return { ok: false, key: 'validation.domainTld' };
  }

  if (!UNICODE_LABEL.test(label)) return { ok: false, key: 'validation.domainCharacters' };
  const ascii = domainToASCII(label);
  if (ascii === '' || !ASCII_LABEL.test(ascii)) return { ok: false, key: 'validation.domainCharacters' };
  if (ascii.length > DOMAIN_LABEL_MAX) return { ok: false, key: 'validation.domainLabelLength' };
  if (ascii.startsWith('-') || ascii.endsWith('-')) return { ok: false, key: 'validation.domainHyphenEdge' };
  if (ascii.slice(2, 4) === '--' && !ascii.startsWith('xn--')) return { ok: false, key: 'validation.domainHyphens' };
  // A label typed in Punycode must decode to letters and digits, as one typed in its own script must.
  if (ascii.startsWith('xn--') && !UNICODE_LABEL.test(domainToUnicode(ascii))) {
    return { ok: false, key: 'validation.domainCharacters' };
  }
  return { ok: true, label: ascii, tld };
}

/** The name as people read it: international labels decoded from Punycode. */
export function displayDomainName(asciiName: string): string {
  return domainToUnicode(asciiName) || asciiName;
}
