import { z } from '../schemas/zod';

/**
 * A hosting service's addon domains (docs/decisions/069-addon-domains.md): more names its site serves, each with its
 * `www.`. The main domain counts as one of the plan's domains.
 */

/** The longest host name (RFC 1035), in its ASCII form. */
export const ADDON_DOMAIN_MAX = 253;

export const ADDON_DOMAIN_STATUSES = ['adding', 'active', 'removing'] as const;
export type AddonDomainStatus = (typeof ADDON_DOMAIN_STATUSES)[number];

export const addonDomainCreateSchema = z.strictObject({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(ADDON_DOMAIN_MAX, { error: 'validation.addonDomainInvalid' }),
});
export type AddonDomainCreateInput = z.infer<typeof addonDomainCreateSchema>;

export const addonDomainParamsSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(ADDON_DOMAIN_MAX),
});

export const addonDomainSchema = z.object({
  name: z.string().describe('Lower-case A-labels (Punycode), as stored'),
  displayName: z.string().describe('The name as people read it (international labels decoded)'),
  status: z
    .enum(ADDON_DOMAIN_STATUSES)
    .describe('`adding` until the web node serves it, `active`, `removing` until the node no longer does'),
  createdAt: z.iso.datetime(),
});
export type AddonDomain = z.infer<typeof addonDomainSchema>;

export const hostingDomainsSchema = z.object({
  mainDomain: z.string().nullable().describe("The service's own domain"),
  domains: z.array(addonDomainSchema),
  used: z.number().int().nonnegative().describe('Domains counted against the plan: the main one and the addons'),
  limit: z.number().int().positive().describe("The plan's number of domains, the main one included"),
});
export type HostingDomains = z.infer<typeof hostingDomainsSchema>;
