import { CURRENCY, type ExpiringItem, type LedgerEntryType } from '@hostpilot/shared';
import {
  type CompiledQuery,
  type Kysely,
  PostgresAdapter,
  type RawBuilder,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import type { Database } from '../../db/schema';

/**
 * The customer dashboard's queries (docs/decisions/056-module-shape.md): a READ MODEL over the tables of several
 * modules (services, domains, tickets, ledger entries, notifications, activity, service usage samples, users),
 * as `overview.repository.ts` is for staff. It only reads them, one query per figure (the summary: one scalar
 * subquery or JSON array per figure, all in one statement); every change to those tables goes through the module
 * that owns them.
 *
 * Why a read model and not a call per module: the dashboard home's first paint (decision 065,
 * docs/decisions/065-the-dashboard-paints-with-its-html.md) waits on the summary, which is read by one statement
 * served by an index on the owner (docs/decisions/025-scale-read-paths.md, `customer-query-plans.test.ts`): one
 * round trip and one pool connection per request instead of nine.
 */

export const LATEST = 5;
export const EXPIRING_LIMIT = 10;

/** Values no call passes: an id is a UUID, and "now + 30 days" is never negative. */
const USER_PLACEHOLDER = ':user';
const UNTIL_PLACEHOLDER = Number.MIN_SAFE_INTEGER;

export type ExpiringRow = { id: string; kind: ExpiringItem['kind']; name: string; expiresAt: number };

function summaryQuery(db: Kysely<Database>, userId: string, until: number) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // The SQLite helper answers JSON text, the PostgreSQL one an array the driver has already parsed.
  const jsonArray = <O>(query: SelectQueryBuilder<Database, keyof Database, O>): RawBuilder<unknown> =>
    postgres ? postgresJsonArray(query) : sqliteJsonArray(query);
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

/** The summary statement, compiled once with placeholder values that each run replaces with its own. */
export type SummaryStatement = ReturnType<ReturnType<typeof summaryQuery>['compile']>;
type SummaryRow = SummaryStatement extends CompiledQuery<infer R> ? R : never;

/**
 * Builds and compiles the summary statement once: building and compiling it cost as much as running it. `prepare`
 * hands its text to the database's statement cache (planning it cost PostgreSQL more than running it).
 */
export function compileSummaryStatement(
  db: Kysely<Database>,
  prepare: (sqlText: string) => void = () => undefined,
): SummaryStatement {
  const compiled = summaryQuery(db, USER_PLACEHOLDER, UNTIL_PLACEHOLDER).compile();
  for (const placeholder of [USER_PLACEHOLDER, UNTIL_PLACEHOLDER]) {
    if (!compiled.parameters.includes(placeholder)) throw new Error('the dashboard summary query lost a parameter');
  }
  prepare(compiled.sql);
  return compiled;
}

/** The summary's one row for `userId`, with "expiring soon" meaning up to `until`. */
export async function summaryRow(
  db: Kysely<Database>,
  statement: SummaryStatement,
  userId: string,
  until: number,
): Promise<SummaryRow> {
  const parameters = statement.parameters.map((value) =>
    value === USER_PLACEHOLDER ? userId : value === UNTIL_PLACEHOLDER ? until : value,
  );
  const [row] = (await db.executeQuery<SummaryRow>({ ...statement, parameters })).rows;
  if (!row) throw new Error('the dashboard summary query answered no row');
  return row;
}

/** The customer's spending of the given ledger types per month, the month found by comparing with each start. */
export function spendingByMonth(
  db: Kysely<Database>,
  userId: string,
  months: number[],
  types: readonly LedgerEntryType[],
) {
  // The month of an entry is found in the database by comparing with each month's start (both databases alike).
  const monthOf = sql<number>`case ${sql.join(
    months.map((start, at) => sql`when ${sql.ref('createdAt')} >= ${sql.lit(start)} then ${sql.lit(at)}`).reverse(),
    sql` `,
  )} end`;
  return db
    .selectFrom('ledgerEntries')
    .where('userId', '=', userId)
    .where('currency', '=', CURRENCY)
    .where('type', 'in', types)
    .where('createdAt', '>=', months[0]!)
    .select([monthOf.as('month'), sql<number>`sum(amount_cents)`.as('total')])
    .groupBy(sql`1`)
    .execute();
}

/** The disk and traffic of the customer's hosting summed per day from `firstDay`. */
export function usageByDay(db: Kysely<Database>, userId: string, firstDay: number) {
  return db
    .selectFrom('serviceUsageSamples')
    .innerJoin('services', 'services.id', 'serviceUsageSamples.serviceId')
    .where('services.userId', '=', userId)
    .where('serviceUsageSamples.day', '>=', firstDay)
    .groupBy('serviceUsageSamples.day')
    .select([
      'serviceUsageSamples.day',
      sql<number>`sum(service_usage_samples.storage_used_mb)`.as('storage'),
      sql<number>`sum(service_usage_samples.bandwidth_used_mb)`.as('bandwidth'),
    ])
    .execute();
}

/**
 * What the first-run checklist is read from, one query per step: the account's e-mail and dismissal, whether it
 * owns anything (a service or a domain), its active domains' name servers, and a hosting service with files.
 */
export function gettingStartedFacts(db: Kysely<Database>, userId: string) {
  return Promise.all([
    db
      .selectFrom('users')
      .where('id', '=', userId)
      .select(['emailVerifiedAt', 'gettingStartedDismissedAt'])
      .executeTakeFirst(),
    db
      .selectFrom('services')
      .where('userId', '=', userId)
      .select('id')
      .union(db.selectFrom('domains').where('userId', '=', userId).where('deletedAt', 'is', null).select('id'))
      .limit(1)
      .execute(),
    db
      .selectFrom('domains')
      .where('userId', '=', userId)
      .where('deletedAt', 'is', null)
      .where('status', '=', 'active')
      .select('nameservers')
      .execute(),
    db
      .selectFrom('services')
      .where('userId', '=', userId)
      .where('kind', '=', 'hosting')
      .where('storageUsedMb', '>', 0)
      .select('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
}
