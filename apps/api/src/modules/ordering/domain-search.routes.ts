import { orderingEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/errors';
import { createLocalRegistrar, type Registrar } from '../domains';
import { endpointRoute } from '../../lib/endpoint-route';
import { searchDomains } from './search-domains';

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
    async (request) => searchDomains(registrar, request.query.q),
  );
};
