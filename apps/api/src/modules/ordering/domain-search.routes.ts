import { CURRENCY, type DomainCheck, TLDS, validationMessage, orderingEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, errorResponses } from '../../lib/errors';
import { createLocalRegistrar, displayDomainName, parseDomainQuery, type Registrar } from '../domains';
import { endpointRoute } from '../../lib/endpoint-route';

/** The ending searched when none was typed: the most asked-for one. */
const DEFAULT_TLD = '.com';

export interface DomainSearchOptions {
  /** Where availability comes from (default: our own registry). */
  registrar?: Registrar;
}

/**
 * GET /domains/search: the public domain search (docs/product/ordering.md). Anyone may ask; the answer holds the
 * name asked for and the same name under each other ending, each with its availability and yearly price.
 */
export const domainSearchRoutes: FastifyPluginAsyncZod<DomainSearchOptions> = async (app, options) => {
  const registrar = options.registrar ?? createLocalRegistrar(app.database.db);
  const tlds = TLDS.map((entry) => entry.tld);
  const priceOf = (tld: string) => {
    const entry = TLDS.find((candidate) => candidate.tld === tld)!;
    return { amountMinor: Math.round(entry.priceFrom * 100), currency: CURRENCY };
  };

  endpointRoute(
    app,
    orderingEndpoints.getDomainsSearch,
    {
      schema: {
        tags: ['ordering'],
        summary: 'Is a domain name free to register? With the same name under our other endings, and prices',
        description:
          'No sign-in. `q` is a name (`example`), a name and ending (`example.com`) or a pasted address; ' +
          'international names may be typed in their script or in Punycode. A name without an ending is looked ' +
          'up as `.com`.',
        response: {
          ...errorResponses({
            400:
              'VALIDATION_FAILED with `fields.q`: validation.domainEmpty, domainTooLong, domainCharacters, ' +
              'domainLabelLength, domainHyphenEdge, domainHyphens, domainSubdomain or domainTld; or an unknown parameter',
          }),
        },
      },
    },
    async (request) => {
      const parsed = parseDomainQuery(request.query.q, tlds);
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
    },
  );
};
