import { strictQuerySchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';
import { moneySchema } from './customer';

/**
 * Ordering (docs/product/ordering.md): the public domain search. The API reads the name, checks it against the
 * registrar (our own registry first) and answers the price per year from the catalogue.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });

/** The longest text the search box takes: a whole domain name may have 253 characters. */
export const DOMAIN_QUERY_MAX_LENGTH = 253;

export const domainSearchQuerySchema = strictQuerySchema({
  q: z
    .string(msg('validation.domainEmpty'))
    .trim()
    .min(1, msg('validation.domainEmpty'))
    .max(DOMAIN_QUERY_MAX_LENGTH, msg('validation.domainTooLong')),
});
export type DomainSearchQuery = z.input<typeof domainSearchQuerySchema>;

/** Why a name cannot be registered: another holder has it, or the registry keeps it. */
export const DOMAIN_UNAVAILABLE_REASONS = ['registered', 'reserved'] as const;
export type DomainUnavailableReason = (typeof DOMAIN_UNAVAILABLE_REASONS)[number];

export const domainCheckSchema = z.object({
  name: z.string().describe('The name as registered: lower case, international names in Punycode (xn--…)'),
  displayName: z.string().describe('The name as people read it (Unicode)'),
  tld: z.string().describe('The ending, with its dot: .com'),
  available: z.boolean(),
  reason: z.enum(DOMAIN_UNAVAILABLE_REASONS).nullable().describe('Why it is not available; null when it is'),
  pricePerYear: moneySchema.describe('Registration price for one year, from the catalogue'),
});
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const domainSearchResponseSchema = z.object({
  result: domainCheckSchema.describe('The name searched for (with .com when no ending was typed)'),
  alternatives: z.array(domainCheckSchema).describe('The same name with each other ending we register'),
});
export type DomainSearchResponse = z.infer<typeof domainSearchResponseSchema>;
