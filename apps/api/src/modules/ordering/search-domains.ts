import { CURRENCY, type DomainCheck, TLDS, validationMessage } from '@hostpilot/shared';
import { AppError } from '../../lib/errors';
import { displayDomainName, parseDomainQuery, type Registrar } from '../domains';

/** The ending searched when none was typed: the most asked-for one. */
const DEFAULT_TLD = '.com';

const tlds = TLDS.map((entry) => entry.tld);

const priceOf = (tld: string) => {
  const entry = TLDS.find((candidate) => candidate.tld === tld)!;
  return { amountMinor: Math.round(entry.priceFrom * 100), currency: CURRENCY };
};

/**
 * The public domain search (docs/product/ordering.md): the name asked for and the same name under each other
 * ending, each with its availability from the registry and its yearly price. A query that is no domain name answers
 * VALIDATION_FAILED on `q`.
 */
export async function searchDomains(
  registrar: Registrar,
  query: string,
): Promise<{ result: DomainCheck; alternatives: DomainCheck[] }> {
  const parsed = parseDomainQuery(query, tlds);
  if (!parsed.ok) {
    throw new AppError('VALIDATION_FAILED', {
      fields: {
        q: { code: parsed.key, message: validationMessage(parsed.key) },
      },
    });
  }
  const asked = parsed.tld ?? DEFAULT_TLD;
  const endings = [asked, ...tlds.filter((tld) => tld !== asked)];
  const names = endings.map((tld) => `${parsed.label}${tld}`);
  const availability = await registrar.check(names);
  const checks: DomainCheck[] = endings.map((tld, index) => {
    const name = names[index]!;
    const { available, reason } = availability.get(name)!;
    return { name, displayName: displayDomainName(name), tld, available, reason, pricePerYear: priceOf(tld) };
  });
  return { result: checks[0]!, alternatives: checks.slice(1) };
}
