import { randomUUID } from 'node:crypto';
import type { Language } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { journal } from '../../lib/journal';
import { takeNumbers, TICKET_COUNTER, TICKET_NUMBER_BASE } from '../billing';
import { insertTicket } from './support.repository';
import { addMessage } from './ticket-moves';

/**
 * A guest ticket (decision 053): the contact form's message from a visitor without an account, opened in the
 * general department with no owner but the visitor's address, name and language. Its status history and audit
 * entry are written in the same transaction; staff answers go to the address by mail.
 */
export async function openGuestTicket(
  db: Kysely<Database>,
  input: { name: string; email: string; message: string; language: Language; now: number; clientIp: string },
): Promise<{ id: string; number: number }> {
  return db.transaction().execute(async (trx) => {
    const number = TICKET_NUMBER_BASE + (await takeNumbers(trx, TICKET_COUNTER));
    const id = randomUUID();
    await insertTicket(trx, {
      id,
      number,
      userId: null,
      subject: guestSubject(input.message),
      department: 'general',
      priority: 'medium',
      status: 'open',
      assignedTo: null,
      createdAt: input.now,
      updatedAt: input.now,
      closedAt: null,
      guestEmail: input.email,
      guestName: input.name,
      guestLanguage: input.language,
    });
    await addMessage(trx, id, { id: null, kind: 'customer' }, input.message, input.now);
    const log = journal(trx, null, null, input.now, input.clientIp);
    await log.statusChange({ entityType: 'ticket', entityId: id, from: null, to: 'open' });
    await log.audit({
      action: 'ticket.guestOpened',
      entityType: 'ticket',
      entityId: id,
      after: { status: 'open', length: input.message.length },
    });
    return { id, number };
  });
}

/** How long a guest ticket's subject may be: its message's first line, cut at a word where it is longer. */
export const GUEST_SUBJECT_MAX_LENGTH = 80;

/** The subject of a guest ticket: the first line of the message, shortened to GUEST_SUBJECT_MAX_LENGTH. */
export function guestSubject(message: string): string {
  const line = message.trim().split(/\r?\n/, 1)[0]!.trim();
  if (line.length <= GUEST_SUBJECT_MAX_LENGTH) return line;
  const cut = line.slice(0, GUEST_SUBJECT_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > GUEST_SUBJECT_MAX_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
