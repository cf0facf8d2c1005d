import type { ValidationMessageKey } from './schemas/messages';
import { z } from './schemas/zod';

/**
 * DNS rules the DNS server would enforce, checked before anything is published
 * (docs/decisions/046-dns-on-powerdns.md): TXT character-strings and CNAME placement.
 */

/** A TXT record is a sequence of character-strings of at most 255 bytes each (RFC 1035, 3.3). */
export const TXT_STRING_MAX = 255;

const QUOTED_SEQUENCE = /^"(?:[^"\\]|\\.)*"(?:\s+"(?:[^"\\]|\\.)*")*$/;

/** The bytes of one character (a code point) in UTF-8; a lone surrogate is written as U+FFFD, three bytes. */
const utf8Size = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/**
 * The bytes of a text in UTF-8, counted without encoding it: every zone the workers publish splits its TXT values
 * here, character by character (docs/decisions/042-provisioning-engine.md, addendum on the drain's event-loop share).
 */
function utf8Length(text: string): number {
  let bytes = 0;
  for (const ch of text) bytes += utf8Size(ch);
  return bytes;
}

/**
 * Whether a TXT value is written as explicit character-strings, `"part one" "part two"`, rather than as
 * plain text.
 */
export function isQuotedTxt(value: string): boolean {
  return QUOTED_SEQUENCE.test(value.trim());
}

/** Plain text cut into pieces of at most 255 bytes, never inside a character. */
function chunk(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of text) {
    const size = utf8Size(ch);
    if (bytes + size > TXT_STRING_MAX) {
      parts.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  parts.push(current);
  return parts;
}

/**
 * The character-strings a TXT value stands for: the quoted parts as written (with `\"` and `\\` read), or
 * plain text split every 255 bytes, which is how SPF and DKIM readers join them back.
 */
export function splitTxtValue(value: string): string[] {
  const text = value.trim();
  if (!isQuotedTxt(text)) return chunk(text);
  const parts: string[] = [];
  const re = /"((?:[^"\\]|\\.)*)"/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) parts.push(match[1]!.replace(/\\(.)/g, '$1'));
  return parts;
}

/** The problem of a TXT value written as quoted parts when one part is longer than a TXT string can be. */
export function txtValueProblem(value: string): ValidationMessageKey | null {
  if (!isQuotedTxt(value)) return null;
  return splitTxtValue(value).some((part) => utf8Length(part) > TXT_STRING_MAX) ? 'validation.txtStringTooLong' : null;
}

/** A record's place in the zone, as far as the CNAME rules see it. */
export interface NamedRecord {
  type: string;
  name: string;
}

/**
 * The records of a zone that break the CNAME rules (RFC 1034, 3.6.2; RFC 2181, 10.1): a CNAME at the apex
 * (`@`, which always has SOA and NS), or a CNAME beside any other record of the same name. Answers the index of
 * each offending record with its message key; a record that is fine is not listed.
 */
export function cnameProblems(records: readonly NamedRecord[]): { index: number; key: ValidationMessageKey }[] {
  const byName = new Map<string, number[]>();
  records.forEach((record, index) => {
    const list = byName.get(record.name) ?? [];
    list.push(index);
    byName.set(record.name, list);
  });
  const problems: { index: number; key: ValidationMessageKey }[] = [];
  records.forEach((record, index) => {
    if (record.type === 'CNAME' && record.name === '@') {
      problems.push({ index, key: 'validation.cnameApex' });
      return;
    }
    const same = byName.get(record.name)!;
    if (same.length < 2) return;
    const cname = same.some((i) => records[i]!.type === 'CNAME');
    if (cname) problems.push({ index, key: 'validation.cnameConflict' });
  });
  return problems;
}

/**
 * A DS record for the parent zone (RFC 4034, 5): what the registry publishes so that resolvers trust the
 * zone's DNSSEC signatures. The domain page shows it and a registrar sends it to the registry; `digest` is
 * hexadecimal, upper case.
 */
export const dsRecordSchema = z.object({
  keyTag: z.number().int(),
  algorithm: z.number().int(),
  digestType: z.number().int(),
  digest: z.string(),
});
export type DsRecord = z.infer<typeof dsRecordSchema>;

/** A DS record in its presentation form, `2371 13 2 1F98…`, as registries' forms ask for it. */
export const dsRecordText = (ds: DsRecord) => `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${ds.digest}`;
