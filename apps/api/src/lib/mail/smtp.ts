import { type SmtpEncryption, smtpPortOf } from '@hostpilot/shared';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** A configured SMTP server, as the back office's Email section gives it (docs/decisions/034-system-settings-and-mail.md). */
export interface SmtpServerSettings {
  host: string;
  port: number | null;
  encryption: SmtpEncryption;
  username: string;
  password: string | undefined;
}

/** How long a send may wait on a slow or silent server, so a test answers rather than hangs. */
const TIMEOUT_MS = 15_000;

/**
 * nodemailer's options for the server: `ssl` is TLS from the first byte (usually 465); `tls` requires STARTTLS
 * (usually 587) and fails rather than sending in the clear; `none` never upgrades.
 */
export function smtpTransportOptions(server: SmtpServerSettings): SMTPTransport.Options {
  return {
    host: server.host,
    port: smtpPortOf(server.port, server.encryption),
    secure: server.encryption === 'ssl',
    requireTLS: server.encryption === 'tls',
    ignoreTLS: server.encryption === 'none',
    ...(server.username ? { auth: { user: server.username, pass: server.password ?? '' } } : {}),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  };
}

/** An error's text as the operator may see it: no password in it, one line, bounded. */
export function smtpErrorText(error: unknown, password: string | undefined): string {
  const raw = error instanceof Error ? error.message : String(error);
  const scrubbed = password ? raw.split(password).join('********') : raw;
  return scrubbed.replace(/\s+/g, ' ').trim().slice(0, 500);
}
