import { cnameProblems, TXT_STRING_MAX } from './dns';
import { dnsRecordInputSchema } from './api/self-service';
import { DNS_RECORD_TYPES } from './model';
import type { ValidationMessageKey } from './schemas/messages';
import { z as zod } from './schemas/zod';
import { dnsRecordSchema } from './api/customer';

/**
 * A pasted BIND zone file (RFC 1035, 5) read into the records of the DNS editor, each checked with the editor's
 * own rules (`dnsRecordInputSchema`), or a report of every line that cannot be imported
 * (docs/decisions/046-dns-on-powerdns.md). Understands `$ORIGIN`, `$TTL`, `@`, relative and absolute names, an
 * omitted owner (the previous one), TTL and class in either order, parentheses over several lines, comments
 * and quoted TXT text with spaces and semicolons. The SOA, the apex NS (the provider's name servers replace
 * them) and DNSSEC records (the DNS server signs the zone itself) are skipped, not refused.
 */

export const ZONE_FILE_MAX_BYTES = 200_000;
export const ZONE_FILE_MAX_RECORDS = 1000;

export type ImportedRecord = zod.output<typeof dnsRecordInputSchema>;

export interface ZoneFileProblem {
  /** 1-based line where the record (or directive) starts. */
  line: number;
  /** The record's field the problem is in, when it is one (`name`, `type`, `ttl`, `value`, `priority`). */
  field?: string;
  code: ValidationMessageKey;
  /** The line as written, shortened, to show beside the message. */
  text: string;
}

export interface ZoneFileResult {
  records: ImportedRecord[];
  /** The source line of each record, in the same order. */
  lines: number[];
  /** Records left out because the zone (or an earlier line) has them already. */
  unchanged: number;
  /** Lines read but deliberately left out (SOA, apex NS, DNSSEC records), with their type. */
  skipped: { line: number; type: string }[];
  problems: ZoneFileProblem[];
}

const SKIPPED_TYPES = new Set(['SOA', 'DNSKEY', 'RRSIG', 'NSEC', 'NSEC3', 'NSEC3PARAM', 'CDS', 'CDNSKEY', 'DS']);
const CLASSES = new Set(['IN', 'CH', 'HS', 'CS']);
const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800 };

/** A BIND TTL: seconds, or units such as `1h30m`; NaN when it is not one. */
export function parseTtl(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^(\d+[smhdw])+$/i.test(text)) return Number.NaN;
  let total = 0;
  for (const [, amount, unit] of text.toLowerCase().matchAll(/(\d+)([smhdw])/g))
    total += Number(amount) * UNITS[unit!]!;
  return total;
}

/** A record the zone has: its value and priority, when given, let an identical imported record count as no change. */
export interface ExistingRecord {
  type: string;
  name: string;
  value?: string;
  priority?: number | null;
}

interface Token {
  text: string;
  quoted: boolean;
}

interface Entry {
  line: number;
  text: string;
  /** Whether the entry began with white space: the owner is the previous one. */
  continues: boolean;
  tokens: Token[];
}

/** Splits the file into entries: one per line, or several lines joined by parentheses; comments dropped. */
function entries(source: string): { entries: Entry[]; problems: ZoneFileProblem[] } {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: Entry[] = [];
  const problems: ZoneFileProblem[] = [];
  let current: Entry | null = null;
  let depth = 0;
  lines.forEach((raw, i) => {
    if (!current) current = { line: i + 1, text: raw.trim(), continues: /^[ \t]/.test(raw), tokens: [] };
    else current.text += ` ${raw.trim()}`;
    let pos = 0;
    while (pos < raw.length) {
      const ch = raw[pos]!;
      if (ch === ';') break;
      if (ch === ' ' || ch === '\t') {
        pos++;
      } else if (ch === '(') {
        depth++;
        pos++;
      } else if (ch === ')') {
        depth = Math.max(0, depth - 1);
        pos++;
      } else if (ch === '"') {
        let end = pos + 1;
        let text = '';
        while (end < raw.length && raw[end] !== '"') {
          if (raw[end] === '\\' && end + 1 < raw.length) {
            text += raw.slice(end, end + 2);
            end += 2;
          } else text += raw[end++];
        }
        current.tokens.push({ text, quoted: true });
        pos = end + 1;
      } else {
        let end = pos;
        while (end < raw.length && !' \t;()"'.includes(raw[end]!)) end++;
        current.tokens.push({ text: raw.slice(pos, end), quoted: false });
        pos = end;
      }
    }
    if (depth === 0) {
      if (current.tokens.length > 0) out.push(current);
      current = null;
    }
  });
  if (current && (current as Entry).tokens.length > 0) {
    const open = current as Entry;
    problems.push({ line: open.line, code: 'validation.zoneSyntax', text: shorten(open.text) });
  }
  return { entries: out, problems };
}

const shorten = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text);

/** An absolute name without its trailing dot, lower case. */
const bare = (name: string) => name.replace(/\.$/, '').toLowerCase();

/** Reads `name` as BIND does: absolute with a trailing dot, `@` the origin, else relative to the origin. */
function resolveName(name: string, origin: string): string {
  if (name === '@') return origin;
  if (name.endsWith('.')) return bare(name);
  return `${name.toLowerCase()}.${origin}`;
}

/**
 * The TXT value the editor keeps: one string as plain text, several as quoted parts; a single string longer than
 * a TXT string can be stays quoted, so the editor's rule refuses it as the DNS server would.
 */
function txtValue(tokens: Token[]): string {
  const plain = tokens.length === 1 ? tokens[0]!.text.replace(/\\(.)/g, '$1') : null;
  if (plain !== null && new TextEncoder().encode(plain).length <= TXT_STRING_MAX) return plain;
  return tokens.map((t) => `"${t.text}"`).join(' ');
}

/**
 * Reads a zone file for `domain` (A-labels, no trailing dot) into the DNS editor's records, or lists its
 * problems line by line. The records are checked together against the CNAME rules as well, and with
 * `existing` (the zone's current records) when given; a record the zone already has is left out and counted in
 * `unchanged`.
 */
export function parseZoneFile(
  source: string,
  domain: string,
  existing: readonly ExistingRecord[] = [],
): ZoneFileResult {
  const zone = bare(domain);
  const result: ZoneFileResult = { records: [], lines: [], unchanged: 0, skipped: [], problems: [] };
  if (new TextEncoder().encode(source).length > ZONE_FILE_MAX_BYTES) {
    result.problems.push({ line: 1, code: 'validation.zoneTooLarge', text: '' });
    return result;
  }
  const parsed = entries(source);
  result.problems.push(...parsed.problems);
  let origin = zone;
  let defaultTtl: number | null = null;
  let lastOwner: string | null = null;
  let lastTtl: number | null = null;
  const problem = (entry: Entry, code: ValidationMessageKey, field?: string) =>
    result.problems.push({ line: entry.line, code, text: shorten(entry.text), ...(field ? { field } : {}) });

  for (const entry of parsed.entries) {
    const tokens = [...entry.tokens];
    const first = tokens[0]!;
    if (!first.quoted && first.text.startsWith('$')) {
      const directive = first.text.toUpperCase();
      if (directive === '$ORIGIN' && tokens[1] && !tokens[1].quoted) {
        origin = resolveName(tokens[1].text, origin);
      } else if (directive === '$TTL' && tokens[1] && Number.isFinite(parseTtl(tokens[1].text))) {
        defaultTtl = parseTtl(tokens[1].text);
      } else if (directive === '$ORIGIN' || directive === '$TTL') {
        problem(entry, 'validation.zoneSyntax');
      } else {
        problem(entry, 'validation.zoneDirective');
      }
      continue;
    }

    let owner: string | null;
    if (entry.continues) owner = lastOwner;
    else {
      owner = resolveName(tokens.shift()!.text, origin);
      lastOwner = owner;
    }
    let ttl: number | null = null;
    let klass: string | null = null;
    for (let i = 0; i < 2 && tokens.length > 0 && !tokens[0]!.quoted; i++) {
      const word = tokens[0]!.text;
      if (ttl === null && Number.isFinite(parseTtl(word))) ttl = parseTtl(tokens.shift()!.text);
      else if (klass === null && CLASSES.has(word.toUpperCase())) klass = tokens.shift()!.text.toUpperCase();
      else break;
    }
    const typeToken = tokens.shift();
    if (!owner || !typeToken || typeToken.quoted) {
      problem(entry, 'validation.zoneSyntax');
      continue;
    }
    const type = typeToken.text.toUpperCase();
    if (klass !== null && klass !== 'IN') {
      problem(entry, 'validation.zoneClass');
      continue;
    }
    // RFC 2308: without a TTL of its own, a record takes $TTL, else the previous record's.
    const recordTtl = ttl ?? defaultTtl ?? lastTtl;
    if (ttl !== null) lastTtl = ttl;
    if (owner !== zone && !owner.endsWith(`.${zone}`)) {
      problem(entry, 'validation.zoneOutside', 'name');
      continue;
    }
    const name = owner === zone ? '@' : owner.slice(0, -(zone.length + 1));
    if (SKIPPED_TYPES.has(type) || (type === 'NS' && name === '@')) {
      result.skipped.push({ line: entry.line, type });
      continue;
    }
    if (!(DNS_RECORD_TYPES as readonly string[]).includes(type)) {
      problem(entry, 'validation.dnsType', 'type');
      continue;
    }
    if (tokens.length === 0) {
      problem(entry, 'validation.zoneSyntax', 'value');
      continue;
    }
    const words = tokens.map((t) => t.text);
    const host = (text: string) => (text === '.' ? '.' : resolveName(text, origin));
    let value: string;
    let priority: number | null = null;
    switch (type) {
      case 'MX':
        if (words.length !== 2) {
          problem(entry, 'validation.zoneSyntax', 'value');
          continue;
        }
        priority = /^\d+$/.test(words[0]!) ? Number(words[0]) : Number.NaN;
        value = host(words[1]!);
        break;
      case 'SRV':
        if (words.length !== 4) {
          problem(entry, 'validation.srvValue', 'value');
          continue;
        }
        priority = /^\d+$/.test(words[0]!) ? Number(words[0]) : Number.NaN;
        value = `${words[1]} ${words[2]} ${host(words[3]!)}`;
        break;
      case 'CNAME':
      case 'NS':
        if (words.length !== 1) {
          problem(entry, 'validation.hostName', 'value');
          continue;
        }
        value = host(words[0]!);
        break;
      case 'CAA':
        if (words.length !== 3) {
          problem(entry, 'validation.caaValue', 'value');
          continue;
        }
        value = `${words[0]} ${words[1]!.toLowerCase()} "${words[2]}"`;
        break;
      case 'TXT':
        value = txtValue(tokens);
        break;
      default:
        value = words.join(' ');
    }
    const checked = dnsRecordInputSchema.safeParse({
      type,
      name,
      value,
      ...(recordTtl !== null ? { ttl: recordTtl } : {}),
      ...(priority !== null ? { priority } : {}),
    });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      problem(entry, issue.message as ValidationMessageKey, String(issue.path[0] ?? 'value'));
      continue;
    }
    result.records.push(checked.data);
    result.lines.push(entry.line);
  }

  // A record the zone (or an earlier line) already has is no change: left out, counted, not checked again.
  const recordKey = (r: ExistingRecord) => `${r.type}|${r.name}|${r.value ?? ''}|${r.priority ?? ''}`;
  const have = new Set(existing.filter((r) => r.value !== undefined).map(recordKey));
  const kept = result.records.flatMap((record, i) => {
    const key = recordKey(record);
    if (have.has(key)) return [];
    have.add(key);
    return [{ record, line: result.lines[i]! }];
  });
  result.unchanged = result.records.length - kept.length;
  result.records = kept.map((k) => k.record);
  result.lines = kept.map((k) => k.line);

  if (result.problems.length === 0) {
    const all = [...existing, ...result.records];
    for (const { index, key } of cnameProblems(all)) {
      if (index < existing.length) continue;
      const line = result.lines[index - existing.length]!;
      const entry = parsed.entries.find((e) => e.line === line)!;
      problem(entry, key, 'name');
    }
  }
  if (result.problems.length === 0 && result.records.length + result.unchanged === 0) {
    result.problems.push({ line: 1, code: 'validation.zoneEmpty', text: '' });
  }
  if (result.records.length > ZONE_FILE_MAX_RECORDS) {
    result.problems.push({ line: 1, code: 'validation.zoneTooLarge', text: '' });
  }
  result.problems.sort((a, b) => a.line - b.line);
  return result;
}

/** `POST /api/domains/:id/dns/import`: the pasted zone file. */
export const dnsImportRequestSchema = zod.object({
  zone: zod.string({ error: 'validation.required' }).max(ZONE_FILE_MAX_BYTES, { error: 'validation.zoneTooLarge' }),
});
export type DnsImportRequest = zod.input<typeof dnsImportRequestSchema>;

/**
 * What an import wrote: the records added (a record already in the zone is not added twice), how many were
 * already there, and the lines skipped on purpose. A file with a problem writes nothing and answers 400
 * `VALIDATION_FAILED` with a field per line, `lines.<n>.<field>`.
 */
export const dnsImportResultSchema = zod.object({
  added: zod.array(dnsRecordSchema),
  unchanged: zod.number().int().nonnegative(),
  skipped: zod.array(zod.object({ line: zod.number().int(), type: zod.string() })),
});
export type DnsImportResult = zod.infer<typeof dnsImportResultSchema>;

/** The error field of a zone-file problem: `lines.12.value`, or `lines.12` for the whole line. */
export const zoneProblemField = (problem: ZoneFileProblem) =>
  problem.field ? `lines.${problem.line}.${problem.field}` : `lines.${problem.line}`;

/** Reads a zone-file problem back from an error field name; null for another field. */
export function parseZoneProblemField(field: string): { line: number; field?: string } | null {
  const match = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (!match) return null;
  return { line: Number(match[1]), ...(match[2] ? { field: match[2] } : {}) };
}
