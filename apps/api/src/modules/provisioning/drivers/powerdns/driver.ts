import type { DsRecord } from '@hostpilot/shared';
import {
  DriverError,
  type DriverFactory,
  type DriverResult,
  type DriverSettings,
  type ProvisioningDriver,
  type ProvisioningTarget,
} from '../../driver';
import { createPowerDnsClient, type PowerDnsClient, type PowerDnsSettings, powerDnsSettings } from './client';
import {
  absolute,
  desiredRrsets,
  type PdnsRrset,
  rrsetChanges,
  soaContent,
  type ZoneData,
  zoneDataOf,
  zoneNameOf,
} from './zone';

/**
 * The DNS driver: each domain is a zone on a PowerDNS Authoritative server, written through its HTTP API and
 * signed with DNSSEC by PowerDNS (docs/decisions/046-dns-on-powerdns.md). Every operation makes the zone equal
 * to the state the task carries, so running it twice, or again after a crash, ends the same.
 */

interface PdnsZone {
  name: string;
  dnssec: boolean;
  api_rectify?: boolean;
  rrsets: PdnsRrset[];
}

interface PdnsCryptokey {
  id: number;
  keytype: string;
  active: boolean;
  published?: boolean;
  ds?: string[];
}

const zonePath = (zone: string) => `/zones/${encodeURIComponent(zone)}`;

async function readZone(client: PowerDnsClient, zone: string): Promise<PdnsZone | null> {
  const answer = await client.call<PdnsZone>('GET', zonePath(zone), { accept: [404], zone });
  return answer.status === 404 ? null : answer.body;
}

/**
 * Makes the zone equal to `data`: creates it (signed) when missing, else sends the rrset differences in one
 * PATCH. Answers what was done, for the task's details.
 */
async function applyZone(client: PowerDnsClient, settings: PowerDnsSettings, zone: string, data: ZoneData) {
  const desired = desiredRrsets(zone, data);
  const soa = soaContent(zone, data, settings.hostmaster);
  const current = await readZone(client, zone);
  if (!current) {
    const created = await client.call('POST', '/zones', {
      zone,
      accept: [409],
      body: {
        name: zone,
        kind: settings.zoneKind,
        dnssec: true,
        api_rectify: true,
        soa_edit_api: 'DEFAULT',
        nameservers: [],
        rrsets: [
          { name: zone, type: 'SOA', ttl: 3600, records: [{ content: soa, disabled: false }] },
          ...desired.values(),
        ],
      },
    });
    // 409: another run created it a moment ago; fall through and make it equal like any existing zone.
    if (created.status !== 409) return { created: true, signed: true, changes: desired.size + 1 };
  }
  const zoneNow = current ?? (await readZone(client, zone));
  if (!zoneNow) throw new DriverError({ code: 'server-error', message: `Zone ${zone} vanished`, retryable: true });
  const signed = !zoneNow.dnssec;
  if (signed || zoneNow.api_rectify === false) {
    await client.call('PUT', zonePath(zone), { zone, body: { dnssec: true, api_rectify: true } });
  }
  const changes = rrsetChanges(zone, zoneNow.rrsets, desired, soa);
  if (changes.length > 0) await client.call('PATCH', zonePath(zone), { zone, body: { rrsets: changes } });
  return { created: false, signed, changes: changes.length };
}

/**
 * The DS records of a zone's key-signing keys, as the cryptokeys API gives them (SHA-256 digests); empty for an
 * unsigned zone.
 */
export async function dsRecordsOf(client: PowerDnsClient, domain: string): Promise<DsRecord[]> {
  const zone = absolute(domain);
  const answer = await client.call<PdnsCryptokey[]>('GET', `${zonePath(zone)}/cryptokeys`, { accept: [404], zone });
  if (answer.status === 404 || !answer.body) return [];
  const records: DsRecord[] = [];
  for (const key of answer.body) {
    if (!key.active || !(key.keytype === 'ksk' || key.keytype === 'csk')) continue;
    for (const ds of key.ds ?? []) {
      const [keyTag, algorithm, digestType, digest] = ds.trim().split(/\s+/);
      records.push({
        keyTag: Number(keyTag),
        algorithm: Number(algorithm),
        digestType: Number(digestType),
        digest: (digest ?? '').toUpperCase(),
      });
    }
  }
  // SHA-256 digests only where there are any: SHA-1 DS records must no longer be published (RFC 8624, 3.3).
  const sha256 = records.filter((ds) => ds.digestType === 2);
  return sha256.length > 0 ? sha256 : records;
}

/** The DS records to publish for `domain` on the PowerDNS server of these settings (the domain page, a registrar). */
export async function dnssecDsRecords(settings: DriverSettings, domain: string): Promise<DsRecord[]> {
  return dsRecordsOf(createPowerDnsClient(powerDnsSettings(settings)), domain);
}

export function createPowerDnsDriver(raw: DriverSettings): ProvisioningDriver {
  // Settings are read on each call so that bad settings fail the task with `invalid`, not the factory.
  const open = () => {
    const settings = powerDnsSettings(raw);
    return { settings, client: createPowerDnsClient(settings) };
  };
  const publish = async (target: ProvisioningTarget, enabled?: boolean): Promise<DriverResult> => {
    const { settings, client } = open();
    const { zone, data } = zoneDataOf(target);
    const state = enabled === undefined ? data : { ...data, enabled };
    const { signed, ...outcome } = await applyZone(client, settings, zone, state);
    // The DS records, for the registry, when the zone's keys are new or the registry holds none yet; the worker
    // hands them to the registrar (docs/decisions/046-dns-on-powerdns.md).
    const ds = signed || !state.dsKnown ? await dsRecordsOf(client, zone) : undefined;
    return { details: { zone, enabled: state.enabled, ...outcome, ...(ds ? { ds } : {}) } };
  };

  return {
    type: 'powerdns',

    async testConnection() {
      const { settings, client } = open();
      try {
        const answer = await client.call<{ version?: string; daemon_type?: string }>('GET', '');
        return { details: { version: answer.body?.version ?? null, serverId: settings.serverId } };
      } catch (error) {
        if (error instanceof DriverError && error.code === 'not-found') {
          throw new DriverError({
            code: 'invalid',
            message: `PowerDNS has no server "${settings.serverId}"; the usual id is localhost`,
            retryable: false,
          });
        }
        throw error;
      }
    },

    create: (target) => publish(target),
    update: (target) => publish(target),
    suspend: (target) => publish(target, false),
    unsuspend: (target) => publish(target, true),

    async terminate(target) {
      const { client } = open();
      const zone = absolute(zoneNameOf(target));
      const answer = await client.call('DELETE', zonePath(zone), { accept: [404], zone });
      return { details: { zone, deleted: answer.status !== 404 } };
    },

    async changePlan() {
      return { details: { unchanged: true } };
    },

    async list() {
      const { client } = open();
      const answer = await client.call<{ name: string }[]>('GET', '/zones');
      return (answer.body ?? []).map((z) => z.name.replace(/\.$/, ''));
    },
  };
}

export const powerDnsDriverFactory: DriverFactory = createPowerDnsDriver;
