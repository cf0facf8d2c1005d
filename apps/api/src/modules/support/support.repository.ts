import { type Ticket, type TicketDetail, ticketNumber, type ticketListQuerySchema } from '@hostpilot/shared';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database, TicketRow } from '../../db/schema';
import { contains, iso, offsetOf } from '../../lib/listing';

export type TicketQuery = z.output<typeof ticketListQuerySchema>;

/** Priority sorts by urgency, not alphabetically. */
const PRIORITY_RANK = sql<number>`case priority when 'low' then 0 when 'medium' then 1 when 'high' then 2 else 3 end`;

/** A ticket as lists show it: the customer's and, with the people added, the back office's. */
export function toTicket(
  row: Pick<TicketRow, 'id' | 'number' | 'subject' | 'department' | 'priority' | 'status' | 'createdAt' | 'updatedAt'>,
): Ticket {
  return {
    id: row.id,
    number: ticketNumber(row.number),
    subject: row.subject,
    department: row.department,
    priority: row.priority,
    status: row.status,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A customer's support tickets. Every query filters by the owner. */
export function createSupportRepository(db: Kysely<Database>) {
  return {
    async list(userId: string, query: TicketQuery): Promise<{ items: Ticket[]; total: number }> {
      let base = db.selectFrom('tickets').where('userId', '=', userId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.priority) base = base.where('priority', '=', query.priority);
      if (query.q) {
        const q = query.q;
        base = base.where((eb) => contains(eb.ref('subject'), q));
      }
      let ordered = base.selectAll();
      ordered =
        query.sort === 'priority'
          ? ordered.orderBy(PRIORITY_RANK, query.order).orderBy('updatedAt', 'desc')
          : ordered.orderBy(query.sort, query.order);
      const [rows, count] = await Promise.all([
        ordered.orderBy('id', query.order).limit(query.pageSize).offset(offsetOf(query)).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toTicket), total: Number(count.n) };
    },

    async find(userId: string, id: string): Promise<TicketDetail | undefined> {
      const row = await db
        .selectFrom('tickets')
        .selectAll()
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      const messages = await db
        .selectFrom('ticketMessages as m')
        .leftJoin('users as u', 'u.id', 'm.authorId')
        .select(['m.id', 'm.authorKind', 'm.body', 'm.createdAt', 'u.firstName', 'u.lastName'])
        .where('m.ticketId', '=', row.id)
        .orderBy('m.createdAt')
        .orderBy('m.id')
        .execute();
      return {
        ...toTicket(row),
        messages: messages.map((m) => ({
          id: m.id,
          authorKind: m.authorKind,
          // Staff sign with their first name only; a customer sees their own full name.
          authorName:
            m.authorKind === 'staff'
              ? (m.firstName ?? 'HostPilot')
              : [m.firstName, m.lastName].filter(Boolean).join(' '),
          body: m.body,
          createdAt: iso(m.createdAt),
        })),
      };
    },
  };
}
