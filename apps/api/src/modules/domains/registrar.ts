import { randomUUID } from 'node:crypto';
import { type DomainUnavailableReason, type DsRecord, dsRecordSchema } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { heldNames, insertDomainIfFree, storeDsRecords, storedDsRecords } from './registry.repository';

export interface DomainAvailability {
  available: boolean;
  reason: DomainUnavailableReason | null;
}

/**
 * What the product asks of a domain registrar (docs/product/ordering.md). No outside registrar can be reached
 * from here, so the first implementation is our own registry: the domains table and a list of reserved names.
 * Another registrar (an EPP client, say) implements the same calls.
 */
export interface Registrar {
  /**
   * Availability of each full ASCII name (`example.com`, `xn--e1afmkfd.com`), in one call; `trx` reads inside
   * the caller's transaction.
   */
  check(names: readonly string[], trx?: Kysely<Database>): Promise<Map<string, DomainAvailability>>;
  /**
   * Registers a name for an account until `expiresAt`, inside the caller's transaction `trx`: the domain's id, or
   * null when the name is reserved or somebody holds it (also one registered a moment ago), writing nothing.
   */
  register(
    trx: Kysely<Database>,
    request: { name: string; userId: string; expiresAt: number; now: number },
  ): Promise<string | null>;
  /**
   * Sends the zone's DNSSEC DS records to the registry (an empty list removes them), so resolvers trust the
   * signatures our DNS server makes (docs/decisions/046-dns-on-powerdns.md). The provisioning worker calls it,
   * outside any transaction, when PowerDNS's keys of a published zone differ from what the registry holds; a
   * failure is retried with the task. Our own registry keeps them on the domain (`domains.ds_records`), which is
   * what the domain page shows.
   */
  setDsRecords(name: string, ds: readonly DsRecord[]): Promise<void>;
  /** The DS records the registry holds for a name: null when none were ever sent. */
  dsRecords(name: string): Promise<DsRecord[] | null>;
}

/**
 * Labels the registry keeps under every ending: the names RFC 2606 and RFC 6761 set aside, the registry's
 * own service names and our brand.
 */
export const RESERVED_DOMAIN_LABELS: ReadonlySet<string> = new Set([
  'example',
  'test',
  'invalid',
  'localhost',
  'local',
  'nic',
  'whois',
  'www',
  'rdap',
  'registry',
  'hostpilot',
]);

/** Our own registry: a name is taken when any account holds it, whatever its state; reserved labels never are free. */
export function createLocalRegistrar(db: Kysely<Database>): Registrar {
  return {
    async check(names, trx) {
      const answer = new Map<string, DomainAvailability>();
      if (names.length === 0) return answer;
      const taken = await heldNames(trx ?? db, [...names]);
      for (const name of names) {
        const label = name.slice(0, name.indexOf('.'));
        if (RESERVED_DOMAIN_LABELS.has(label)) answer.set(name, { available: false, reason: 'reserved' });
        else if (taken.has(name)) answer.set(name, { available: false, reason: 'registered' });
        else answer.set(name, { available: true, reason: null });
      }
      return answer;
    },
    async register(trx, { name, userId, expiresAt, now }) {
      const dot = name.indexOf('.');
      if (RESERVED_DOMAIN_LABELS.has(name.slice(0, dot))) return null;
      // The name's unique index decides a race: the second writer inserts nothing and gets no id back.
      return insertDomainIfFree(trx, {
        id: randomUUID(),
        userId,
        name,
        tld: name.slice(dot),
        status: 'active',
        registeredAt: now,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      });
    },
    async setDsRecords(name, ds) {
      await storeDsRecords(db, name, JSON.stringify(ds));
    },
    async dsRecords(name) {
      return parseDsRecords(await storedDsRecords(db, name));
    },
  };
}

/** The DS records kept on a domain row (`domains.ds_records`), or null when none were kept. */
export function parseDsRecords(stored: string | null): DsRecord[] | null {
  if (stored === null) return null;
  const parsed = dsRecordSchema.array().safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}
