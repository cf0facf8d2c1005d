import { type CartLineProblems, ORDER_TLDS } from '@hostpilot/shared';
import { parseDomainQuery } from './domain-names';

/**
 * Reads a domain typed for an order line or by staff adding a hosting service: the registered form (Punycode, lower
 * case) and its ending, or the problem with it (an ending we do not sell, a subdomain, a misspelling).
 */
export function readDomain(text: string): { name: string; tld: string } | { problem: CartLineProblems['domain'] } {
  const parsed = parseDomainQuery(text, ORDER_TLDS);
  if (!parsed.ok) return { problem: parsed.key };
  if (parsed.tld === null) return { problem: 'validation.domainSubdomain' };
  return { name: `${parsed.label}${parsed.tld}`, tld: parsed.tld };
}
