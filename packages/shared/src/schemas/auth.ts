import { z } from './zod';
import type { ValidationMessageKey } from './messages';

/** Password length bounds (docs/product/constants.md: minimum 8; the maximum keeps hashing cheap and bounded). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const msg = (key: ValidationMessageKey) => ({ error: key });

/** Empty strings are treated as absent (docs/product/validation.md): both give "Required". */
const requiredString = () => z.string(msg('validation.required')).trim().min(1, msg('validation.required'));

export const emailSchema = requiredString()
  .max(EMAIL_MAX_LENGTH, msg('validation.tooLong'))
  .pipe(z.email(msg('validation.invalidEmail')))
  .transform((value) => value.toLowerCase());

/** True when the text holds a control character (U+0000 to U+001F, U+007F): PostgreSQL cannot store NUL. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export const nameSchema = requiredString()
  .max(NAME_MAX_LENGTH, msg('validation.tooLong'))
  .refine((value) => !hasControlCharacter(value), msg('validation.invalidType'));

/** The sign-in password is only required: its rules are checked at registration. */
export const loginPasswordSchema = z
  .string(msg('validation.required'))
  .min(1, msg('validation.required'))
  .max(PASSWORD_MAX_LENGTH, msg('validation.passwordMax'));

export const newPasswordSchema = z
  .string(msg('validation.required'))
  .min(1, msg('validation.required'))
  .min(PASSWORD_MIN_LENGTH, msg('validation.passwordMin'))
  .max(PASSWORD_MAX_LENGTH, msg('validation.passwordMax'));

/** The product's name: no password may contain it (docs/decisions/045-production-hardening.md). */
export const PRODUCT_NAME_IN_PASSWORDS = 'hostpilot';
/** Shorter parts of a name or e-mail are ignored: three letters turn up in too many good passwords. */
export const PERSONAL_PART_MIN_LENGTH = 4;

/** What a password is checked against: the account's e-mail and names, as far as the form or server knows them. */
export interface PasswordPerson {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Lower case, letters and digits only: "Ada.Lovelace" and "ada lovelace" are the same part. */
const foldForPassword = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
const wordsOf = (value: string | null | undefined) => (value ?? '').split(/[^\p{L}\p{N}]+/u);

/**
 * Whether the password contains, in any case and ignoring punctuation, the product's name, the e-mail's local part
 * or one of its words, or the first or last name or one of their words (parts under PERSONAL_PART_MIN_LENGTH
 * letters are ignored). The same rule on the server (registration, reset, change) and in the forms.
 */
export function passwordHasPersonalPart(password: string, person: PasswordPerson): boolean {
  const folded = foldForPassword(password);
  const local = (person.email ?? '').split('@')[0] ?? '';
  const parts = [
    PRODUCT_NAME_IN_PASSWORDS,
    local,
    ...wordsOf(local),
    person.firstName ?? '',
    ...wordsOf(person.firstName),
    person.lastName ?? '',
    ...wordsOf(person.lastName),
  ].map(foldForPassword);
  return parts.some((part) => part.length >= PERSONAL_PART_MIN_LENGTH && folded.includes(part));
}

export const loginSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  remember: z.boolean(msg('validation.invalidType')).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;
export type LoginData = z.output<typeof loginSchema>;

/** What the API accepts at POST /auth/register (docs/product/api.md). Unknown keys are dropped. */
export const registerSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/** Step 1 of the registration wizard. */
export const registerStepOneSchema = registerSchema.pick({ firstName: true, lastName: true });

/** The whole registration form of the web app: the API body plus confirmation and terms. */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: z.string(msg('validation.required')).min(1, msg('validation.required')),
    acceptTerms: z.boolean(msg('validation.acceptTerms')).refine((v) => v, msg('validation.acceptTerms')),
  })
  .refine((data) => data.confirmPassword === data.password, {
    path: ['confirmPassword'],
    ...msg('validation.passwordsMatch'),
    // Check the match as soon as both passwords are typed, even while other fields are still invalid.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
      return (
        typeof value?.password === 'string' && typeof value.confirmPassword === 'string' && value.confirmPassword !== ''
      );
    },
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const refreshSchema = z.object({
  refreshToken: z
    .string(msg('validation.required'))
    .min(1, msg('validation.required'))
    .max(512, msg('validation.tooLong')),
});
export type RefreshInput = z.input<typeof refreshSchema>;

/** The user as the API answers it (docs/product/entities.md). Never a hash or a token. */
export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  user: userSchema,
  access_token: z.string(),
  refresh_token: z.string(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * What POST /auth/handoff answers: the session a sign-in without JavaScript opened, and where the app keeps it
 * ("Remember me" as the form said; docs/decisions/070-forms-that-work-before-the-app.md).
 */
export const handoffResponseSchema = authResponseSchema.extend({ remember: z.boolean() });
export type HandoffResponse = z.infer<typeof handoffResponseSchema>;

export const refreshResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /auth/password/change: the current password, and the new one (the common-password list is checked by the API). */
export const changePasswordSchema = z.object({
  currentPassword: loginPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /auth/password/forgot. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** A link token from a mail: base64url, 43 characters for 256 bits. */
export const linkTokenSchema = z
  .string(msg('validation.required'))
  .min(1, msg('validation.required'))
  .max(128, msg('validation.tooLong'))
  .regex(/^[A-Za-z0-9_-]+$/, msg('validation.invalidType'));

/** POST /auth/password/reset. */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** POST /auth/email/verify. */
export const verifyEmailSchema = z.object({ token: linkTokenSchema });

/** GET /account/security: what the Security section of the settings shows. */
export const accountSecuritySchema = z.object({
  emailVerified: z.boolean(),
  twoFactor: z.object({
    enabled: z.boolean(),
    /** Epoch milliseconds, when enabled. */
    enabledAt: z.number().nullable(),
    /** Unused recovery codes left. */
    recoveryCodesLeft: z.number().int(),
  }),
  /** The account is staff, the back office requires two-factor sign-in, and it is not set up yet. */
  twoFactorRequired: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** One active sign-in of the account (GET /auth/sessions). */
export const sessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  address: z.string(),
  startedAt: z.number(),
  lastUsedAt: z.number(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

/** How many recovery codes a set has (docs/decisions/023-two-factor-sign-in.md). */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A code from an authenticator app: six digits. Spaces people type or paste between the digits (`123 456`) are
 * dropped first.
 */
export const totpCodeSchema = z
  .string(msg('validation.required'))
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { ...msg('validation.required'), abort: true })
      .regex(/^\d{6}$/, msg('validation.twoFactorCodeFormat')),
  );

/** A recovery code as typed: `abcde-12345`, in any case, with or without the hyphen and spaces. */
export const recoveryCodeSchema = z
  .string(msg('validation.required'))
  .trim()
  .min(1, msg('validation.required'))
  .max(40, msg('validation.tooLong'));

/** A challenge token of the second sign-in step: base64url, 43 characters for 256 bits. */
export const challengeTokenSchema = linkTokenSchema;

/** POST /auth/login when the account has two-factor sign-in: no session yet, a challenge for the second step. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  /** Epoch milliseconds after which the challenge no longer works. */
  expiresAt: z.number(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** Everything POST /auth/login may answer with 200: a session, or the second step's challenge. */
export const loginResponseSchema = z.union([authResponseSchema, twoFactorChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Exactly one of a code from the app and a recovery code. */
const oneCode = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
  path: ['code'],
  ...msg('validation.twoFactorOneCode'),
};
const hasOneCode = (body: { code?: string; recoveryCode?: string }) =>
  (body.code === undefined) !== (body.recoveryCode === undefined);
const codes = { code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() };

/** POST /auth/login/two-factor: the challenge of the password step and a code or a recovery code. */
export const twoFactorLoginSchema = z.object({ challenge: challengeTokenSchema, ...codes }).refine(hasOneCode, oneCode);
export type TwoFactorLoginInput = z.input<typeof twoFactorLoginSchema>;

/** POST /account/two-factor/disable: a code from the app or a recovery code. */
export const twoFactorDisableSchema = z.object(codes).refine(hasOneCode, oneCode);
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableSchema>;

/** POST /account/two-factor/recovery-codes: a code from the app. */
export const twoFactorCodeSchema = z.object({ code: totpCodeSchema });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/**
 * POST /account/two-factor/enable: the first code from the app and the current password, so that an access token
 * alone cannot turn two-factor sign-in on (docs/decisions/044-account-protection.md).
 */
export const twoFactorEnableSchema = z.object({ code: totpCodeSchema, currentPassword: loginPasswordSchema });
export type TwoFactorEnableInput = z.input<typeof twoFactorEnableSchema>;

/**
 * DELETE /auth/sessions/:id and POST /auth/sessions/sign-out-others: the current password, needed to end another
 * device's session (not to end the current one).
 */
export const reauthenticationSchema = z.object({ currentPassword: loginPasswordSchema.optional() });
export type ReauthenticationInput = z.input<typeof reauthenticationSchema>;

/** POST /account/two-factor/setup: what an authenticator app needs. The secret is shown this once. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of the URI as an SVG document. */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** A new set of recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET/PUT /admin/settings/security: the back office's sign-in rules for staff. */
export const securitySettingsSchema = z.object({
  requireStaffTwoFactor: z.boolean(msg('validation.invalidType')),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
