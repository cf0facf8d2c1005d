import {
  type Activity,
  CURRENCY,
  type DashboardSummary,
  EXPIRING_SOON_DAYS,
  type ExpiringItem,
  type Notification,
} from '@hostpilot/shared';
import {
  type CompiledQuery,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import type { ActivityTable, Database, NotificationsTable } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { iso, money } from '../../lib/listing';
import { toActivity, toNotification } from '../notifications';

const DAY = 24 * 60 * 60 * 1000;
const LATEST = 5;
const EXPIRING_LIMIT = 10;

/** Values no call passes: an id is a UUID, and "now + 30 days" is never negative. */
const USER_PLACEHOLDER = ':user';
const UNTIL_PLACEHOLDER = Number.MIN_SAFE_INTEGER;

type ExpiringRow = { id: string; kind: ExpiringItem['kind']; name: string; expiresAt: number };

/** Newest first, then by id: the order of the activity and notification lists. */
const newestFirst = (a: { createdAt: number; id: string }, b: { createdAt: number; id: string }) =>
  b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The dashboard home in one call (docs/product/screens.md): counts, expiring soon, balance, latest news.
 *
 * Everything is read by one statement (docs/decisions/025-scale-read-paths.md): scalar subqueries for the
 * counts and the ledger's sum, and each short list as a JSON array, every part served by an index on the
 * owner (`customer-query-plans.test.ts`). One round trip instead of nine: on PostgreSQL nine queries held nine
 * pool connections per request, and on either database each query paid Kysely's and the driver's fixed cost.
 */
export function createDashboardService(
  db: Kysely<Database>,
  clock: Clock,
  prepare: (sqlText: string) => void = () => undefined,
) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The SQLite helper answers JSON text, the PostgreSQL one an array the driver has already parsed.
  const jsonArray = <O>(query: SelectQueryBuilder<Database, keyof Database, O>): RawBuilder<unknown> =>
    postgres ? postgresJsonArray(query) : sqliteJsonArray(query);
  const rowsOf = <O>(value: unknown): O[] =>
    typeof value === 'string' ? (JSON.parse(value) as O[]) : Array.isArray(value) ? (value as O[]) : [];

  function query(userId: string, until: number) {
    return db.selectNoFrom((eb) => [
      eb
        .selectFrom('services')
        .select(eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('kind', '=', 'hosting')
        .where('status', '<>', 'cancelled')
        .as('hosting'),
      eb
        .selectFrom('services')
        .select(eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('kind', '<>', 'hosting')
        .where('status', '<>', 'cancelled')
        .as('otherServices'),
      eb
        .selectFrom('domains')
        .select(eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('deletedAt', 'is', null)
        .as('domains'),
      eb
        .selectFrom('tickets')
        .select(eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('status', '=', 'open')
        .as('openTickets'),
      // The balance is the ledger's sum (docs/decisions/012-data-model.md), read from a covering index.
      eb
        .selectFrom('ledgerEntries')
        .select((ledger) => ledger.fn.coalesce(ledger.fn.sum<number>('amountCents'), sql<number>`0`).as('sum'))
        .where('userId', '=', userId)
        .where('currency', '=', CURRENCY)
        .as('balance'),
      eb
        .selectFrom('notifications')
        .select(eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .as('unread'),
      // When the window next gains an item: the first expiry past its end (the summary is kept until then,
      // docs/decisions/039-account-generation-and-kept-answers.md).
      eb
        .selectFrom('services')
        .select((services) => services.fn.min<number>('expiresAt').as('next'))
        .where('userId', '=', userId)
        .where('expiresAt', '>', until)
        .where('status', 'in', ['active', 'suspended'])
        .as('nextServiceExpiry'),
      eb
        .selectFrom('domains')
        .select((domains) => domains.fn.min<number>('expiresAt').as('next'))
        .where('userId', '=', userId)
        .where('deletedAt', 'is', null)
        .where('expiresAt', '>', until)
        .where('status', 'in', ['active', 'graceperiod'])
        .as('nextDomainExpiry'),
      jsonArray(
        eb
          .selectFrom('services')
          .select(['id', 'kind', sql<string>`coalesce(domain, name)`.as('name'), 'expiresAt'])
          .where('userId', '=', userId)
          .where('expiresAt', '<=', until)
          .where('status', 'in', ['active', 'suspended'])
          .orderBy('expiresAt')
          .limit(EXPIRING_LIMIT),
      ).as('expiringServices'),
      jsonArray(
        eb
          .selectFrom('domains')
          .select(['id', sql<'domain'>`'domain'`.as('kind'), 'name', 'expiresAt'])
          .where('userId', '=', userId)
          .where('deletedAt', 'is', null)
          .where('expiresAt', '<=', until)
          .where('status', 'in', ['active', 'graceperiod'])
          .orderBy('expiresAt')
          .limit(EXPIRING_LIMIT),
      ).as('expiringDomains'),
      jsonArray(
        eb
          .selectFrom('activity')
          .select(['id', 'action', 'subjectType', 'subjectId', 'params', 'createdAt'])
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(LATEST),
      ).as('activity'),
      jsonArray(
        eb
          .selectFrom('notifications')
          .select(['id', 'type', 'key', 'params', 'createdAt', 'readAt'])
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(LATEST),
      ).as('notifications'),
    ]);
  }

  // Built and compiled once with placeholder values, which each call replaces with its own: building and
  // compiling the statement cost as much as running it.
  const compiled = query(USER_PLACEHOLDER, UNTIL_PLACEHOLDER).compile();
  type SummaryRow = typeof compiled extends CompiledQuery<infer R> ? R : never;
  for (const placeholder of [USER_PLACEHOLDER, UNTIL_PLACEHOLDER]) {
    if (!compiled.parameters.includes(placeholder)) throw new Error('the dashboard summary query lost a parameter');
  }
  // Planning this statement cost PostgreSQL more than running it.
  prepare(compiled.sql);

  /**
   * The summary, and until when it holds while nothing of the account changes: the moment the 30-day window
   * reaches the next expiry past its end (`null` when none is ahead). Items never leave the window with time
   * alone: an expired service stays in it until its status changes, which is a change of the account.
   */
  async function read(userId: string): Promise<{ summary: DashboardSummary; holdsUntil: number | null }> {
    const until = clock.now() + EXPIRING_SOON_DAYS * DAY;
    const parameters = compiled.parameters.map((value) =>
      value === USER_PLACEHOLDER ? userId : value === UNTIL_PLACEHOLDER ? until : value,
    );
    const [row] = (await db.executeQuery<SummaryRow>({ ...compiled, parameters })).rows;
    if (!row) throw new Error('the dashboard summary query answered no row');
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

  return {
    read,
    async summary(userId: string): Promise<DashboardSummary> {
      return (await read(userId)).summary;
    },
  };
}
