import { emailSchema } from '../schemas/auth';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { DOMAIN_RENEWAL_YEARS } from './actions';
import { adminDomainSchema } from './admin';

/**
 * Contracts of the back office's domain actions (docs/decisions/033-hosting-and-domain-administration.md, its
 * "Domains" part): add a domain for a customer, edit its DNS (with the customer's record schema,
 * `dnsRecordInputSchema`), transfer it out and delete it. The API validates with these schemas and the web's
 * forms validate with the same ones.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });

/** POST /api/admin/domains: the owner's e-mail, the name with its ending, and the years it is registered for. */
export const adminDomainCreateSchema = z.object({
  ownerEmail: emailSchema,
  name: z
    .string(msg('validation.domainEmpty'))
    .trim()
    .min(1, msg('validation.domainEmpty'))
    .max(300, msg('validation.domainTooLong')),
  years: z
    .number(msg('validation.period'))
    .refine((value) => (DOMAIN_RENEWAL_YEARS as readonly number[]).includes(value), msg('validation.period')),
});
export type AdminDomainCreateInput = z.input<typeof adminDomainCreateSchema>;

/** DELETE /api/admin/domains/:id: the domain's name typed again, as the confirmation. */
export const adminDomainDeleteSchema = z.object({
  confirm: z.string(msg('validation.confirmDomainName')).trim().min(1, msg('validation.confirmDomainName')),
});

/** The characters of an authorisation code: no 0/O, 1/I/l, so it can be read out and typed without doubt. */
export const AUTH_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export const AUTH_CODE_LENGTH = 16;

/** The answer of a transfer out: the domain, now transferring, and its authorisation code, shown this once. */
export const adminDomainTransferResultSchema = z.object({
  domain: adminDomainSchema,
  authCode: z.string().describe('The authorisation (EPP) code; only its SHA-256 is stored, it is never shown again'),
});
export type AdminDomainTransferResult = z.infer<typeof adminDomainTransferResultSchema>;
