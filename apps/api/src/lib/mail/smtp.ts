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

/** The ports a mail server listens on: SMTP, SMTPS, submission and the common alternative submission port. */
export const SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

/**
 * Whether the back office may save or test a server on this port: the SMTP ports, and those the operator added
 * (SMTP_EXTRA_PORTS). Any other would let an administrator probe which ports of a host are open
 * (docs/decisions/045-production-hardening.md).
 */
export function smtpPortAllowed(port: number, extraPorts: readonly number[]): boolean {
  return SMTP_PORTS.includes(port) || extraPorts.includes(port);
}

/**
 * Whether a failed send had an SMTP conversation: the server greeted and then answered a command with an SMTP
 * reply code. nodemailer names the command that failed; `CONN` is the connection and greeting (refused, timed out,
 * TLS, or something that is not an SMTP server speaking).
 */
export function isSmtpConversationError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { command, responseCode } = error as { command?: unknown; responseCode?: unknown };
  return typeof command === 'string' && command !== 'CONN' && typeof responseCode === 'number';
}

/** An error's text as the operator may see it: no password in it, one line, bounded. */
export function smtpErrorText(error: unknown, password: string | undefined): string {
  const raw = error instanceof Error ? error.message : String(error);
  const scrubbed = password ? raw.split(password).join('********') : raw;
  return scrubbed.replace(/\s+/g, ' ').trim().slice(0, 500);
}
