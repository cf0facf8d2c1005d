import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import {
  type DriverContext,
  type DriverSettings,
  type ProvisioningDriver,
  type ProvisioningTarget,
  openConnection,
  parseConnection,
  type Http01Publisher,
  createWebNodeDriver,
  siteChallenges,
  type WebNodeHooks,
  findSiteNodes,
  providerNameservers,
  enqueueProvisioning,
  servicesWithDriverTasks,
} from '../provisioning';
import { liveDomainNamed } from '../domains';
import { findFirstServerWithDriver } from '../servers';
import { addonDomainHooks, findServiceForTask, hostingServicesNamed, serviceOwners } from '../services';
import { createCertificatesRepository } from './certificates.repository';
import { clearInstalledOn, markInstalledOn, servableCertificates } from './site-certificates.repository';

/**
 * Certificates on web nodes (docs/decisions/049-certificates-through-acme.md, addendum): how a domain is validated
 * (DNS-01 on our name servers, else HTTP-01 through its site on our web node), and the site serving the
 * certificate issued for its domain over HTTPS, installed by the web-node driver through the provisioning queue.
 */

/** Whether the domain is one we hold whose name servers are ours (or not set yet): DNS-01 through our PowerDNS. */
export async function usesOurNameservers(db: Kysely<Database>, domain: string): Promise<boolean> {
  const row = await liveDomainNamed(db, domain);
  if (!row) return false;
  const dns = await findFirstServerWithDriver(db, 'powerdns');
  const ours = providerNameservers(parseConnection(dns?.connectionSettings ?? null).settings);
  const set = (JSON.parse(row.nameservers) as string[]).map((n) => n.toLowerCase().replace(/\.$/, ''));
  return set.length === 0 || set.every((n) => ours.includes(n));
}

/**
 * The hosting services whose sites on a web node serve `domain` (not cancelled, provisioned by the web-node driver),
 * oldest first, each with the node its site is on (findSiteNodes, the one answer to where a site is).
 */
export async function hostingSitesOf(db: Kysely<Database>, domain: string) {
  const services = await hostingServicesOf(db, domain);
  const where = await findSiteNodes(db, services);
  return services.flatMap((service) => {
    const node = where.get(service.id);
    return node
      ? [{ id: service.id, userId: service.userId, serverId: node.id, connectionSettings: node.connectionSettings }]
      : [];
  });
}

/** The hosting services with a web-node task that serve `domain`, wherever their site is or will be. */
async function hostingServicesOf(db: Kysely<Database>, domain: string) {
  const services = await hostingServicesNamed(db, domain);
  const made = await servicesWithDriverTasks(
    db,
    services.map((service) => service.id),
    'web-node',
  );
  return services.filter((service) => made.has(service.id));
}

/**
 * The HTTP-01 publisher for a domain: null when it uses our name servers (DNS-01 stays the choice) or no site of
 * ours serves it (then DNS-01 refuses it as not pointed at us).
 */
export async function http01For(context: DriverContext, domain: string): Promise<Http01Publisher | null> {
  if (await usesOurNameservers(context.db, domain)) return null;
  const [site] = await hostingSitesOf(context.db, domain);
  if (!site) return null;
  const settings = openConnection(context.secretBox, site.serverId, parseConnection(site.connectionSettings));
  return siteChallenges(settings, site.id);
}

/**
 * Queues the install (or removal) of `domain`'s certificate on every site of ours that serves it: a web-node
 * `update` of the hosting service, behind whatever that service's queue holds (tasks of one resource run in
 * order). Called in the transaction that records the certificate's change.
 */
export async function queueSiteInstalls(executor: Kysely<Database>, domain: string, now: number): Promise<void> {
  // Also a site still being made: its create may have asked for the certificate before it was issued.
  for (const site of await hostingServicesOf(executor, domain)) {
    await enqueueProvisioning(executor, {
      resourceType: 'service',
      resourceId: site.id,
      operation: 'update',
      driverType: 'web-node',
      now,
    });
  }
}

/** What the web-node driver asks: the certificate for the site's domain, and where it is now installed. */
export function siteCertificateHooks(context: DriverContext): WebNodeHooks {
  const { db, secretBox, clock } = context;
  const certificates = createCertificatesRepository(db, secretBox);
  return {
    async certificate(target: ProvisioningTarget) {
      if (!target.domain) return null;
      const owner = await findServiceForTask(db, target.id);
      if (!owner) return null;
      // The owner's certificates for the site's domain still good to serve, the site's own (free SSL) first.
      const servable = await servableCertificates(db, target.domain, clock.now());
      const owners = await serviceOwners(db, [...new Set(servable.map((row) => row.serviceId))]);
      const rows = servable.filter((row) => owners.get(row.serviceId) === owner.userId);
      rows.sort(
        (a, b) =>
          Number(b.serviceId === target.id) - Number(a.serviceId === target.id) ||
          (b.notAfter ?? 0) - (a.notAfter ?? 0),
      );
      const chosen = rows[0];
      if (!chosen?.serial) return null;
      const pems = await certificates.download(chosen.serviceId, chosen.serial, clock.now());
      const privateKeyPem = pems?.privateKeyPem();
      if (!pems || !privateKeyPem) return null;
      return {
        id: chosen.id,
        serial: chosen.serial,
        certificatePem: pems.certificatePem,
        chainPem: pems.chainPem,
        privateKeyPem,
      };
    },
    async installed(target, installed) {
      const now = clock.now();
      await clearInstalledOn(db, target.id, installed?.id);
      if (!installed) return;
      await markInstalledOn(db, installed, target.id, now);
    },
  };
}

/** The registry's web-node factory: with the engine's context its sites get their certificates. */
export function webNodeDriverFactory(settings: DriverSettings, context?: DriverContext): ProvisioningDriver {
  return createWebNodeDriver(
    settings,
    context ? { ...siteCertificateHooks(context), ...addonDomainHooks(context.db, () => context.clock.now()) } : {},
  );
}
