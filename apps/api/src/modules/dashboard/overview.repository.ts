import { CURRENCY, CUSTOMER_ROLE } from '@hostpilot/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The back office overview's queries (docs/decisions/056-module-shape.md): a read model of figures over the
 * tables of several modules (users, services, servers and their samples, domains, payments, tickets, activity,
 * orders), each figure one query, as the customer's dashboard reads its summary (dashboard.repository.ts).
 */

const DAY = 86_400_000;

/** The overview's figures: users, active hosting, server load, domains and their endings, revenue, tickets, activity. */
export function overviewFigures(db: Kysely<Database>, d30: number, d60: number) {
  const sum = (column: 'amountCents') => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
  return Promise.all([
    db
      .selectFrom('users')
      .where('deletedAt', 'is', null)
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        sql<number>`coalesce(sum(case when created_at >= ${d30} then 1 else 0 end), 0)`.as('last30'),
        sql<number>`coalesce(sum(case when created_at >= ${d60} and created_at < ${d30} then 1 else 0 end), 0)`.as(
          'previous30',
        ),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('services')
      .where('kind', '=', 'hosting')
      .where('status', '=', 'active')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('servers')
      .where('servers.status', '=', 'active')
      .select((eb) =>
        eb
          .selectFrom('serverUsageSamples')
          .select('serverUsageSamples.cpuPercent')
          .whereRef('serverUsageSamples.serverId', '=', 'servers.id')
          .orderBy('serverUsageSamples.takenAt', 'desc')
          .limit(1)
          .as('cpu'),
      )
      .execute(),
    db
      .selectFrom('domains')
      .where('status', '=', 'active')
      .where('deletedAt', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('domains')
      .where('status', '=', 'active')
      .where('deletedAt', 'is', null)
      .groupBy('tld')
      .select((eb) => ['tld', eb.fn.countAll<number>().as('n')])
      .orderBy('n', 'desc')
      .orderBy('tld')
      .execute(),
    db
      .selectFrom('payments')
      .where('status', '=', 'completed')
      .where('currency', '=', CURRENCY)
      .where('completedAt', '>=', d30)
      .select(sum('amountCents').as('sum'))
      .executeTakeFirst(),
    db
      .selectFrom('payments')
      .where('status', '=', 'completed')
      .where('currency', '=', CURRENCY)
      .where('completedAt', '>=', d60)
      .where('completedAt', '<', d30)
      .select(sum('amountCents').as('sum'))
      .executeTakeFirst(),
    db
      .selectFrom('tickets')
      .where('status', '!=', 'closed')
      .groupBy('priority')
      .select((eb) => ['priority', eb.fn.countAll<number>().as('n')])
      .execute(),
    db
      .selectFrom('activity')
      .innerJoin('users', 'users.id', 'activity.userId')
      .select([
        'activity.id',
        'activity.action',
        'activity.subjectType',
        'activity.subjectId',
        'activity.params',
        'activity.createdAt',
        'users.id as userId',
        'users.firstName',
        'users.lastName',
        'users.email',
      ])
      .orderBy('activity.createdAt', 'desc')
      .orderBy('activity.id', 'desc')
      .limit(10)
      .execute(),
  ]);
}

/** The trends' rows, each figure grouped by day in the database from `from` (a UTC midnight) on. */
export function trendRows(db: Kysely<Database>, from: number) {
  // Literals, not parameters, so that both databases divide integers (PostgreSQL would type a parameter as numeric).
  const dayOf = (column: string) => sql<number>`(${sql.ref(column)} - ${sql.lit(from)}) / ${sql.lit(DAY)}`;
  return Promise.all([
    db
      .selectFrom('payments')
      .where('status', '=', 'completed')
      .where('currency', '=', CURRENCY)
      .where('completedAt', '>=', from)
      .select([dayOf('completedAt').as('day'), sql<number>`sum(amount_cents)`.as('value')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('users')
      .where('role', '=', CUSTOMER_ROLE)
      .where('deletedAt', 'is', null)
      .where('createdAt', '>=', from)
      .select([dayOf('createdAt').as('day'), sql<number>`count(*)`.as('value')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('orders')
      .where('createdAt', '>=', from)
      .select([dayOf('createdAt').as('day'), sql<number>`count(*)`.as('value')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('tickets')
      .where('createdAt', '>=', from)
      .select([dayOf('createdAt').as('day'), sql<number>`count(*)`.as('value')])
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('serverUsageSamples')
      .where('takenAt', '>=', from)
      .select([dayOf('takenAt').as('day'), sql<number>`avg(cpu_percent)`.as('value')])
      .groupBy(sql`1`)
      .execute(),
  ]);
}
