import { servicesEndpoints } from '@hostpilot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { domainToASCII } from 'node:url';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { BODY_ERRORS, errorResponses } from '../../lib/errors';
import { endpointRoute } from '../../lib/endpoint-route';
import { notFound } from '../../lib/not-found';
import { authOf } from '../../plugins/authenticate';
import { enqueueProvisioning } from '../provisioning';
import {
  addonRefusal,
  domainLimitOf,
  nameAndParents,
  normaliseHostName,
  SERVED_STATUSES,
  toAddonDomain,
} from './addon-domains';

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

/** The owner's hosting service (anyone else's is not found), locked for the change on PostgreSQL. */
async function ownService(trx: Kysely<Database>, kind: 'sqlite' | 'postgres', userId: string, serviceId: string) {
  const query = trx
    .selectFrom('services')
    .select(['id', 'userId', 'planId', 'pendingPlanId', 'status', 'domain'])
    .where('id', '=', serviceId)
    .where('userId', '=', userId)
    .where('kind', '=', 'hosting');
  const service = await (kind === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  if (!service) throw notFound('Hosting service');
  return service;
}

/**
 * A hosting service's addon domains (docs/decisions/069-addon-domains.md): `/hosting/:id/domains`, the owner's
 * only. Adding or removing one writes, in the same transaction, the site's provisioning task (the web node gets
 * its whole list of domains), the zone's task when the name is a domain of ours, and an audit entry.
 */
export const hostingDomainsRoutes: FastifyPluginAsyncZod<{ clock: Clock }> = async (app, { clock }) => {
  const { db, kind } = app.database;

  /** Publishes the zone of the registered domain `name` again, if it is one of ours (its A and www records). */
  async function requeueZone(trx: Kysely<Database>, name: string, userId: string, now: number) {
    const zone = await trx
      .selectFrom('domains')
      .select('id')
      .where('name', '=', name)
      .where('userId', '=', userId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
    if (zone) await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: zone.id, operation: 'update', now });
  }

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
    async (request) => {
      const service = await ownService(db, 'sqlite', authOf(request).userId, request.params.id);
      const rows = await db
        .selectFrom('serviceDomains')
        .select(['name', 'status', 'createdAt'])
        .where('serviceId', '=', service.id)
        .orderBy('createdAt')
        .orderBy('name')
        .execute();
      const served = rows.filter((row) => (SERVED_STATUSES as readonly string[]).includes(row.status)).length;
      return {
        mainDomain: service.domain,
        domains: rows.map(toAddonDomain),
        used: 1 + served,
        limit: domainLimitOf(service.planId),
      };
    },
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
      const { userId } = authOf(request);
      const name = normaliseHostName(request.body.name);
      if (!name) throw addonRefusal('validation.addonDomainInvalid');
      const now = clock.now();
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const service = await ownService(trx, kind, userId, request.params.id);
          if (service.status !== 'active') throw addonRefusal('validation.addonDomainInactive', 'INVALID_STATE');
          if (service.domain && normaliseHostName(service.domain) === name)
            throw addonRefusal('validation.addonDomainOwn');

          // Used anywhere else: an addon of a live service, or the main domain of one.
          const addon = await trx
            .selectFrom('serviceDomains')
            .innerJoin('services', 'services.id', 'serviceDomains.serviceId')
            .select([
              'serviceDomains.serviceId',
              'serviceDomains.status',
              'services.userId',
              'services.status as serviceStatus',
            ])
            .where('serviceDomains.name', '=', name)
            .executeTakeFirst();
          if (addon && addon.serviceStatus !== 'cancelled') {
            if (addon.serviceId === service.id) {
              throw addonRefusal(
                addon.status === 'removing' ? 'validation.addonDomainRemoving' : 'validation.addonDomainExists',
              );
            }
            throw addonRefusal(
              addon.userId === userId ? 'validation.addonDomainYourOther' : 'validation.addonDomainTaken',
            );
          }
          if (addon) await trx.deleteFrom('serviceDomains').where('name', '=', name).execute();
          const main = await trx
            .selectFrom('services')
            .select('userId')
            .where('domain', 'in', [name, `www.${name}`])
            .where('status', '!=', 'cancelled')
            .execute();
          if (main.some((other) => other.userId !== userId)) throw addonRefusal('validation.addonDomainTaken');
          if (main.length > 0) throw addonRefusal('validation.addonDomainYourOther');
          // A domain registered with us (the name itself or a parent of it) is its holder's alone.
          const registered = await trx
            .selectFrom('domains')
            .select('userId')
            .where('name', 'in', nameAndParents(name))
            .where('deletedAt', 'is', null)
            .execute();
          if (registered.some((domain) => domain.userId !== userId)) throw addonRefusal('validation.addonDomainTaken');

          const served = await trx
            .selectFrom('serviceDomains')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('serviceId', '=', service.id)
            .where('status', 'in', SERVED_STATUSES)
            .executeTakeFirstOrThrow();
          // A downgrade waiting for the renewal counts too: its plan must still hold every domain when it applies.
          const limit = Math.min(
            domainLimitOf(service.planId),
            service.pendingPlanId === null ? Infinity : domainLimitOf(service.pendingPlanId),
          );
          if (1 + Number(served.count) >= limit) {
            throw addonRefusal('validation.addonDomainLimit');
          }

          const added = {
            name,
            serviceId: service.id,
            userId,
            status: 'adding' as const,
            createdAt: now,
            updatedAt: now,
          };
          try {
            await trx.insertInto('serviceDomains').values(added).execute();
          } catch (error) {
            if (isUniqueViolation(error)) throw addonRefusal('validation.addonDomainTaken');
            throw error;
          }
          await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'update', now });
          await requeueZone(trx, name, userId, now);
          await writeAudit(trx, {
            actorId: userId,
            action: 'service.addonDomainAdd',
            entityType: 'service',
            entityId: service.id,
            after: { name },
            clientIp: request.ip,
            now,
          });
          return added;
        })
        .catch((error: unknown) => {
          // Two adds of one name at once on PostgreSQL: the later insert fails its transaction.
          if (isUniqueViolation(error)) throw addonRefusal('validation.addonDomainTaken');
          throw error;
        });
      void reply.status(201);
      return toAddonDomain(row);
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
    async (request) => {
      const { userId } = authOf(request);
      const name = normaliseHostName(request.params.name) ?? domainToASCII(request.params.name.toLowerCase());
      const now = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const service = await ownService(trx, kind, userId, request.params.id);
        const found = await trx
          .selectFrom('serviceDomains')
          .select(['name', 'status', 'createdAt'])
          .where('serviceId', '=', service.id)
          .where('name', '=', name)
          .executeTakeFirst();
        if (!found) throw notFound('Addon domain');
        if (found.status === 'removing') return found;
        if (service.status !== 'active') throw addonRefusal('validation.addonDomainInactive', 'INVALID_STATE');
        await trx
          .updateTable('serviceDomains')
          .set({ status: 'removing', updatedAt: now })
          .where('name', '=', name)
          .where('serviceId', '=', service.id)
          .execute();
        await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'update', now });
        await requeueZone(trx, name, userId, now);
        await writeAudit(trx, {
          actorId: userId,
          action: 'service.addonDomainRemove',
          entityType: 'service',
          entityId: service.id,
          before: { name, status: found.status },
          clientIp: request.ip,
          now,
        });
        return { ...found, status: 'removing' as const };
      });
      return toAddonDomain(row);
    },
  );
};
