import {
  type Activity,
  CURRENCY,
  type DashboardSummary,
  EXPIRING_SOON_DAYS,
  type Notification,
} from '@hostpilot/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ActivityTable, Database, NotificationsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { iso, money } from '../../lib/listing';
import { toActivity, toNotification } from '../notifications';
import {
  compileSummaryStatement,
  EXPIRING_LIMIT,
  type ExpiringRow,
  type SummaryStatement,
  summaryRow,
} from './dashboard.repository';

const DAY = 24 * 60 * 60 * 1000;

/** What the summary use cases need: the database, the clock and the summary statement compiled once. */
export interface DashboardSummaryDeps {
  db: Kysely<Database>;
  clock: Clock;
  statement: SummaryStatement;
}

/**
 * Builds the summary's deps once (a route plugin does, at registration): the statement is compiled here and its
 * text handed to `prepare` (the database's statement cache).
 */
export function dashboardSummaryDeps(
  db: Kysely<Database>,
  clock: Clock,
  prepare: (sqlText: string) => void = () => undefined,
): DashboardSummaryDeps {
  return { db, clock, statement: compileSummaryStatement(db, prepare) };
}

/** Newest first, then by id: the order of the activity and notification lists. */
const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** The SQLite helper answers JSON text, the PostgreSQL one an array the driver has already parsed. */
const rowsOf = <O>(value: unknown): O[] =>
  typeof value === 'string' ? (JSON.parse(value) as O[]) : Array.isArray(value) ? (value as O[]) : [];

/**
 * The dashboard home in one call (docs/product/screens.md): counts, expiring soon, balance, latest news, read
 * by one statement (docs/decisions/025-scale-read-paths.md; `dashboard.repository.ts` says why), and until when
 * it holds while nothing of the account changes: the moment the 30-day window reaches the next expiry past its
 * end (`null` when none is ahead). Items never leave the window with time alone: an expired service stays in it
 * until its status changes, which is a change of the account.
 */
export async function readDashboardSummary(
  deps: DashboardSummaryDeps,
  userId: string,
): Promise<{ summary: DashboardSummary; holdsUntil: number | null }> {
  const until = deps.clock.now() + EXPIRING_SOON_DAYS * DAY;
  const row = await summaryRow(deps.db, deps.statement, userId, until);
  const expiring = [...rowsOf<ExpiringRow>(row.expiringServices), ...rowsOf<ExpiringRow>(row.expiringDomains)]
    .sort((a, b) => a.expiresAt - b.expiresAt || a.id.localeCompare(b.id))
    .slice(0, EXPIRING_LIMIT)
    .map((item) => ({ ...item, expiresAt: iso(item.expiresAt) }));
  const activity: Activity[] = rowsOf<Omit<Selectable<ActivityTable>, 'userId'>>(row.activity)
    .sort(newestFirst)
    .map(toActivity);
  const notifications: Notification[] = rowsOf<Omit<Selectable<NotificationsTable>, 'userId'>>(row.notifications)
    .sort(newestFirst)
    .map(toNotification);
  const nextExpiries = [row.nextServiceExpiry, row.nextDomainExpiry]
    .filter((value) => value !== null && value !== undefined)
    .map(Number);
  const summary: DashboardSummary = {
    counts: {
      hosting: Number(row.hosting ?? 0),
      domains: Number(row.domains ?? 0),
      services: Number(row.otherServices ?? 0),
      openTickets: Number(row.openTickets ?? 0),
    },
    expiringSoon: expiring,
    balance: money(Number(row.balance ?? 0), CURRENCY),
    recentActivity: activity,
    notifications,
    unreadNotifications: Number(row.unread ?? 0),
  };
  const holdsUntil = nextExpiries.length > 0 ? Math.min(...nextExpiries) - EXPIRING_SOON_DAYS * DAY : null;
  return { summary, holdsUntil };
}

/** The summary alone. */
export async function dashboardSummary(deps: DashboardSummaryDeps, userId: string): Promise<DashboardSummary> {
  return (await readDashboardSummary(deps, userId)).summary;
}
