import {
  emailSettingsInputSchema,
  generalSettingsSchema,
  passwordPolicySchema,
  SMTP_ENCRYPTIONS,
  type SystemSettingsInput,
  type SystemSettingsView,
} from '@hostpilot/shared';
import { z } from '@hostpilot/shared/zod';

/**
 * The System Settings form (docs/product/screens.md, docs/decisions/034-system-settings-and-mail.md): the API's
 * own schemas (packages/shared/src/api/system-settings.ts), with the port typed as text. Messages are i18n keys of
 * the common namespace's `validation.*`, the same the API answers, so a refusal reads the same either way.
 */
export const ENCRYPTIONS = SMTP_ENCRYPTIONS;

const portText = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535), {
    error: 'validation.smtpPort',
  })
  .transform((value) => (value === '' ? null : Number(value)));

export const settingsSchema = z.object({
  general: generalSettingsSchema,
  security: z.object({ sslEnforcement: z.boolean(), passwordPolicy: passwordPolicySchema }),
  email: emailSettingsInputSchema.extend({
    smtpPort: portText,
    smtpPassword: z.string().max(256, { error: 'validation.tooLong' }),
    smtpPasswordClear: z.boolean(),
  }),
});

export type SettingsInput = z.input<typeof settingsSchema>;
export type SettingsData = z.output<typeof settingsSchema>;

/** The form's values of saved settings: the password field empty (a saved one is kept unless replaced). */
export function formValues(view: SystemSettingsView): SettingsInput {
  return {
    general: view.general,
    security: { sslEnforcement: view.security.sslEnforcement, passwordPolicy: view.security.passwordPolicy },
    email: {
      smtpHost: view.email.smtpHost,
      smtpPort: view.email.smtpPort === null ? '' : String(view.email.smtpPort),
      encryption: view.email.encryption,
      smtpUsername: view.email.smtpUsername,
      smtpFrom: view.email.smtpFrom,
      smtpPassword: '',
      smtpPasswordClear: false,
    },
  };
}

/**
 * What Save sends. The two-factor requirement is left out: the Staff sign-in card saves it at once
 * (docs/decisions/023-two-factor-sign-in.md), and Save keeps it as it is.
 */
export function toInput(data: SettingsData): SystemSettingsInput {
  return { general: data.general, security: data.security, email: toEmailInput(data.email) };
}

export function toEmailInput(email: SettingsData['email']): SystemSettingsInput['email'] {
  return {
    ...email,
    smtpPassword: email.smtpPasswordClear ? undefined : email.smtpPassword,
    smtpPasswordClear: email.smtpPasswordClear,
  };
}
