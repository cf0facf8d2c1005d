import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailLanguage } from './language';
import { DEFAULT_SITE, type MailSite, renderMail, type MailTemplate } from './templates';

/** One mail as the outbox keeps it (one JSON file per mail), and as tests and the back office read it. */
export interface OutboxMail {
  id: string;
  createdAt: number;
  from: string;
  to: string;
  language: MailLanguage;
  template: MailTemplate['kind'];
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Renders the template in the language and sends it (SMTP), or files it in the outbox. */
  send(to: string, template: MailTemplate, language: MailLanguage): Promise<void>;
  close(): Promise<void>;
}

/** What the saved settings give the mailer at each send (docs/decisions/034-system-settings-and-mail.md). */
export interface MailSettings {
  /** The site's name and support address, as the mails name them. */
  site: MailSite;
  /** The sender; empty means MailerOptions.from. */
  from: string;
  /** The saved SMTP server; undefined means none (the outbox). */
  smtp: SMTPTransport.Options | undefined;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL with credentials when needed (SMTP_URL): when set, it wins over the saved server. */
  smtpUrl: string | undefined;
  from: string;
  /** Where the outbox keeps its files (DATA_DIR/outbox). */
  outboxDir: string;
  /** The saved settings, read at each send; without it, the defaults and SMTP_URL alone. */
  settings?: () => Promise<MailSettings>;
  now?: () => number;
}

/** Files a rendered mail in the outbox: one JSON file (mode 0600, the folder 0700), written aside then renamed. */
export async function fileInOutbox(outboxDir: string, mail: OutboxMail): Promise<void> {
  fs.mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
  const name = `${String(mail.createdAt).padStart(15, '0')}-${mail.id}.json`;
  // Written aside and renamed into place, so that a reader never sees half a mail.
  const partial = path.join(outboxDir, `.${name}.partial`);
  await fs.promises.writeFile(partial, JSON.stringify(mail, null, 2), { mode: 0o600, flag: 'wx' });
  await fs.promises.rename(partial, path.join(outboxDir, name));
}

/**
 * Mails through SMTP when a server is configured (SMTP_URL, else the server saved in the back office), otherwise
 * into the outbox folder, so development, tests and the back office can read what would have been sent.
 */
export function createMailer(options: MailerOptions): Mailer {
  const now = options.now ?? Date.now;
  const fixed = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  /** The transport of the saved server, kept while its settings stay the same. */
  let saved: { key: string; transport: Transporter } | undefined;

  const transportFor = (smtp: SMTPTransport.Options | undefined): Transporter | undefined => {
    if (fixed) return fixed;
    if (!smtp) return undefined;
    const key = JSON.stringify(smtp);
    if (saved?.key !== key) {
      saved?.transport.close();
      saved = { key, transport: nodemailer.createTransport(smtp) };
    }
    return saved.transport;
  };

  return {
    async send(to, template, language) {
      const settings = options.settings ? await options.settings() : undefined;
      const from = settings?.from || options.from;
      const content = renderMail(template, language, settings?.site ?? DEFAULT_SITE);
      const transport = transportFor(settings?.smtp);
      if (transport) {
        await transport.sendMail({ from, to, ...content });
        return;
      }
      await fileInOutbox(options.outboxDir, {
        id: randomUUID(),
        createdAt: now(),
        from,
        to,
        language,
        template: template.kind,
        ...content,
      });
    },
    async close() {
      fixed?.close();
      saved?.transport.close();
    },
  };
}

/**
 * A mail's text or HTML with the secret of every link masked: the token after `#` (how reset, verification and
 * other one-time links carry it, so that it never reaches a server log) and a `token=` or `code=` query value.
 * The back office shows the outbox through it (docs/decisions/045-production-hardening.md).
 */
export function maskLinkTokens(content: string): string {
  return content
    .replace(/#[A-Za-z0-9_-]{16,}/g, '#••••••••')
    .replace(/([?&](?:amp;)?(?:token|code)=)[^&\s"'<]+/gi, '$1••••••••');
}

/** Every mail in an outbox folder, oldest first. */
export function readOutbox(outboxDir: string): OutboxMail[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8')) as OutboxMail);
}

/** One mail of an outbox by its id, or undefined. */
export function findOutboxMail(outboxDir: string, id: string): OutboxMail | undefined {
  if (!/^[0-9a-f-]{36}$/i.test(id) || !fs.existsSync(outboxDir)) return undefined;
  const name = fs.readdirSync(outboxDir).find((file) => file.endsWith(`-${id.toLowerCase()}.json`));
  return name ? (JSON.parse(fs.readFileSync(path.join(outboxDir, name), 'utf8')) as OutboxMail) : undefined;
}
