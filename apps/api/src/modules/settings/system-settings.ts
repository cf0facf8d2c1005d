import {
  DEFAULT_PASSWORD_POLICY,
  type EmailSettingsInput,
  type GeneralSettings,
  type PasswordPolicy,
  type PublicSettings,
  SMTP_ENCRYPTIONS,
  type SmtpEncryption,
  type SystemSettingsData,
  type SystemSettingsView,
} from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { SecretBox } from '../../lib/secret-box';
import { parseSecuritySettings, SECURITY_SETTING } from '../../lib/security-settings';
import { writeSecuritySettings } from './security-settings';
import { readSettingValues, writeSettingValue } from './settings.repository';

/**
 * The System Settings in the `settings` table, one JSON row per part (docs/decisions/034-system-settings-and-mail.md):
 * `site.general`, `security.staff` (decision 023's row, shared with PUT /admin/settings/security),
 * `security.policy` and `mail.smtp`. A row that is missing or unreadable counts as its defaults.
 */
export const GENERAL_SETTING = 'site.general';
export const POLICY_SETTING = 'security.policy';
export const SMTP_SETTING = 'mail.smtp';
/** The associated data the SMTP password is sealed under (lib/secret-box.ts). */
const SMTP_PASSWORD_PURPOSE = 'mail.smtp.password';

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  siteName: 'HostPilot',
  supportEmail: 'support@hostpilot.com',
  defaultLanguage: 'en',
};

export interface PolicySettings {
  sslEnforcement: boolean;
  passwordPolicy: PasswordPolicy;
}
export const DEFAULT_POLICY_SETTINGS: PolicySettings = {
  sslEnforcement: true,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
};

/** The stored SMTP row: the password only sealed. */
export interface StoredSmtp {
  smtpHost: string;
  smtpPort: number | null;
  encryption: SmtpEncryption;
  smtpUsername: string;
  smtpFrom: string;
  smtpPasswordSealed: string | null;
}
export const DEFAULT_SMTP: StoredSmtp = {
  smtpHost: '',
  smtpPort: null,
  encryption: 'tls',
  smtpUsername: '',
  smtpFrom: '',
  smtpPasswordSealed: null,
};

export interface StoredSettings {
  general: GeneralSettings;
  requireStaffTwoFactor: boolean;
  policy: PolicySettings;
  smtp: StoredSmtp;
}

const KEYS = [GENERAL_SETTING, SECURITY_SETTING, POLICY_SETTING, SMTP_SETTING];

function parseJson(value: string | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export async function readStoredSettings(db: Kysely<Database>): Promise<StoredSettings> {
  const byKey = await readSettingValues(db, KEYS);
  const general = parseJson(byKey.get(GENERAL_SETTING));
  const policy = parseJson(byKey.get(POLICY_SETTING));
  const passwordPolicy = (policy.passwordPolicy ?? {}) as Record<string, unknown>;
  const smtp = parseJson(byKey.get(SMTP_SETTING));
  const language = general.defaultLanguage === 'ru' ? 'ru' : 'en';
  const encryption = (SMTP_ENCRYPTIONS as readonly unknown[]).includes(smtp.encryption)
    ? (smtp.encryption as SmtpEncryption)
    : DEFAULT_SMTP.encryption;
  return {
    general: {
      siteName: str(general.siteName, DEFAULT_GENERAL_SETTINGS.siteName),
      supportEmail: str(general.supportEmail, DEFAULT_GENERAL_SETTINGS.supportEmail),
      defaultLanguage: general.defaultLanguage === undefined ? DEFAULT_GENERAL_SETTINGS.defaultLanguage : language,
    },
    requireStaffTwoFactor: parseSecuritySettings(byKey.get(SECURITY_SETTING)).requireStaffTwoFactor,
    policy: {
      sslEnforcement: bool(policy.sslEnforcement, DEFAULT_POLICY_SETTINGS.sslEnforcement),
      passwordPolicy: {
        uppercase: bool(passwordPolicy.uppercase, DEFAULT_PASSWORD_POLICY.uppercase),
        numbers: bool(passwordPolicy.numbers, DEFAULT_PASSWORD_POLICY.numbers),
        specialCharacters: bool(passwordPolicy.specialCharacters, DEFAULT_PASSWORD_POLICY.specialCharacters),
      },
    },
    smtp: {
      smtpHost: str(smtp.smtpHost, DEFAULT_SMTP.smtpHost),
      smtpPort: typeof smtp.smtpPort === 'number' ? smtp.smtpPort : null,
      encryption,
      smtpUsername: str(smtp.smtpUsername, DEFAULT_SMTP.smtpUsername),
      smtpFrom: str(smtp.smtpFrom, DEFAULT_SMTP.smtpFrom),
      smtpPasswordSealed: typeof smtp.smtpPasswordSealed === 'string' ? smtp.smtpPasswordSealed : null,
    },
  };
}

/** The settings as the back office sees them: the SMTP password only as "set". */
export function settingsView(stored: StoredSettings, smtpUrlOverride: boolean): SystemSettingsView {
  const { smtpPasswordSealed, ...smtp } = stored.smtp;
  return {
    general: stored.general,
    security: {
      requireStaffTwoFactor: stored.requireStaffTwoFactor,
      sslEnforcement: stored.policy.sslEnforcement,
      passwordPolicy: stored.policy.passwordPolicy,
    },
    email: { ...smtp, smtpPasswordSet: smtpPasswordSealed !== null },
    smtpUrlOverride,
  };
}

/**
 * What the audit log keeps of the settings: everything but the password, which shows only as set (masked by
 * lib/audit.ts) or null; `smtpCredentialChange` says whether a save kept, replaced or cleared it.
 */
export function auditView(stored: StoredSettings) {
  const { smtpPasswordSealed, ...smtp } = stored.smtp;
  return {
    general: stored.general,
    security: { requireStaffTwoFactor: stored.requireStaffTwoFactor, ...stored.policy },
    email: {
      ...smtp,
      smtpPassword: smtpPasswordSealed === null ? null : 'set',
      smtpCredentialChange: undefined as 'kept' | 'replaced' | 'cleared' | undefined,
    },
  };
}

export function publicSettings(stored: StoredSettings): PublicSettings {
  return {
    siteName: stored.general.siteName,
    supportEmail: stored.general.supportEmail,
    defaultLanguage: stored.general.defaultLanguage,
    passwordPolicy: stored.policy.passwordPolicy,
  };
}

/** The SMTP row an Email section input gives, from the saved one: the password kept, replaced or cleared. */
export function nextSmtp(previous: StoredSmtp, input: EmailSettingsInput, box: SecretBox): StoredSmtp {
  let smtpPasswordSealed = previous.smtpPasswordSealed;
  if (input.smtpPasswordClear) smtpPasswordSealed = null;
  else if (input.smtpPassword) smtpPasswordSealed = box.seal(input.smtpPassword, SMTP_PASSWORD_PURPOSE);
  return {
    smtpHost: input.smtpHost.toLowerCase(),
    smtpPort: input.smtpPort,
    encryption: input.encryption,
    smtpUsername: input.smtpUsername,
    smtpFrom: input.smtpFrom,
    smtpPasswordSealed,
  };
}

/** The SMTP password in clear, for the mailer only; undefined when none is saved or it cannot be opened. */
export function smtpPassword(smtp: StoredSmtp, box: SecretBox): string | undefined {
  return smtp.smtpPasswordSealed === null ? undefined : box.open(smtp.smtpPasswordSealed, SMTP_PASSWORD_PURPOSE);
}

async function upsert(executor: Kysely<Database>, key: string, value: unknown, actorId: string, now: number) {
  await writeSettingValue(executor, key, JSON.stringify(value), actorId, now);
}

/** Writes every part; call inside the transaction that writes the audit entry. */
export async function writeStoredSettings(
  executor: Kysely<Database>,
  settings: StoredSettings,
  actorId: string,
  now: number,
): Promise<void> {
  await upsert(executor, GENERAL_SETTING, settings.general, actorId, now);
  await writeSecuritySettings(executor, { requireStaffTwoFactor: settings.requireStaffTwoFactor }, actorId, now);
  await upsert(executor, POLICY_SETTING, settings.policy, actorId, now);
  await upsert(executor, SMTP_SETTING, settings.smtp, actorId, now);
}

/** The stored form of a validated PUT body. */
export function storedFrom(previous: StoredSettings, input: SystemSettingsData, box: SecretBox): StoredSettings {
  return {
    general: input.general,
    requireStaffTwoFactor: input.security.requireStaffTwoFactor ?? previous.requireStaffTwoFactor,
    policy: { sslEnforcement: input.security.sslEnforcement, passwordPolicy: input.security.passwordPolicy },
    smtp: nextSmtp(previous.smtp, input.email, box),
  };
}
