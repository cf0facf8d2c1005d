import fs from 'node:fs';
import os from 'node:os';
import {
  type AdminOverview,
  type AdminTrends,
  CURRENCY,
  dashboardEndpoints,
  CUSTOMER_ROLE,
  TICKET_PRIORITIES,
} from '@hostpilot/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRoute } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/errors';
import { STAFF_ERRORS } from '../../lib/staff-errors';
import { fullName, iso } from '../../lib/staff-list';

const DAY = 86_400_000;

/** Growth of `now` against `before` in percent, one decimal; null when there is nothing to compare with. */
export function changePercent(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** CPU, memory and the disk of DATA_DIR of the host this API runs on. */
export function systemStatus(dataDir: string): AdminOverview['system'] {
  const cores = os.cpus().length || 1;
  const loadAverage = os.loadavg() as [number, number, number];
  const totalMemory = os.totalmem();
  const usedMemory = totalMemory - os.freemem();
  let disk = { totalBytes: 0, usedBytes: 0, usedPercent: 0 };
  try {
    const stats = fs.statfsSync(dataDir);
    const totalBytes = stats.blocks * stats.bsize;
    const usedBytes = totalBytes - stats.bavail * stats.bsize;
    disk = { totalBytes, usedBytes, usedPercent: totalBytes > 0 ? round1((usedBytes / totalBytes) * 100) : 0 };
  } catch {
    // DATA_DIR unreadable: report nothing rather than fail the overview.
  }
  return {
    cpu: {
      cores,
      loadAverage: loadAverage.map(round1) as [number, number, number],
      usagePercent: Math.min(100, round1((loadAverage[0] / cores) * 100)),
    },
    memory: {
      totalBytes: totalMemory,
      usedBytes: usedMemory,
      usedPercent: round1((usedMemory / totalMemory) * 100),
    },
    disk,
    uptimeSeconds: Math.floor(process.uptime()),
  };
}

/** GET /admin/overview: the back office's first page, every figure computed from the data now. */
export const adminOverviewRoutes: FastifyPluginAsyncZod<{ dataDir: string; clock: Clock }> = async (app, options) => {
  const { db } = app.database;

  endpointRoute(
    app,
    dashboardEndpoints.getAdminOverview,
    {
      schema: {
        tags: ['admin'],
        summary: 'Overview figures: users, hosting and server load, domains by TLD, revenue, tickets, activity, host',
        description: 'Computed on each call from the data. Needs `overview.read`.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async (): Promise<AdminOverview> => {
      const now = Date.now();
      const d30 = now - 30 * DAY;
      const d60 = now - 60 * DAY;
      const sum = (column: 'amountCents') => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
      const [users, hosting, load, domains, byTld, revenueNow, revenueBefore, tickets, activity] = await Promise.all([
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

      const cpu = load.map((row) => row.cpu).filter((value): value is number => value !== null);
      const byPriority = Object.fromEntries(TICKET_PRIORITIES.map((p) => [p, 0])) as Record<
        (typeof TICKET_PRIORITIES)[number],
        number
      >;
      for (const row of tickets) byPriority[row.priority] = Number(row.n);
      const last30 = Number(users?.last30 ?? 0);
      const previous30 = Number(users?.previous30 ?? 0);
      const revenue30 = Number(revenueNow?.sum ?? 0);
      const revenuePrevious = Number(revenueBefore?.sum ?? 0);

      return {
        users: {
          total: Number(users?.total ?? 0),
          newLast30Days: last30,
          newPrevious30Days: previous30,
          growthPercent: changePercent(last30, previous30),
        },
        hosting: {
          active: Number(hosting?.n ?? 0),
          serverLoadPercent: cpu.length > 0 ? round1(cpu.reduce((a, b) => a + Number(b), 0) / cpu.length) : null,
        },
        domains: {
          active: Number(domains?.n ?? 0),
          byTld: byTld.map((row) => ({ tld: row.tld, count: Number(row.n) })),
        },
        revenue: {
          last30Days: { amountMinor: revenue30, currency: CURRENCY },
          previous30Days: { amountMinor: revenuePrevious, currency: CURRENCY },
          changePercent: changePercent(revenue30, revenuePrevious),
        },
        tickets: { open: Object.values(byPriority).reduce((a, b) => a + b, 0), byPriority },
        recentActivity: activity.map((row) => ({
          id: row.id,
          action: row.action,
          subjectType: row.subjectType,
          subjectId: row.subjectId,
          params: parseParams(row.params),
          createdAt: iso(row.createdAt),
          user: { id: row.userId, name: fullName(row.firstName, row.lastName), email: row.email },
        })),
        system: systemStatus(options.dataDir),
      };
    },
  );

  endpointRoute(
    app,
    dashboardEndpoints.getAdminOverviewTrends,
    {
      schema: {
        tags: ['admin'],
        summary: 'Daily revenue, new customers, orders, tickets and server load of the last 7, 30 or 90 days',
        description:
          'One entry per UTC day, oldest first, ending today; every figure grouped by day in the database. ' +
          'Needs `overview.read`.',
        response: errorResponses(STAFF_ERRORS),
      },
    },
    async (request) => readTrends(db, options.clock.now(), request.query.days),
  );
};

/**
 * The overview's charts, one figure per UTC day from `days - 1` days ago to today
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md). Each figure is grouped by day in the database: one
 * query per figure, whatever the number of rows.
 */
export async function readTrends(db: Kysely<Database>, now: number, days: number): Promise<AdminTrends> {
  const from = now - (now % DAY) - (days - 1) * DAY;
  // Literals, not parameters, so that both databases divide integers (PostgreSQL would type a parameter as numeric).
  const dayOf = (column: string) => sql<number>`(${sql.ref(column)} - ${sql.lit(from)}) / ${sql.lit(DAY)}`;
  const [payments, customers, orders, tickets, load] = await Promise.all([
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
  const byDay = (rows: { day: number | string; value: number | string | null }[]) =>
    new Map(rows.map((row) => [Number(row.day), Number(row.value ?? 0)]));
  const [revenue, newCustomers, placed, opened, cpu] = [payments, customers, orders, tickets, load].map(byDay);
  return {
    days: Array.from({ length: days }, (_, at) => ({
      day: new Date(from + at * DAY).toISOString().slice(0, 10),
      revenue: { amountMinor: revenue!.get(at) ?? 0, currency: CURRENCY },
      newCustomers: newCustomers!.get(at) ?? 0,
      orders: placed!.get(at) ?? 0,
      tickets: opened!.get(at) ?? 0,
      serverLoadPercent: cpu!.has(at) ? round1(cpu!.get(at)!) : null,
    })),
  };
}

function parseParams(json: string): Record<string, string | number | boolean | null> {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, string | number | boolean | null>)
      : {};
  } catch {
    return {};
  }
}
