import fs from 'node:fs';
import os from 'node:os';
import { type AdminOverview, type AdminTrends, CURRENCY, TICKET_PRIORITIES } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { fullName, iso } from '../../lib/staff-list';
import { overviewFigures, trendRows } from './overview.repository';

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

/** The back office's first page, every figure computed from the data now, and the host's CPU, memory and disk. */
export async function readOverview(db: Kysely<Database>, dataDir: string): Promise<AdminOverview> {
  const now = Date.now();
  const d30 = now - 30 * DAY;
  const d60 = now - 60 * DAY;
  const [users, hosting, load, domains, byTld, revenueNow, revenueBefore, tickets, activity] = await overviewFigures(
    db,
    d30,
    d60,
  );

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
    system: systemStatus(dataDir),
  };
}

/**
 * The overview's charts, one figure per UTC day from `days - 1` days ago to today
 * (docs/decisions/054-charts-and-the-look-of-a-brand.md). Each figure is grouped by day in the database: one
 * query per figure, whatever the number of rows.
 */
export async function readTrends(db: Kysely<Database>, now: number, days: number): Promise<AdminTrends> {
  const from = now - (now % DAY) - (days - 1) * DAY;
  const [payments, customers, orders, tickets, load] = await trendRows(db, from);
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
