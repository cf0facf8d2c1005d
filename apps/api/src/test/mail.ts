import { outboxDir, type ReadyConfig } from '../app';
import { type OutboxMail, readOutbox } from '../lib/mail/mailer';

/** Waits (up to two seconds) for a mail to `to` of a kind to reach the test app's outbox, and answers it. */
export async function waitForMail(config: ReadyConfig, to: string, template: OutboxMail['template']) {
  for (let i = 0; i < 200; i += 1) {
    const found = readOutbox(outboxDir(config)).filter((mail) => mail.to === to && mail.template === template);
    if (found.length > 0) return found[found.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no ${template} mail to ${to} in the outbox`);
}

/** Every mail to `to` in the outbox so far. */
export function mailsTo(config: ReadyConfig, to: string): OutboxMail[] {
  return readOutbox(outboxDir(config)).filter((mail) => mail.to === to);
}

/** The token of a link in a mail (after the #). */
export function linkToken(mail: OutboxMail): string {
  const match = /#([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error('no link in the mail');
  return match[1]!;
}
