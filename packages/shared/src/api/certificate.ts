import { enumFilter, listQuerySchema, pageSchema } from '../schemas/list-query';
import { z } from '../schemas/zod';
import { CERTIFICATE_KEY_TYPES, certificateStates } from '../states/certificate';

/**
 * A service's SSL certificate as its owner sees it (docs/decisions/049-certificates-through-acme.md): never the
 * private key, which has its own download after the password is entered again.
 */
export const certificateSchema = z.object({
  status: z.enum(certificateStates.states),
  domain: z.string(),
  names: z.array(z.string()),
  keyType: z.enum(CERTIFICATE_KEY_TYPES),
  serial: z.string().nullable(),
  issuer: z.string().nullable(),
  notBefore: z.iso.datetime().nullable(),
  notAfter: z.iso.datetime().nullable(),
  daysLeft: z.number().int().nullable(),
  failureCode: z.string().nullable().describe('`certificates.failure.<code>` in the dashboard locales'),
  previous: z
    .array(z.object({ serial: z.string(), notAfter: z.iso.datetime() }))
    .describe('Replaced certificates still valid, downloadable by serial'),
  installed: z
    .object({ domain: z.string(), serial: z.string(), since: z.iso.datetime() })
    .nullable()
    .describe('Where the certificate is served over HTTPS: its site on our web node (the serial it serves)'),
  canReissue: z.boolean().describe('Issued, failed or expired: a new certificate may be asked for'),
  canRevoke: z
    .boolean()
    .describe('The service is cancelled (or its cancellation requested) and the certificate in use'),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateDownloadQuerySchema = z.object({
  serial: z
    .string()
    .regex(/^[0-9a-f]{1,64}$/, { error: 'validation.invalidType' })
    .optional(),
});

/** Whether a plan's certificate may carry wildcard names: the SSL Certificate extra does, free SSL does not. */
export function certificateWildcardAllowed(kind: string, planId: string): boolean {
  return kind === 'extra' && planId === 'ssl';
}

/**
 * POST /api/services/:id/certificate/reissue: a new certificate now (a new key, a new serial); the names default
 * to those of the current one, the key type to ECDSA P-256.
 */
export const certificateReissueSchema = z.strictObject({
  keyType: z.enum(CERTIFICATE_KEY_TYPES, { error: 'validation.invalidType' }).optional(),
  names: z
    .array(
      z
        .string({ error: 'validation.invalidType' })
        .trim()
        .toLowerCase()
        .regex(/^(\*\.)?([a-z0-9-]{1,63}\.)+[a-z0-9-]{2,63}$/, { error: 'validation.certificateName' }),
    )
    .min(1, { error: 'validation.certificateName' })
    .max(20, { error: 'validation.certificateName' })
    .optional(),
});
export type CertificateReissue = z.input<typeof certificateReissueSchema>;

/**
 * The problem with names asked for on a certificate of `domain`: a name outside the domain, or a wildcard the
 * plan does not include; null when they are fine.
 */
export function certificateNamesProblem(
  domain: string,
  names: readonly string[],
  wildcardAllowed: boolean,
): 'validation.certificateName' | 'validation.certificateWildcard' | null {
  for (const name of names) {
    const bare = name.replace(/^\*\./, '');
    if (bare !== domain && !bare.endsWith(`.${domain}`)) return 'validation.certificateName';
  }
  if (!wildcardAllowed && names.some((name) => name.startsWith('*.'))) return 'validation.certificateWildcard';
  return null;
}

/** POST /api/services/:id/certificate/key: the private key, for the owner after entering the password again. */
export const certificateKeyRequestSchema = z.strictObject({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024),
});

// ---------------------------------------------------------------------------------------------------------
// Back office (GET /api/admin/certificates, POST /api/admin/certificates/:id/retry)

/** The back office's views of the certificates: every one, the failed ones, those expiring soon not renewing. */
export const ADMIN_CERTIFICATE_VIEWS = ['all', 'failed', 'expiring'] as const;
export type AdminCertificateView = (typeof ADMIN_CERTIFICATE_VIEWS)[number];
/** "Expiring soon" in the back office's warning list: within this many days, and not renewing. */
export const CERTIFICATE_WARNING_DAYS = 14;

export const adminCertificatesQuerySchema = listQuerySchema({
  sort: ['notAfter', 'updatedAt'],
  defaultSort: 'notAfter',
  defaultOrder: 'asc',
  filters: {
    view: enumFilter(ADMIN_CERTIFICATE_VIEWS),
    status: enumFilter(certificateStates.states),
  },
});
export type AdminCertificatesQuery = z.input<typeof adminCertificatesQuerySchema>;

export const adminCertificateSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  owner: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  domain: z.string(),
  names: z.array(z.string()),
  status: z.enum(certificateStates.states),
  keyType: z.enum(CERTIFICATE_KEY_TYPES),
  issuer: z.string().nullable(),
  serial: z.string().nullable(),
  notAfter: z.iso.datetime().nullable(),
  daysLeft: z.number().int().nullable(),
  failureCode: z.string().nullable(),
  problem: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("The CA's problem document of the last failure (RFC 8555 section 6.7), for staff"),
  updatedAt: z.iso.datetime(),
});
export type AdminCertificate = z.infer<typeof adminCertificateSchema>;

export const adminCertificatesPageSchema = pageSchema(adminCertificateSchema).extend({
  counts: z.object({
    all: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    expiring: z.number().int().nonnegative(),
  }),
});
export type AdminCertificatesPage = z.infer<typeof adminCertificatesPageSchema>;
