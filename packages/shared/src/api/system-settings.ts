import { LANGUAGES } from '../model';
import { EMAIL_MAX_LENGTH, emailSchema, NAME_MAX_LENGTH, nameSchema, newPasswordSchema } from '../schemas/auth';
import { listQuerySchema, pageSchema } from '../schemas/list-query';
import type { ValidationMessageKey } from '../schemas/messages';
import { z } from '../schemas/zod';

/**
 * The back office's System Settings (docs/product/screens.md, docs/decisions/034-system-settings-and-mail.md):
 * General, Security and Email, saved together by Save All Settings. Messages are i18n keys of the common
 * namespace's `validation.*`, as every shared schema's.
 */

const msg = (key: ValidationMessageKey) => ({ error: key });

// ---------------------------------------------------------------------------------------------------------
// Password policy: one rule for registration, password reset and every password change, on the server and in
// the forms (the forms read it from GET /api/settings/public).
// ---------------------------------------------------------------------------------------------------------

export const passwordPolicySchema = z.object({
  uppercase: z.boolean(msg('validation.invalidType')),
  numbers: z.boolean(msg('validation.invalidType')),
  specialCharacters: z.boolean(msg('validation.invalidType')),
});
export type PasswordPolicy = z.infer<typeof passwordPolicySchema>;

/**
 * The policy of an installation that never saved one: the product's rule before the setting existed (at least
 * 8 characters, not a common password), so that accounts and scripts keep working until an operator tightens it
 * (docs/decisions/034-system-settings-and-mail.md).
 */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { uppercase: false, numbers: false, specialCharacters: false };

/** The first rule of the policy the password breaks, or undefined. Letters of any alphabet count. */
export function passwordPolicyIssue(password: string, policy: PasswordPolicy): ValidationMessageKey | undefined {
  if (policy.uppercase && !/\p{Lu}/u.test(password)) return 'validation.passwordUppercase';
  if (policy.numbers && !/\p{Nd}/u.test(password)) return 'validation.passwordNumber';
  if (policy.specialCharacters && !/[^\p{L}\p{Nd}]/u.test(password)) return 'validation.passwordSpecial';
  return undefined;
}

/** A new password under the policy: the length rules of `newPasswordSchema`, then the policy's classes. */
export function policyPasswordSchema(policy: PasswordPolicy) {
  return newPasswordSchema.superRefine((value, ctx) => {
    const issue = passwordPolicyIssue(value, policy);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, input: value });
  });
}

// ---------------------------------------------------------------------------------------------------------
// The settings
// ---------------------------------------------------------------------------------------------------------

export const SMTP_ENCRYPTIONS = ['tls', 'ssl', 'none'] as const;
export type SmtpEncryption = (typeof SMTP_ENCRYPTIONS)[number];
/** The port used when none is given: 465 for SSL (implicit TLS), else the submission port 587. */
export const SMTP_DEFAULT_PORT = 587;
export function smtpPortOf(port: number | null, encryption: SmtpEncryption): number {
  return port ?? (encryption === 'ssl' ? 465 : SMTP_DEFAULT_PORT);
}

const HOST = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** "address" or "Name <address>", without line breaks (a header value). */
const FROM = /^(?:[^<>\r\n"]{1,100} <[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;
export const SMTP_PASSWORD_MAX_LENGTH = 256;

export const generalSettingsSchema = z.object({
  siteName: nameSchema,
  supportEmail: emailSchema,
  defaultLanguage: z.enum(LANGUAGES, msg('validation.invalidType')),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const systemSecuritySettingsSchema = z.object({
  /** Decision 023's rule: staff without two-factor sign-in are kept out of /api/admin. */
  requireStaffTwoFactor: z.boolean(msg('validation.invalidType')),
  sslEnforcement: z.boolean(msg('validation.invalidType')),
  passwordPolicy: passwordPolicySchema,
});

/** The SMTP fields both the saved settings and a test send share. An empty host means no server: the outbox. */
const smtpFields = {
  smtpHost: z
    .string(msg('validation.invalidType'))
    .trim()
    .refine((value) => value === '' || HOST.test(value), msg('validation.smtpHost')),
  smtpPort: z
    .number(msg('validation.smtpPort'))
    .int(msg('validation.smtpPort'))
    .min(1, msg('validation.smtpPort'))
    .max(65535, msg('validation.smtpPort'))
    .nullable(),
  encryption: z.enum(SMTP_ENCRYPTIONS, msg('validation.invalidType')),
  smtpUsername: z.string(msg('validation.invalidType')).trim().max(EMAIL_MAX_LENGTH, msg('validation.tooLong')),
  /** The sender; empty means the server's MAIL_FROM. */
  smtpFrom: z
    .string(msg('validation.invalidType'))
    .trim()
    .max(EMAIL_MAX_LENGTH, msg('validation.tooLong'))
    .refine((value) => value === '' || FROM.test(value), msg('validation.smtpFrom')),
};

/**
 * What Save sends for the Email section. The password is write-only: absent or empty keeps the saved one,
 * text replaces it, `smtpPasswordClear` removes it.
 */
export const emailSettingsInputSchema = z.object({
  ...smtpFields,
  smtpPassword: z
    .string(msg('validation.invalidType'))
    .max(SMTP_PASSWORD_MAX_LENGTH, msg('validation.tooLong'))
    .optional(),
  smtpPasswordClear: z.boolean(msg('validation.invalidType')).optional(),
});
export type EmailSettingsInput = z.infer<typeof emailSettingsInputSchema>;

/** The Email section as the API shows it: never the password, only whether one is saved. */
export const emailSettingsViewSchema = z.object({ ...smtpFields, smtpPasswordSet: z.boolean() });
export type EmailSettingsView = z.infer<typeof emailSettingsViewSchema>;

/**
 * PUT /api/admin/settings. `security.requireStaffTwoFactor` may be left out (kept as saved): the back office's
 * Staff sign-in card changes it at once through PUT /api/admin/settings/security (decision 023).
 */
export const systemSettingsInputSchema = z.object({
  general: generalSettingsSchema,
  security: systemSecuritySettingsSchema.extend({
    requireStaffTwoFactor: z.boolean(msg('validation.invalidType')).optional(),
  }),
  email: emailSettingsInputSchema,
});
export type SystemSettingsInput = z.input<typeof systemSettingsInputSchema>;
export type SystemSettingsData = z.output<typeof systemSettingsInputSchema>;

/** GET and PUT /api/admin/settings answer this. `smtpUrlOverride`: SMTP_URL is set and wins over the Email section. */
export const systemSettingsViewSchema = z.object({
  general: generalSettingsSchema,
  security: systemSecuritySettingsSchema,
  email: emailSettingsViewSchema,
  smtpUrlOverride: z.boolean(),
});
export type SystemSettingsView = z.infer<typeof systemSettingsViewSchema>;

export const SITE_NAME_MAX_LENGTH = NAME_MAX_LENGTH;

/** GET /api/settings/public: what every page and form may know. */
export const publicSettingsSchema = z.object({
  siteName: z.string(),
  supportEmail: z.string(),
  defaultLanguage: z.enum(LANGUAGES),
  passwordPolicy: passwordPolicySchema,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Test Email Settings
// ---------------------------------------------------------------------------------------------------------

/** POST /api/admin/settings/email/test: the Email section as typed (an empty password uses the saved one). */
export const emailTestInputSchema = z.object({
  to: emailSchema.optional(),
  email: emailSettingsInputSchema,
});
export type EmailTestInput = z.input<typeof emailTestInputSchema>;

/**
 * The result of a test send. `sent` with `via: 'smtp'`: the server accepted the message and `detail` is its
 * answer; with `via: 'outbox'`: no server is set and the message was filed in the outbox. Not `sent`: `detail`
 * is the mail server's error answer (never the password), or empty when no SMTP conversation took place
 * (refused, silent, TLS failure or not a mail server: one answer for all, docs/decisions/045-production-hardening.md).
 */
export const emailTestResultSchema = z.object({
  sent: z.boolean(),
  via: z.enum(['smtp', 'outbox']),
  to: z.string(),
  server: z.string().nullable(),
  detail: z.string(),
});
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// Outbox
// ---------------------------------------------------------------------------------------------------------

export const adminOutboxQuerySchema = listQuerySchema({
  sort: ['createdAt'],
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
});
export type AdminOutboxQuery = z.input<typeof adminOutboxQuerySchema>;

export const outboxMailSummarySchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  to: z.string(),
  subject: z.string(),
  language: z.enum(LANGUAGES),
  template: z.string(),
});
export type OutboxMailSummary = z.infer<typeof outboxMailSummarySchema>;

export const outboxMailSchema = outboxMailSummarySchema.extend({
  from: z.string(),
  text: z.string(),
  html: z.string(),
});
export type OutboxMailView = z.infer<typeof outboxMailSchema>;

export const adminOutboxPageSchema = pageSchema(outboxMailSummarySchema);
export type AdminOutboxPage = z.infer<typeof adminOutboxPageSchema>;
