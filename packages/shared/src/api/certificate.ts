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
});
export type Certificate = z.infer<typeof certificateSchema>;

export const certificateDownloadQuerySchema = z.object({
  serial: z
    .string()
    .regex(/^[0-9a-f]{1,64}$/, { error: 'validation.invalidType' })
    .optional(),
});
