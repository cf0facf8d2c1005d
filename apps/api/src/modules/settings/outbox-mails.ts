import type { adminOutboxQuerySchema, OutboxMailView } from '@hostpilot/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { pageOf } from '../../lib/listing';
import { findOutboxMail, maskLinkTokens, readOutbox } from '../../lib/mail/mailer';

/**
 * The outbox (DATA_DIR/outbox), where mails go while no SMTP server is configured
 * (docs/decisions/034-system-settings-and-mail.md): one page, newest first unless asked otherwise; `q` matches
 * the recipient.
 */
export function listOutboxMails(outboxDir: string, query: z.output<typeof adminOutboxQuerySchema>) {
  const needle = query.q?.toLowerCase();
  let mails = readOutbox(outboxDir);
  if (needle) mails = mails.filter((item) => item.to.toLowerCase().includes(needle));
  if (query.order === 'desc') mails.reverse();
  const start = (query.page - 1) * query.pageSize;
  const items = mails.slice(start, start + query.pageSize).map((item) => ({
    id: item.id,
    createdAt: new Date(item.createdAt).toISOString(),
    to: item.to,
    subject: item.subject,
    language: item.language,
    template: item.template,
  }));
  return pageOf(query, mails.length, items);
}

/** One mail of the outbox, its links' tokens masked: they would let any reader act as the recipient. */
export function outboxMail(outboxDir: string, id: string): OutboxMailView {
  const found = findOutboxMail(outboxDir, id);
  if (!found) throw new AppError('NOT_FOUND');
  return {
    ...found,
    text: maskLinkTokens(found.text),
    html: maskLinkTokens(found.html),
    createdAt: new Date(found.createdAt).toISOString(),
  };
}
