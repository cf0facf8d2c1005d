/** What the back office's mail settings need of the server's configuration (docs/decisions/034-system-settings-and-mail.md). */
export interface AdminMailOptions {
  /** SMTP_URL: when set it wins over the saved server. */
  smtpUrl: string | undefined;
  /** MAIL_FROM, the sender when the settings name none. */
  from: string;
  outboxDir: string;
  /** SMTP_EXTRA_PORTS: ports allowed besides the SMTP ones (lib/mail/smtp.ts). */
  extraPorts: readonly number[];
}
