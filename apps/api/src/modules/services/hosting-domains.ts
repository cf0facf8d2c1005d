import { domainToASCII } from 'node:url';
import type { AddonDomain } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../../db/index';
import { isUniqueViolation } from '../../db/errors';
import type { Database } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/not-found';
import { holdersOfDomainsNamed, ownDomainIdNamed } from '../domains';
import { enqueueProvisioning } from '../provisioning';
import { addonRefusal, domainLimitOf, nameAndParents, normaliseHostName, toAddonDomain } from './addon-domains';
import {
  addonDomainNamed,
  addonDomainsOf,
  deleteAddonDomainNamed,
  findAddonDomain,
  findOwnHostingForAddons,
  insertAddonDomain,
  mainDomainOwners,
  markAddonDomainRemoving,
  SERVED_STATUSES,
  servedAddonCount,
} from './addon-domains.repository';

/**
 * A hosting service's addon domains (docs/decisions/069-addon-domains.md), the owner's only: the list with the
 * plan's limit, adding one and removing one. Adding or removing writes, in the same transaction, the site's
 * provisioning task (the web node gets its whole list of domains), the zone's task when the name is a domain of
 * ours, and an audit entry.
 */

/** What the addon-domain use cases need. */
export interface HostingDomainsDeps {
  db: Kysely<Database>;
  kind: DatabaseKind;
  clock: Clock;
}

/** A change of an addon domain by the service's owner, from the request's address. */
export interface AddonDomainChange {
  userId: string;
  serviceId: string;
  /** As the customer typed it (adding) or as the path names it (removing). */
  name: string;
  clientIp: string;
}

/** The owner's hosting service (anyone else's is not found), locked for the change on PostgreSQL. */
async function ownService(trx: Kysely<Database>, kind: DatabaseKind | 'sqlite', userId: string, serviceId: string) {
  const service = await findOwnHostingForAddons(trx, kind, userId, serviceId);
  if (!service) throw notFound('Hosting service');
  return service;
}

/** Publishes the zone of the registered domain `name` again, if it is one of ours (its A and www records). */
async function requeueZone(trx: Kysely<Database>, name: string, userId: string, now: number) {
  const zoneId = await ownDomainIdNamed(trx, userId, name);
  if (zoneId) await enqueueProvisioning(trx, { resourceType: 'domain', resourceId: zoneId, operation: 'update', now });
}

/** The site's main domain, its addon domains and the plan's limit. */
export async function hostingDomains({ db }: Pick<HostingDomainsDeps, 'db'>, userId: string, serviceId: string) {
  const service = await ownService(db, 'sqlite', userId, serviceId);
  const rows = await addonDomainsOf(db, service.id);
  const served = rows.filter((row) => (SERVED_STATUSES as readonly string[]).includes(row.status)).length;
  return {
    mainDomain: service.domain,
    domains: rows.map(toAddonDomain),
    used: 1 + served,
    limit: domainLimitOf(service.planId),
  };
}

/**
 * Adds an addon domain (with its www.) to the owner's active site: a host name, not the main domain, used by no
 * live service and registered with us by nobody else, within the plan's limit (and a waiting downgrade's).
 */
export async function addAddonDomain(
  { db, kind, clock }: HostingDomainsDeps,
  change: AddonDomainChange,
): Promise<AddonDomain> {
  const { userId } = change;
  const name = normaliseHostName(change.name);
  if (!name) throw addonRefusal('validation.addonDomainInvalid');
  const now = clock.now();
  const row = await db
    .transaction()
    .execute(async (trx) => {
      const service = await ownService(trx, kind, userId, change.serviceId);
      if (service.status !== 'active') throw addonRefusal('validation.addonDomainInactive', 'INVALID_STATE');
      if (service.domain && normaliseHostName(service.domain) === name) throw addonRefusal('validation.addonDomainOwn');

      // Used anywhere else: an addon of a live service, or the main domain of one.
      const addon = await addonDomainNamed(trx, name);
      if (addon && addon.serviceStatus !== 'cancelled') {
        if (addon.serviceId === service.id) {
          throw addonRefusal(
            addon.status === 'removing' ? 'validation.addonDomainRemoving' : 'validation.addonDomainExists',
          );
        }
        throw addonRefusal(addon.userId === userId ? 'validation.addonDomainYourOther' : 'validation.addonDomainTaken');
      }
      if (addon) await deleteAddonDomainNamed(trx, name);
      const main = await mainDomainOwners(trx, [name, `www.${name}`]);
      if (main.some((other) => other.userId !== userId)) throw addonRefusal('validation.addonDomainTaken');
      if (main.length > 0) throw addonRefusal('validation.addonDomainYourOther');
      // A domain registered with us (the name itself or a parent of it) is its holder's alone.
      const holders = await holdersOfDomainsNamed(trx, nameAndParents(name));
      if (holders.some((holder) => holder !== userId)) throw addonRefusal('validation.addonDomainTaken');

      const served = await servedAddonCount(trx, service.id);
      // A downgrade waiting for the renewal counts too: its plan must still hold every domain when it applies.
      const limit = Math.min(
        domainLimitOf(service.planId),
        service.pendingPlanId === null ? Infinity : domainLimitOf(service.pendingPlanId),
      );
      if (1 + served >= limit) {
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
        await insertAddonDomain(trx, added);
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
        clientIp: change.clientIp,
        now,
      });
      return added;
    })
    .catch((error: unknown) => {
      // Two adds of one name at once on PostgreSQL: the later insert fails its transaction.
      if (isUniqueViolation(error)) throw addonRefusal('validation.addonDomainTaken');
      throw error;
    });
  return toAddonDomain(row);
}

/**
 * Removes an addon domain from the owner's active site: it is `removing` until the web node no longer serves it;
 * removing one already being removed answers it again.
 */
export async function removeAddonDomain(
  { db, kind, clock }: HostingDomainsDeps,
  change: AddonDomainChange,
): Promise<AddonDomain> {
  const { userId } = change;
  const name = normaliseHostName(change.name) ?? domainToASCII(change.name.toLowerCase());
  const now = clock.now();
  const row = await db.transaction().execute(async (trx) => {
    const service = await ownService(trx, kind, userId, change.serviceId);
    const found = await findAddonDomain(trx, service.id, name);
    if (!found) throw notFound('Addon domain');
    if (found.status === 'removing') return found;
    if (service.status !== 'active') throw addonRefusal('validation.addonDomainInactive', 'INVALID_STATE');
    await markAddonDomainRemoving(trx, service.id, name, now);
    await enqueueProvisioning(trx, { resourceType: 'service', resourceId: service.id, operation: 'update', now });
    await requeueZone(trx, name, userId, now);
    await writeAudit(trx, {
      actorId: userId,
      action: 'service.addonDomainRemove',
      entityType: 'service',
      entityId: service.id,
      before: { name, status: found.status },
      clientIp: change.clientIp,
      now,
    });
    return { ...found, status: 'removing' as const };
  });
  return toAddonDomain(row);
}
