import { emailSchema, NAME_MAX_LENGTH } from '@hostpilot/shared';
import type { AdminSettings } from '../api/types';
import { z } from '@hostpilot/shared/zod';

/**
 * The System Settings form (docs/product/screens.md). Messages are i18n keys: `validation.*` of the common namespace,
 * `admin:settings.validation.*` for the SMTP fields.
 */
const required = { error: 'validation.required' };
const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

export const SMTP_DEFAULT_PORT = 587;
export const ENCRYPTIONS = ['tls', 'ssl', 'none'] as const;

export const settingsSchema = z.object({
  general: z.object({
    siteName: z.string(required).trim().min(1, required).max(NAME_MAX_LENGTH, { error: 'validation.tooLong' }),
    supportEmail: emailSchema,
    defaultLanguage: z.enum(['en', 'ru']),
  }),
  security: z.object({
    sslEnforcement: z.boolean(),
    passwordPolicy: z.object({ uppercase: z.boolean(), numbers: z.boolean(), specialCharacters: z.boolean() }),
  }),
  email: z.object({
    smtpHost: z.string(required).trim().min(1, required).regex(HOST, { error: 'admin:settings.validation.host' }),
    /** Empty means the usual submission port, 587 (the field's placeholder). */
    smtpPort: z
      .string()
      .trim()
      .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 65535), {
        error: 'admin:settings.validation.port',
      }),
    encryption: z.enum(ENCRYPTIONS),
    smtpUsername: z.string().trim().max(254, { error: 'validation.tooLong' }),
    smtpPassword: z.string().max(128, { error: 'validation.tooLong' }),
  }),
});

export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsData = z.output<typeof settingsSchema>;

/**
 * What the settings form starts from. The settings are not stored yet (Save checks them and says so), so these
 * are the product's defaults, not data of any account.
 */
export const DEFAULT_ADMIN_SETTINGS: AdminSettings = {
  general: { siteName: 'HostPilot', supportEmail: 'support@hostpilot.example', defaultLanguage: 'en' },
  security: {
    sslEnforcement: true,
    passwordPolicy: { uppercase: true, numbers: true, specialCharacters: true },
  },
  email: { smtpHost: 'smtp.hostpilot.example', smtpPort: '', encryption: 'tls', smtpUsername: '', smtpPassword: '' },
};
