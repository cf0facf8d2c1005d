import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { AppError } from './errors';

/** An answer as it was sent: replayed as is when the same request comes again with the same key. */
export interface Answer<T> {
  statusCode: number;
  body: T;
}

/** What identifies a request under its key: the same key with another fingerprint is refused. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${url.split('?')[0]} ${stableJson(body ?? null)}`)
    .digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface IdempotencyOptions {
  userId: string;
  key: string;
  fingerprint: string;
  now: number;
}

/**
 * Runs a money-moving operation once per (account, key) (docs/decisions/022-money-transactions.md).
 * The key's row is inserted in the operation's own transaction, after the account's lock, before any money
 * moves, and holds the answer when it commits: a retry finds it and gets the first answer again; a request
 * running at the same moment with the same key meets the uncommitted row (PostgreSQL waits for it, SQLite runs
 * one writer at a time), fails on the primary key, and answers the stored answer too. An operation that throws
 * rolls back with its key, so a refused request can be retried with the same key.
 */
export async function runIdempotent<T>(
  db: Kysely<Database>,
  options: IdempotencyOptions,
  run: (trx: Kysely<Database>) => Promise<Answer<T>>,
): Promise<Answer<T>> {
  const stored = await findAnswer<T>(db, options);
  if (stored) return stored;
  try {
    return await db.transaction().execute(async (trx) => {
      await lockAccount(trx, options.userId);
      await trx
        .insertInto('idempotencyKeys')
        .values({
          userId: options.userId,
          key: options.key,
          fingerprint: options.fingerprint,
          statusCode: null,
          responseBody: null,
          createdAt: options.now,
          completedAt: null,
        })
        .execute();
      const answer = await run(trx);
      await trx
        .updateTable('idempotencyKeys')
        .set({ statusCode: answer.statusCode, responseBody: JSON.stringify(answer.body), completedAt: options.now })
        .where('userId', '=', options.userId)
        .where('key', '=', options.key)
        .execute();
      return answer;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await findAnswer<T>(db, options);
      if (again) return again;
    }
    throw error;
  }
}

async function findAnswer<T>(db: Kysely<Database>, options: IdempotencyOptions): Promise<Answer<T> | null> {
  const row = await db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('userId', '=', options.userId)
    .where('key', '=', options.key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== options.fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED');
  // A row is only ever committed with its answer; a bare one would be from before that rule.
  if (row.statusCode === null || row.responseBody === null) throw new AppError('INVALID_STATE');
  return { statusCode: row.statusCode, body: JSON.parse(row.responseBody) as T };
}

/**
 * Serialises the money operations of one account: a no-op update of the account's row, the first statement
 * of the transaction. PostgreSQL holds the row lock until the transaction ends (a second writer waits, then
 * reads the committed ledger); SQLite takes its single write lock with it. Non-key column, so rows that only
 * reference the account (foreign keys) are not blocked.
 */
export async function lockAccount(trx: Kysely<Database>, userId: string): Promise<void> {
  const result = await trx
    .updateTable('users')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('NOT_FOUND');
}
