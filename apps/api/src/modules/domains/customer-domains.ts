import type { Domain, DomainDetail } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { providerNameservers, zonePublication } from '../provisioning';
import { dnsServerSettings } from '../servers';
import { createDomainsRepository, type DomainQuery } from './domains.repository';
import { parseDsRecords } from './registrar';

/**
 * The signed-in customer's own domains (docs/decisions/012-data-model.md): the list, and one domain with its DNS
 * records, how far its zone is published and whether it uses our name servers.
 */

/** The owner's domains (not deleted) a page of the list shows, and how many match. */
export function listOwnDomains(
  db: Kysely<Database>,
  userId: string,
  query: DomainQuery,
): Promise<{ items: Domain[]; total: number }> {
  return createDomainsRepository(db).list(userId, query);
}

/** Whether every name server of the domain is one of ours; null while no DNS server is connected. */
async function zoneInUse(db: Kysely<Database>, nameservers: string[]): Promise<boolean | null> {
  const servers = await dnsServerSettings(db);
  if (servers.length === 0) return null;
  const ours = new Set(servers.flatMap((settings) => providerNameservers(settings)));
  const normal = nameservers.map((n) => n.trim().toLowerCase().replace(/\.$/, ''));
  return normal.length > 0 && normal.every((n) => ours.has(n));
}

/**
 * The owner's domain with its DNS records, each `published` once the DNS server answers it
 * (docs/decisions/046-dns-on-powerdns.md); undefined when it is not theirs.
 */
export async function ownDomain(db: Kysely<Database>, userId: string, id: string): Promise<DomainDetail | undefined> {
  const found = await createDomainsRepository(db).find(userId, id);
  if (!found) return undefined;
  const { domain, records } = found;
  const published = await zonePublication(db, domain.id);
  return {
    ...domain,
    dnsRecords: records.map((r) => ({
      id: r.id,
      type: r.type,
      name: r.name,
      value: r.value,
      ttl: r.ttl,
      priority: r.priority,
      published: published.all || (published.upTo !== null && r.updatedAt < published.upTo),
    })),
    zoneInUse: await zoneInUse(db, domain.nameservers),
    dsRecords: parseDsRecords(found.dsRecords) ?? [],
  };
}
