import { isIPv4 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database, ProvisioningTaskRow } from '../../db/schema';
import { userLanguage } from '../accounts';
import { findDomainZone } from '../domains/provisioning.port';
import { serverAddress, serverAddresses } from '../servers/provisioning.port';
import { findServiceTargetRow, servedAddonNames, serverIdsServingName } from '../services/provisioning.port';
import type { DriverSettings, ProvisioningTarget } from './driver';
import { targetLoader } from './registry';

/**
 * Builds what a driver is given for a task, from the database at the moment the task runs
 * (docs/decisions/042-provisioning-engine.md), so that several queued edits of one zone publish in one call.
 */

/** The provider's name servers when the DNS server's settings name none. */
export const DEFAULT_NAMESERVERS = ['ns1.hostpilot.example', 'ns2.hostpilot.example'];

/** The name servers in a DNS server's `nameservers` setting (comma or space separated). */
export function providerNameservers(settings: DriverSettings): string[] {
  const listed = (settings.nameservers ?? '')
    .split(/[\s,]+/)
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  return listed.length > 0 ? listed : DEFAULT_NAMESERVERS;
}

export interface DnsZoneData {
  records: { type: string; name: string; content: string; ttl: number; priority?: number }[];
  nameservers: string[];
  hostAddresses: { a: string[]; aaaa: string[] };
  enabled: boolean;
  /** Whether the registry holds the zone's DS records already (`domains.ds_records`). */
  dsKnown: boolean;
}

/**
 * A domain's zone: its DNS records (names relative, `@` for the apex), the provider's name servers, the address
 * of the hosting server when a hosting service serves the domain, and whether the zone answers (not once the
 * domain lapsed past its grace period, nor once deleted). Undefined when the domain row is gone.
 */
async function domainTarget(
  db: Kysely<Database>,
  id: string,
  settings: DriverSettings,
): Promise<ProvisioningTarget | undefined> {
  const zone = await findDomainZone(db, id);
  if (!zone) return undefined;
  const { domain, records } = zone;
  // The hosting services serving the name, as their domain or as an addon domain
  // (docs/decisions/069-addon-domains.md), point it at their server.
  const ips = await serverAddresses(db, await serverIdsServingName(db, domain.name));
  const data: DnsZoneData = {
    records: records.map((r) => ({
      type: r.type,
      name: r.name,
      content: r.value,
      ttl: r.ttl,
      ...(r.priority === null ? {} : { priority: r.priority }),
    })),
    nameservers: providerNameservers(settings),
    hostAddresses: {
      a: [...new Set(ips.filter((ip) => isIPv4(ip)))],
      aaaa: [...new Set(ips.filter((ip) => ip.includes(':')))],
    },
    enabled: domain.status !== 'expired' && domain.deletedAt === null,
    dsKnown: domain.dsRecords !== null,
  };
  return { kind: 'domain', id: domain.id, domain: domain.name, data: data as unknown as Record<string, unknown> };
}

async function serviceTarget(db: Kysely<Database>, id: string): Promise<ProvisioningTarget | undefined> {
  const row = await findServiceTargetRow(db, id);
  const preferredLanguage = row ? await userLanguage(db, row.userId) : undefined;
  if (!row || !preferredLanguage) return undefined;
  const service = { ...row, ip: await serverAddress(db, row.serverId), preferredLanguage };
  // The site's addon domains (docs/decisions/069-addon-domains.md), sent whole with every state of the site.
  const aliases = service.kind === 'hosting' ? await servedAddonNames(db, service.id) : [];
  return {
    kind: 'service',
    id: service.id,
    plan: service.planId,
    ...(service.domain ? { domain: service.domain } : {}),
    // The owner's language writes a new site's default page (docs/decisions/055-web-node-agent.md).
    data: {
      kind: service.kind,
      status: service.status,
      serverAddress: service.ip,
      ownerLanguage: service.preferredLanguage,
      aliases,
    },
  };
}

/**
 * The target of a task. A resource whose row is gone (a domain deleted by staff) is named from what the task
 * kept when it was written (`details.name`), enough to tear it down.
 */
export async function loadTarget(
  db: Kysely<Database>,
  task: Pick<ProvisioningTaskRow, 'resourceType' | 'resourceId' | 'details'> &
    Partial<Pick<ProvisioningTaskRow, 'driverType'>>,
  settings: DriverSettings,
): Promise<ProvisioningTarget> {
  // A driver type with a target of its own (the certificate driver's: the certificate row of the service) loads it.
  const ownTarget = task.resourceType === 'service' && task.driverType ? targetLoader(task.driverType) : undefined;
  const target =
    task.resourceType === 'domain'
      ? await domainTarget(db, task.resourceId, settings)
      : ownTarget
        ? await ownTarget(db, task.resourceId)
        : await serviceTarget(db, task.resourceId);
  if (target) return target;
  const kept = task.details ? (JSON.parse(task.details) as { name?: string }) : {};
  return { kind: task.resourceType, id: task.resourceId, ...(kept.name ? { domain: kept.name } : {}) };
}
