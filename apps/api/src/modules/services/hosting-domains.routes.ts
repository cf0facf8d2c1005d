import { servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { endpointRoute } from '../../lib/endpoint-route';
import { authOf } from '../../plugins/authenticate';
import { addAddonDomain, hostingDomains, removeAddonDomain } from './hosting-domains';

const READ_ERRORS = errorResponses({
  400: 'VALIDATION_FAILED: a malformed id',
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: "NOT_FOUND: no such hosting service among the signed-in account's own",
});

const WRITE_ERRORS = errorResponses({
  ...BODY_ERRORS,
  400:
    'VALIDATION_FAILED on `name`: not a host name (`validation.addonDomainInvalid`), the main domain ' +
    '(`validation.addonDomainOwn`), on this site already (`validation.addonDomainExists`), on another of the ' +
    'account’s services (`validation.addonDomainYourOther`), used or registered by another account ' +
    '(`validation.addonDomainTaken`, which says no more), or the plan’s domains all in use (`validation.addonDomainLimit`)',
  401: 'UNAUTHORIZED, TOKEN_INVALID, TOKEN_EXPIRED',
  404: "NOT_FOUND: no such hosting service among the signed-in account's own, or no such addon domain on it",
  409: 'INVALID_STATE on `name`: the service is not active (`validation.addonDomainInactive`)',
});

/**
 * A hosting service's addon domains (docs/decisions/069-addon-domains.md): `/hosting/:id/domains`, the owner's
 * only. Adding or removing one writes, in the same transaction, the site's provisioning task (the web node gets
 * its whole list of domains), the zone's task when the name is a domain of ours, and an audit entry.
 */
export const hostingDomainsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const deps = { db: app.database.db, kind: app.database.kind, clock };

  endpointRoute(
    app,
    servicesEndpoints.getHostingDomains,
    {
      schema: {
        tags: ['services'],
        summary: "My hosting site's main domain, its addon domains and the plan's limit",
        response: { ...READ_ERRORS },
      },
    },
    async (request) => hostingDomains(deps, authOf(request).userId, request.params.id),
  );

  endpointRoute(
    app,
    servicesEndpoints.postHostingDomains,
    {
      schema: {
        tags: ['services'],
        summary: 'Add an addon domain to my hosting site (with its www.)',
        description:
          'The name is stored in lower-case A-labels; a leading `www.` is dropped (the site serves the `www.` of ' +
          'each domain). It is `adding` until the web node serves it. When it is a domain of ours, its zone gets ' +
          'the A records of the site’s server.',
        response: { ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const added = await addAddonDomain(deps, {
        userId: authOf(request).userId,
        serviceId: request.params.id,
        name: request.body.name,
        clientIp: request.ip,
      });
      void reply.status(201);
      return added;
    },
  );

  endpointRoute(
    app,
    servicesEndpoints.deleteHostingDomainsItem,
    {
      schema: {
        tags: ['services'],
        summary: 'Remove an addon domain from my hosting site',
        description:
          'The domain is `removing` until the web node no longer serves it, then gone; its zone (when ours) loses the ' +
          'site’s A records at once. Removing one already being removed answers it again.',
        response: { ...WRITE_ERRORS },
      },
    },
    async (request) =>
      removeAddonDomain(deps, {
        userId: authOf(request).userId,
        serviceId: request.params.id,
        name: request.params.name,
        clientIp: request.ip,
      }),
  );
};
