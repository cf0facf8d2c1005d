import type { PasswordPolicy, PublicSettings } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { MailSettings } from '../../lib/mail/mailer';
import { smtpTransportOptions } from '../../lib/mail/smtp';
import type { SecretBox } from '../../lib/secret-box';
import { publicSettings, readStoredSettings, smtpPassword, type StoredSettings } from './system-settings';

/**
 * The saved System Settings as the rest of the server uses them: the mailer (site name, sender, SMTP server),
 * the password rules of registration, reset and change, the pages' default language
 * (docs/decisions/034-system-settings-and-mail.md). Read from the database on each use, so a change made on one
 * instance applies on every instance at once.
 */
export interface SiteSettings {
  box: SecretBox;
  read(): Promise<StoredSettings>;
  publicSettings(): Promise<PublicSettings>;
  passwordPolicy(): Promise<PasswordPolicy>;
  mail(): Promise<MailSettings>;
}

export function createSiteSettings(db: Kysely<Database>, box: SecretBox): SiteSettings {
  const read = () => readStoredSettings(db);
  return {
    box,
    read,
    async publicSettings() {
      return publicSettings(await read());
    },
    async passwordPolicy() {
      return (await read()).policy.passwordPolicy;
    },
    async mail() {
      const stored = await read();
      const { smtp } = stored;
      return {
        site: { name: stored.general.siteName, supportEmail: stored.general.supportEmail },
        from: smtp.smtpFrom,
        smtp: smtp.smtpHost
          ? smtpTransportOptions({
              host: smtp.smtpHost,
              port: smtp.smtpPort,
              encryption: smtp.encryption,
              username: smtp.smtpUsername,
              password: smtpPassword(smtp, box),
            })
          : undefined,
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The saved System Settings (modules/settings/site-settings.ts). */
    siteSettings: SiteSettings;
  }
}
