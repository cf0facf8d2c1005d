import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailLanguage } from './language';
import { renderMail, type MailTemplate } from './templates';

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

export interface MailerOptions {
  /** smtp:// or smtps:// URL with credentials when needed; unset means the outbox. */
  smtpUrl: string | undefined;
  from: string;
  /** Where the outbox keeps its files (DATA_DIR/outbox). */
  outboxDir: string;
  now?: () => number;
}

/**
 * Mails through SMTP when a server is configured, otherwise into the outbox folder: one JSON file per mail
 * (mode 0600, the folder 0700), so development, tests and the back office can read what would have been sent.
 */
export function createMailer(options: MailerOptions): Mailer {
  const now = options.now ?? Date.now;
  let transport: Transporter | undefined;
  if (options.smtpUrl) transport = nodemailer.createTransport(options.smtpUrl);

  return {
    async send(to, template, language) {
      const content = renderMail(template, language);
      if (transport) {
        await transport.sendMail({ from: options.from, to, ...content });
        return;
      }
      const mail: OutboxMail = {
        id: randomUUID(),
        createdAt: now(),
        from: options.from,
        to,
        language,
        template: template.kind,
        ...content,
      };
      fs.mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const name = `${String(mail.createdAt).padStart(15, '0')}-${mail.id}.json`;
      // Written aside and renamed into place, so that a reader never sees half a mail.
      const partial = path.join(options.outboxDir, `.${name}.partial`);
      await fs.promises.writeFile(partial, JSON.stringify(mail, null, 2), { mode: 0o600, flag: 'wx' });
      await fs.promises.rename(partial, path.join(options.outboxDir, name));
    },
    async close() {
      transport?.close();
    },
  };
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
