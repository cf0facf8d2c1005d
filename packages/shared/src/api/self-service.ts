import { txtValueProblem } from '../dns';
import { DNS_RECORD_TYPES, LANGUAGES, TICKET_DEPARTMENTS, TICKET_PRIORITIES } from '../model';
import { emailSchema, loginPasswordSchema, nameSchema } from '../schemas/auth';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { DOMAIN_STATUSES } from '../states/domain';
import { SERVICE_STATUSES } from '../states/service';
import { dnsRecordSchema, dsRecordsField } from './customer';

/**
 * The customer's self-service actions that move no money (docs/product/api.md): auto-renew, cancelling a
 * service, a domain's transfer lock, nameservers and DNS records.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });
const timestamp = z.iso.datetime();

export const autoRenewRequestSchema = z.object({ enabled: z.boolean(msg('validation.invalidType')) });
export type AutoRenewRequest = z.input<typeof autoRenewRequestSchema>;

// ---------------------------------------------------------------------------------------------------------
// Cancelling a service

export const CANCEL_WHEN = ['end_of_period', 'now'] as const;
export type CancelWhen = (typeof CANCEL_WHEN)[number];
export const CANCEL_REASON_MAX = 500;

export const cancelServiceRequestSchema = z.object({
  when: z.enum(CANCEL_WHEN, msg('validation.cancelWhen')),
  reason: z
    .string(msg('validation.required'))
    .trim()
    .min(1, msg('validation.required'))
    .max(CANCEL_REASON_MAX, msg('validation.tooLong')),
});
export type CancelServiceRequest = z.input<typeof cancelServiceRequestSchema>;

/** A service's own settings after an action: what the action may have changed. */
export const serviceStateSchema = z.object({
  id: z.string(),
  status: z.enum(SERVICE_STATUSES),
  autoRenew: z.boolean(),
  expiresAt: timestamp,
  cancelRequestedAt: timestamp.nullable().describe('Set while a cancellation at the end of the period is pending'),
  cancelReason: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
});
export type ServiceState = z.infer<typeof serviceStateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Domains

export const NAMESERVERS_MIN = 2;
export const NAMESERVERS_MAX = 4;
export const DNS_TTL_MIN = 60;
export const DNS_TTL_MAX = 86_400;
export const DNS_TTL_DEFAULT = 3600;
export const DNS_PRIORITY_MAX = 65_535;
export const DNS_TXT_MAX = 2048;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A fully qualified host name: dot-separated labels of letters, digits and hyphens, a trailing dot allowed. */
export function isHostName(value: string): boolean {
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  if (name.length === 0 || name.length > 253) return false;
  const labels = name.toLowerCase().split('.');
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1)!);
}

export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

export function isIPv6(value: string): boolean {
  if (!/^[0-9a-fA-F:.]+$/.test(value) || value.length > 45) return false;
  const halves = value.split('::');
  if (halves.length > 2) return false;
  const groups = (text: string) => (text === '' ? [] : text.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const all = [...head, ...tail];
  let count = all.length;
  const last = all.at(-1);
  if (last !== undefined && last.includes('.')) {
    if (!isIPv4(last)) return false;
    all.pop();
    count += 1;
  }
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? count <= 7 : count === 8;
}

/**
 * A record's name within its zone: `@` for the domain itself, or labels such as `www`, `mail`, `_sip._tcp`,
 * `*.dev`; lower-cased.
 */
export function isRecordName(value: string): boolean {
  if (value === '@') return true;
  if (value.length > 200) return false;
  const labels = value.split('.');
  return labels.every((label, i) => (i === 0 && label === '*') || /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/.test(label));
}

const hostNameSchema = z
  .string(msg('validation.hostName'))
  .trim()
  .toLowerCase()
  .refine(isHostName, msg('validation.hostName'));

export const nameserversRequestSchema = z.object({
  nameservers: z
    .array(hostNameSchema, msg('validation.nameserversCount'))
    .min(NAMESERVERS_MIN, msg('validation.nameserversCount'))
    .max(NAMESERVERS_MAX, msg('validation.nameserversCount'))
    .transform((list) => list.map((ns) => ns.replace(/\.$/, '')))
    .refine((list) => new Set(list).size === list.length, msg('validation.nameserversDuplicate')),
});
export type NameserversRequest = z.input<typeof nameserversRequestSchema>;

export const transferLockRequestSchema = z.object({ locked: z.boolean(msg('validation.invalidType')) });
export type TransferLockRequest = z.input<typeof transferLockRequestSchema>;

export const domainStateSchema = z.object({
  id: z.string(),
  status: z.enum(DOMAIN_STATUSES),
  autoRenew: z.boolean(),
  transferLock: z.boolean(),
  nameservers: z.array(z.string()),
  expiresAt: timestamp,
  dnsRecordCount: z.number().int().nonnegative(),
  dnsUpdatedAt: timestamp.nullable(),
});
export type DomainState = z.infer<typeof domainStateSchema>;

const CAA = /^(0|128) (issue|issuewild|iodef) "[\x20-\x21\x23-\x7e]{0,255}"$/;
const SRV = /^(\d{1,5}) (\d{1,5}) (\S+)$/;

/**
 * A DNS record as the customer writes it; each type checks its value: A an IPv4 address, AAAA an IPv6
 * address, CNAME/NS/MX a host name, SRV `weight port target`, CAA `flags tag "value"`, TXT printable text
 * (plain, or quoted parts `"…" "…"` of at most 255 bytes each). MX and SRV need a priority (0–65535), other
 * types take none. A CNAME cannot be the apex `@` (docs/decisions/046-dns-on-powerdns.md).
 */
export const dnsRecordInputSchema = z
  .object({
    type: z.enum(DNS_RECORD_TYPES, msg('validation.dnsType')),
    name: z
      .string(msg('validation.required'))
      .trim()
      .toLowerCase()
      .min(1, msg('validation.required'))
      .refine(isRecordName, msg('validation.recordName')),
    value: z.string(msg('validation.required')).trim().min(1, msg('validation.required')),
    ttl: z
      .number(msg('validation.ttl'))
      .int(msg('validation.ttl'))
      .min(DNS_TTL_MIN, msg('validation.ttl'))
      .max(DNS_TTL_MAX, msg('validation.ttl'))
      .default(DNS_TTL_DEFAULT),
    priority: z
      .number(msg('validation.priority'))
      .int(msg('validation.priority'))
      .min(0, msg('validation.priority'))
      .max(DNS_PRIORITY_MAX, msg('validation.priority'))
      .nullable()
      .optional(),
  })
  .superRefine((record, ctx) => {
    const bad = (path: 'name' | 'value' | 'priority', key: ValidationMessageKey) =>
      ctx.addIssue({ code: 'custom', path: [path], message: key });
    if (record.type === 'CNAME' && record.name === '@') bad('name', 'validation.cnameApex');
    const needsPriority = record.type === 'MX' || record.type === 'SRV';
    if (needsPriority && (record.priority === undefined || record.priority === null))
      bad('priority', 'validation.priority');
    if (!needsPriority && record.priority !== undefined && record.priority !== null) {
      bad('priority', 'validation.priorityNotAllowed');
    }
    const value = record.value;
    switch (record.type) {
      case 'A':
        if (!isIPv4(value)) bad('value', 'validation.ipv4');
        break;
      case 'AAAA':
        if (!isIPv6(value)) bad('value', 'validation.ipv6');
        break;
      case 'CNAME':
      case 'NS':
      case 'MX':
        if (!isHostName(value)) bad('value', 'validation.hostName');
        break;
      case 'SRV': {
        const m = SRV.exec(value);
        if (
          !m ||
          Number(m[1]) > DNS_PRIORITY_MAX ||
          Number(m[2]) > DNS_PRIORITY_MAX ||
          !(m[3] === '.' || isHostName(m[3]!))
        ) {
          bad('value', 'validation.srvValue');
        }
        break;
      }
      case 'CAA':
        if (!CAA.test(value)) bad('value', 'validation.caaValue');
        break;
      case 'TXT':
        // eslint-disable-next-line no-control-regex
        if (value.length > DNS_TXT_MAX || /[\x00-\x1f\x7f]/.test(value)) bad('value', 'validation.txtValue');
        else if (txtValueProblem(value)) bad('value', txtValueProblem(value)!);
        break;
    }
  })
  .transform((record) => ({
    ...record,
    value: ['CNAME', 'NS', 'MX'].includes(record.type) ? record.value.toLowerCase().replace(/\.$/, '') : record.value,
    priority: record.priority ?? null,
  }));
export type DnsRecordInput = z.input<typeof dnsRecordInputSchema>;

export const dnsRecordListSchema = z.object({ items: z.array(dnsRecordSchema) });

/** A domain's records with its DS records, for staff (GET /api/admin/domains/:id/dns-records). */
export const adminDnsRecordListSchema = dnsRecordListSchema.extend({ dsRecords: dsRecordsField });
export type AdminDnsRecordList = z.infer<typeof adminDnsRecordListSchema>;

// ---------------------------------------------------------------------------------------------------------
// Support and notifications

export const TICKET_SUBJECT_MIN = 3;
export const TICKET_SUBJECT_MAX = 150;
export const TICKET_MESSAGE_MIN = 10;
export const TICKET_MESSAGE_MAX = 5000;

const ticketMessage = z
  .string(msg('validation.required'))
  .trim()
  .min(TICKET_MESSAGE_MIN, msg('validation.messageMin'))
  .max(TICKET_MESSAGE_MAX, msg('validation.messageMax'));

export const createTicketRequestSchema = z.object({
  department: z.enum(TICKET_DEPARTMENTS, msg('validation.invalidType')),
  priority: z.enum(TICKET_PRIORITIES, msg('validation.invalidType')),
  subject: z
    .string(msg('validation.required'))
    .trim()
    .min(TICKET_SUBJECT_MIN, msg('validation.subjectMin'))
    .max(TICKET_SUBJECT_MAX, msg('validation.tooLong')),
  message: ticketMessage,
});
export type CreateTicketRequest = z.input<typeof createTicketRequestSchema>;

export const ticketReplyRequestSchema = z.object({ message: ticketMessage });
export type TicketReplyRequest = z.input<typeof ticketReplyRequestSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

// ---------------------------------------------------------------------------------------------------------
// Settings

/**
 * The profile form: names, and the e-mail; changing the e-mail needs the current password (checked by the
 * API, by field), and an e-mail another account has is refused with registration's EMAIL_TAKEN.
 */
export const profileUpdateRequestSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    currentPassword: loginPasswordSchema.optional(),
  })
  .describe('currentPassword is required when the e-mail changes');
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** Any subset of the preferences; the language is kept on the account and applied at sign-in. */
export const preferencesUpdateRequestSchema = z
  .object({
    language: z.enum(LANGUAGES, msg('validation.invalidType')),
    emailNotifications: z.boolean(msg('validation.invalidType')),
    serviceUpdates: z.boolean(msg('validation.invalidType')),
    marketing: z.boolean(msg('validation.invalidType')),
  })
  .partial();
export type PreferencesUpdateRequest = z.input<typeof preferencesUpdateRequestSchema>;
