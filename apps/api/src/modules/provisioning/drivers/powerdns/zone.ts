import { isHostName, splitTxtValue } from '@hostpilot/shared';
import { DriverError, type ProvisioningTarget } from '../../driver';

/**
 * The zone a DNS task asks for, in PowerDNS's terms, and the one PATCH that makes a served zone equal to it
 * (docs/decisions/046-dns-on-powerdns.md). Pure: no network here.
 */

/** A record as the engine passes it: `name` relative to the zone, `@` for the apex. */
export interface ZoneRecord {
  type: string;
  name: string;
  content: string;
  ttl: number;
  priority?: number | null;
}

/** What a DNS task carries in `target.data`. */
export interface ZoneData {
  records: ZoneRecord[];
  nameservers: string[];
  hostAddresses: { a: string[]; aaaa: string[] };
  enabled: boolean;
  /** Whether the registry already holds this zone's DS records; when not, publishing reads them for it. */
  dsKnown: boolean;
}

export interface PdnsRecord {
  content: string;
  disabled: boolean;
}

export interface PdnsComment {
  content: string;
  account: string;
}

export interface PdnsRrset {
  name: string;
  type: string;
  ttl: number;
  records: PdnsRecord[];
  changetype?: 'REPLACE' | 'DELETE';
  comments?: PdnsComment[];
}

/**
 * The comment the certificate driver puts on the `_acme-challenge` TXT rrsets it writes for DNS-01 validation
 * (drivers/acme/issue.ts). Publishing the customer's zone leaves an rrset that carries it alone: a DNS edit made
 * while a certificate is being validated would otherwise delete the value the CA is about to read. The certificate
 * driver removes its own values, and the rrset with the last of them.
 */
export const CHALLENGE_COMMENT: PdnsComment = {
  content: 'DNS-01 challenge of a certificate order',
  account: 'hostpilot-acme',
};

/** Whether an rrset is one the certificate driver wrote (see CHALLENGE_COMMENT). */
export const isChallengeRrset = (set: Pick<PdnsRrset, 'type' | 'comments'>) =>
  set.type === 'TXT' && (set.comments ?? []).some((comment) => comment.account === CHALLENGE_COMMENT.account);

/** The SOA timers every zone gets: refresh, retry, expire, negative-answer TTL (seconds). */
export const SOA_TIMERS = '10800 3600 604800 3600';
export const NS_TTL = 3600;
const HOST_TTL = 3600;

/** `example.com` → `example.com.` */
export const absolute = (name: string) => (name.endsWith('.') ? name.toLowerCase() : `${name.toLowerCase()}.`);

const invalid = (message: string, problem?: Record<string, unknown>) =>
  new DriverError({ code: 'invalid', message, retryable: false, problem });

/** The domain of a DNS task, checked to be a domain name (it becomes part of the API's URL). */
export function zoneNameOf(target: ProvisioningTarget): string {
  if (!target.domain || !isHostName(target.domain)) throw invalid('A DNS task needs target.domain, a domain name');
  return target.domain;
}

/** Reads and checks `target.data` of a DNS task; a task without a domain or records is refused, not retried. */
export function zoneDataOf(target: ProvisioningTarget): { zone: string; data: ZoneData } {
  const domain = zoneNameOf(target);
  const data = (target.data ?? {}) as Partial<ZoneData>;
  if (!Array.isArray(data.nameservers) || data.nameservers.length === 0) {
    throw invalid('A DNS task needs at least one name server in target.data.nameservers');
  }
  return {
    zone: absolute(domain),
    data: {
      records: Array.isArray(data.records) ? data.records : [],
      nameservers: data.nameservers,
      hostAddresses: { a: data.hostAddresses?.a ?? [], aaaa: data.hostAddresses?.aaaa ?? [] },
      enabled: data.enabled !== false,
      dsKnown: data.dsKnown === true,
    },
  };
}

/** An IPv6 address in the compressed lower-case form PowerDNS answers with. */
function canonicalIPv6(value: string): string {
  try {
    return new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return value;
  }
}

/** Escapes one TXT character-string for the zone-file presentation PowerDNS reads. */
const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** A record's content in PowerDNS's presentation format (absolute names, priority first for MX and SRV). */
export function pdnsContent(record: ZoneRecord): string {
  const type = record.type.toUpperCase();
  const value = record.content.trim();
  const host = (name: string) => (name === '.' ? '.' : absolute(name));
  switch (type) {
    case 'AAAA':
      return canonicalIPv6(value);
    case 'CNAME':
    case 'NS':
      return host(value);
    case 'MX':
      return `${record.priority ?? 0} ${host(value)}`;
    case 'SRV': {
      const [weight, port, target] = value.split(/\s+/);
      return `${record.priority ?? 0} ${weight} ${port} ${host(target ?? '.')}`;
    }
    case 'TXT':
      return splitTxtValue(value).map(quote).join(' ');
    default:
      return value;
  }
}

/** Reads a TXT content PowerDNS answers with back into its character-strings, decoding `\"`, `\\` and `\DDD`. */
export function txtStrings(content: string): string[] {
  const strings: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(content)) !== null) {
    const bytes: number[] = [];
    const text = match[1]!;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (ch === '\\' && /^\d{3}$/.test(text.slice(i + 1, i + 4))) {
        bytes.push(Number(text.slice(i + 1, i + 4)));
        i += 3;
      } else if (ch === '\\' && i + 1 < text.length) {
        bytes.push(...Buffer.from(text[i + 1]!));
        i += 1;
      } else bytes.push(...Buffer.from(ch));
    }
    strings.push(Buffer.from(bytes).toString('utf8'));
  }
  return strings;
}

/** The key two contents of one type are compared by: TXT by its decoded text, the rest case-insensitively. */
function contentKey(type: string, content: string): string {
  if (type === 'TXT') return JSON.stringify(txtStrings(content));
  return content.toLowerCase();
}

const rrsetKey = (name: string, type: string) => `${name.toLowerCase()}|${type}`;

/**
 * The rrsets the zone must hold, SOA excluded: the apex NS (the provider's name servers and any the customer
 * added at the apex), the customer's records, and the hosting server's A/AAAA at the apex and `www` where the
 * customer set neither that type nor a CNAME there. With `enabled` false every record but the apex NS is kept
 * and marked disabled, so the zone answers only SOA and NS (docs/decisions/046-dns-on-powerdns.md).
 */
export function desiredRrsets(zone: string, data: ZoneData): Map<string, PdnsRrset> {
  const sets = new Map<string, PdnsRrset & { seen: Set<string> }>();
  const fqdn = (name: string) => (name === '@' || name === '' ? zone : `${name.toLowerCase()}.${zone}`);
  const add = (name: string, type: string, ttl: number, content: string, disabled: boolean) => {
    const key = rrsetKey(name, type);
    let set = sets.get(key);
    if (!set) {
      set = { name, type, ttl, records: [], seen: new Set() };
      sets.set(key, set);
    }
    set.ttl = Math.min(set.ttl, ttl);
    const seenKey = contentKey(type, content);
    if (set.seen.has(seenKey)) return;
    set.seen.add(seenKey);
    set.records.push({ content, disabled });
  };
  for (const ns of data.nameservers) add(zone, 'NS', NS_TTL, absolute(ns), false);
  for (const record of data.records) {
    const type = record.type.toUpperCase();
    const name = fqdn(record.name);
    const disabled = !data.enabled && !(type === 'NS' && name === zone);
    add(name, type, record.ttl, pdnsContent(record), disabled);
  }
  for (const label of ['@', 'www']) {
    const name = fqdn(label);
    if (sets.has(rrsetKey(name, 'CNAME'))) continue;
    for (const [type, addresses] of [
      ['A', data.hostAddresses.a],
      ['AAAA', data.hostAddresses.aaaa],
    ] as const) {
      if (sets.has(rrsetKey(name, type))) continue;
      for (const address of addresses)
        add(name, type, HOST_TTL, pdnsContent({ type, name: label, content: address, ttl: HOST_TTL }), !data.enabled);
    }
  }
  const result = new Map<string, PdnsRrset>();
  for (const [key, { seen: _seen, ...set }] of sets) result.set(key, set);
  return result;
}

/** The SOA a new zone gets: the first name server as primary, hostmaster@ the zone; PowerDNS sets the serial. */
export function soaContent(zone: string, data: ZoneData, hostmaster?: string): string {
  const contact = hostmaster ? absolute(hostmaster.replace('@', '.')) : `hostmaster.${zone}`;
  return `${absolute(data.nameservers[0]!)} ${contact} 0 ${SOA_TIMERS}`;
}

/** The SOA fields that matter for equality: everything but the serial. */
const soaShape = (content: string) => {
  const parts = content.trim().split(/\s+/);
  return [parts[0], parts[1], ...parts.slice(3)].join(' ').toLowerCase();
};

function sameRrset(a: PdnsRrset, b: PdnsRrset): boolean {
  if (a.ttl !== b.ttl || a.records.length !== b.records.length) return false;
  const key = (r: PdnsRecord) => `${r.disabled ? 1 : 0}|${contentKey(a.type, r.content)}`;
  const left = a.records.map(key).sort();
  const right = b.records.map(key).sort();
  return left.every((value, i) => value === right[i]);
}

/**
 * The rrset changes that turn `current` (the zone as PowerDNS answers it) into the desired zone: REPLACE for
 * what is missing or different, DELETE for what should not be there, apart from a certificate order's challenge
 * values (CHALLENGE_COMMENT), which that order removes itself. The SOA is replaced only when its primary,
 * contact or timers changed, keeping a serial above the current one. Empty when the zone is already right.
 */
export function rrsetChanges(
  zone: string,
  current: readonly PdnsRrset[],
  desired: Map<string, PdnsRrset>,
  soa: string,
): PdnsRrset[] {
  const changes: PdnsRrset[] = [];
  const have = new Map<string, PdnsRrset>();
  for (const set of current) {
    if (set.type === 'SOA') {
      const content = set.records[0]?.content ?? '';
      if (soaShape(content) !== soaShape(soa)) {
        const serial = Number(content.split(/\s+/)[2] ?? 0) + 1;
        const parts = soa.split(/\s+/);
        parts[2] = String(serial);
        changes.push({
          name: zone,
          type: 'SOA',
          ttl: set.ttl,
          changetype: 'REPLACE',
          records: [{ content: parts.join(' '), disabled: false }],
        });
      }
      continue;
    }
    have.set(rrsetKey(set.name, set.type), set);
  }
  for (const [key, set] of desired) {
    const existing = have.get(key);
    if (!existing || !sameRrset(existing, set)) changes.push({ ...set, changetype: 'REPLACE' });
  }
  for (const [key, set] of have) {
    if (!desired.has(key) && !isChallengeRrset(set))
      changes.push({ name: set.name, type: set.type, ttl: set.ttl, changetype: 'DELETE', records: [] });
  }
  return changes;
}

/** The zone records of the DNS editor's rows (`dns_records`): what the engine puts in `target.data.records`. */
export function zoneRecordsOf(
  rows: readonly { type: string; name: string; value: string; ttl: number; priority: number | null }[],
): ZoneRecord[] {
  return rows.map((row) => ({
    type: row.type,
    name: row.name,
    content: row.value,
    ttl: row.ttl,
    ...(row.priority === null ? {} : { priority: row.priority }),
  }));
}
