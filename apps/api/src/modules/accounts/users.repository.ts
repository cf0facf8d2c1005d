import { randomBytes, randomUUID } from 'node:crypto';
import { type adminUsersQuerySchema, dayRange, type Language, ROLES, type User } from '@hostpilot/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { contains } from '../../lib/search';
import { isUniqueViolation } from '../../db/errors';
import type { DatabaseKind } from '../../db/index';
import type { Database, UserRow } from '../../db/schema';
import { DomainError } from '../../lib/errors';

export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  role?: number;
  passwordHash: string;
  preferredLanguage?: Language;
  /** Set when the account is signed in as it is created (registration). */
  lastSignInAt?: number;
  /** When the e-mail was verified; null (the default) until the verification link is opened. */
  emailVerifiedAt?: number | null;
}

/** Thrown by create() when the e-mail is already registered (unique constraint). */
export class EmailTakenError extends DomainError {
  readonly code = 'EMAIL_TAKEN' as const;

  constructor() {
    super('E-mail already registered');
    this.name = 'EmailTakenError';
  }
}

/** The user as the API answers it: exactly id, firstName, lastName, email and role (never the hash). */
export function toPublicUser(row: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>): User {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role };
}

export function createUsersRepository(db: Kysely<Database>) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
    },

    findById(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Records a successful sign-in (the back office lists it). */
    async create(user: NewUser, executor: Kysely<Database> = db): Promise<UserRow> {
      const now = Date.now();
      const row: UserRow = {
        id: randomUUID(),
        email: user.email.trim().toLowerCase(),
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role ?? 0,
        passwordHash: user.passwordHash,
        emailVerifiedAt: user.emailVerifiedAt ?? null,
        createdAt: now,
        updatedAt: now,
        status: 'active',
        lastSignInAt: user.lastSignInAt ?? null,
        preferredLanguage: user.preferredLanguage ?? 'en',
        notifyEmail: 1,
        notifyServiceUpdates: 1,
        notifyMarketing: 0,
        deletedAt: null,
        gettingStartedDismissedAt: null,
      };
      try {
        await executor.insertInto('users').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError();
        throw error;
      }
      return row;
    },

    /** Sets a new password hash (the caller ends the sessions in the same transaction). */
    async setPasswordHash(id: string, passwordHash: string, now: number, executor: Kysely<Database> = db) {
      await executor.updateTable('users').set({ passwordHash, updatedAt: now }).where('id', '=', id).execute();
    },

    /** Marks the e-mail verified, once: a later call keeps the first time. */
    async markEmailVerified(id: string, now: number, executor: Kysely<Database> = db) {
      await executor
        .updateTable('users')
        .set({ emailVerifiedAt: now })
        .where('id', '=', id)
        .where('emailVerifiedAt', 'is', null)
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

/** An account not deleted, or undefined (the back office's account actions read it in their transaction). */
export function liveAccount(trx: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return trx.selectFrom('users').selectAll().where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
}

/** The ids of the active administrators; on PostgreSQL their rows are locked until the transaction ends. */
export async function activeAdministratorIds(
  trx: Kysely<Database>,
  kind: DatabaseKind,
  adminRole: number,
): Promise<string[]> {
  let admins = trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', adminRole)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null);
  if (kind === 'postgres') admins = admins.forUpdate();
  return (await admins.execute()).map((row) => row.id);
}

/** Ends every session of an account in the caller's transaction: its refresh tokens stop working at once. */
export async function endAllSessions(trx: Kysely<Database>, userId: string, now: number): Promise<void> {
  await trx
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Sets an account's status. */
export async function setUserStatus(
  trx: Kysely<Database>,
  id: string,
  status: 'active' | 'suspended',
  now: number,
): Promise<void> {
  await trx.updateTable('users').set({ status, updatedAt: now }).where('id', '=', id).execute();
}

/** Whether another account than `id` has this e-mail. */
export async function emailTakenByOther(trx: Kysely<Database>, email: string, id: string): Promise<boolean> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', id)
    .executeTakeFirst();
  return taken !== undefined;
}

/** Writes the fields staff edit: name, e-mail, role and status. */
export async function updateAccount(
  trx: Kysely<Database>,
  id: string,
  fields: Pick<UserRow, 'firstName' | 'lastName' | 'email' | 'role' | 'status'>,
  now: number,
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ ...fields, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes an account's sign-in and personal data (sign-in records, tokens, two-factor data) and anonymises its
 * row; invoices, payments and the ledger keep pointing at it. Sessions are ended by the caller.
 */
export async function anonymiseAccount(trx: Kysely<Database>, id: string, now: number): Promise<void> {
  for (const table of ['signIns', 'accountTokens', 'recoveryCodes', 'signInChallenges', 'twoFactor'] as const) {
    await trx.deleteFrom(table).where('userId', '=', id).execute();
  }
  await trx
    .updateTable('users')
    .set({
      email: `deleted-${id}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'account',
      // No password verifies against a random value that is not a hash.
      passwordHash: `deleted:${randomBytes(16).toString('hex')}`,
      role: 0,
      notifyEmail: 0,
      notifyServiceUpdates: 0,
      notifyMarketing: 0,
      deletedAt: now,
      updatedAt: now,
    })
    .where('id', '=', id)
    .execute();
}

/** An account by id (deleted ones too), or undefined. */
export function userById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets an account's name; answers the row after. */
export function updateName(
  trx: Kysely<Database>,
  id: string,
  name: Pick<UserRow, 'firstName' | 'lastName'>,
  now: number,
): Promise<UserRow> {
  return trx
    .updateTable('users')
    .set({ ...name, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets some of an account's preferences (language, notifications); undefined when it was deleted. */
export function updatePreferences(
  db: Kysely<Database>,
  id: string,
  set: Partial<Pick<UserRow, 'preferredLanguage' | 'notifyEmail' | 'notifyServiceUpdates' | 'notifyMarketing'>>,
  now: number,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ ...set, updatedAt: now })
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

const SORT_COLUMNS = {
  name: ['users.firstName', 'users.lastName'],
  email: ['users.email'],
  role: ['users.role'],
  status: ['users.status'],
  createdAt: ['users.createdAt'],
  lastSignInAt: ['users.lastSignInAt'],
} as const satisfies Record<AdminUsersQuery['sort'], readonly string[]>;

/** The columns of each row of the list, and each account's service and domain counts. */
export const accountListColumns = (rows: SelectQueryBuilder<Database, 'users', object>) =>
  rows.select((eb) => [
    'users.id',
    'users.firstName',
    'users.lastName',
    'users.email',
    'users.role',
    'users.status',
    'users.preferredLanguage',
    'users.createdAt',
    'users.lastSignInAt',
    eb
      .selectFrom('services')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('services.userId', '=', 'users.id')
      .where('services.kind', '=', 'hosting')
      .where('services.status', '!=', 'cancelled')
      .as('hostingCount'),
    eb
      .selectFrom('services')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('services.userId', '=', 'users.id')
      .where('services.kind', '!=', 'hosting')
      .where('services.status', '!=', 'cancelled')
      .as('otherCount'),
    eb
      .selectFrom('domains')
      .select(eb.fn.countAll<number>().as('n'))
      .whereRef('domains.userId', '=', 'users.id')
      .where('domains.deletedAt', 'is', null)
      .as('domainCount'),
  ]);

/** The page's rows by id, with the list's generation read in the same statement (decision 025). */
export const pageByIds = (db: Kysely<Database>, ids: string[]) =>
  accountListColumns(db.selectFrom('users').where('users.id', 'in', ids)).select((eb) =>
    eb.selectFrom('listGenerations').select('value').where('name', '=', 'users').as('generation'),
  );

/** The accounts a search and its filters match, and their order (the back office's list and its export). */
export function accountsMatching(
  db: Kysely<Database>,
  kind: DatabaseKind,
  query: Omit<AdminUsersQuery, 'page' | 'pageSize'>,
) {
  let filtered = db.selectFrom('users').where('users.deletedAt', 'is', null);
  if (query.role !== undefined) filtered = filtered.where('users.role', '=', ROLES[query.role]);
  if (query.status !== undefined) filtered = filtered.where('users.status', '=', query.status);
  if (query.q !== undefined) filtered = filtered.where(contains(kind, 'users', 'users', query.q));
  const registered = dayRange(query.registeredFrom, query.registeredTo);
  if (registered.start !== undefined) filtered = filtered.where('users.createdAt', '>=', registered.start);
  if (registered.end !== undefined) filtered = filtered.where('users.createdAt', '<', registered.end);
  const ordered = <Q extends typeof filtered>(rows: Q): Q => {
    let sorted = rows;
    for (const column of SORT_COLUMNS[query.sort]) {
      sorted = sorted.orderBy(column, (ob) => (query.order === 'asc' ? ob.asc() : ob.desc()).nullsLast()) as Q;
    }
    return sorted.orderBy('users.id') as Q;
  };
  return { filtered, ordered };
}

type AccountSearch = ReturnType<typeof accountsMatching>;

/** One page of the matching accounts with the list's columns, in the list's order. */
export function accountListPage({ filtered, ordered }: AccountSearch, limit: number, offset: number) {
  return ordered(accountListColumns(filtered)).limit(limit).offset(offset).execute();
}

/** How many accounts match. */
export function countAccounts({ filtered }: AccountSearch) {
  return filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
}

/** The first `limit` matching accounts' ids in the list's order, each with the total that match. */
export function matchingAccountIds({ filtered, ordered }: AccountSearch, limit: number) {
  return ordered(filtered.select(['users.id', sql<number>`count(*) over ()`.as('total')]))
    .limit(limit)
    .execute();
}

/** Sets an account's e-mail, unverified until its new link is opened (an e-mail change, in its transaction). */
export async function setUnverifiedEmail(trx: Kysely<Database>, id: string, email: string): Promise<void> {
  await trx.updateTable('users').set({ email, emailVerifiedAt: null }).where('id', '=', id).execute();
}

/** Gives an account back its previous e-mail, verified at `now` (the undo link of an e-mail change). */
export async function restoreEmail(trx: Kysely<Database>, id: string, email: string, now: number): Promise<void> {
  await trx.updateTable('users').set({ email, emailVerifiedAt: now, updatedAt: now }).where('id', '=', id).execute();
}

/** Records when the account last signed in (in the sign-in's transaction). */
export async function recordLastSignIn(trx: Kysely<Database>, id: string, now: number): Promise<void> {
  await trx.updateTable('users').set({ lastSignInAt: now }).where('id', '=', id).execute();
}

/** The id of the active, not deleted account of `role` with this e-mail, or undefined. */
export async function activeAccountIdByEmail(
  db: Kysely<Database>,
  email: string,
  role: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('role', '=', role)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

/** Where mail to an account goes (deleted accounts too), or undefined when there is no such account. */
export function mailboxOf(
  db: Kysely<Database>,
  id: string,
): Promise<Pick<UserRow, 'email' | 'firstName' | 'preferredLanguage' | 'deletedAt'> | undefined> {
  return db
    .selectFrom('users')
    .select(['email', 'firstName', 'preferredLanguage', 'deletedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The names and e-mails of the accounts among `ids` (deleted ones too). */
export function accountNamesByIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>[]> {
  return db.selectFrom('users').select(['id', 'firstName', 'lastName', 'email']).where('id', 'in', ids).execute();
}

/** The active staff of `roles`, by name (at most 500). */
export function activeAccountsWithRoles(db: Kysely<Database>, roles: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'firstName', 'lastName', 'email'])
    .where('role', 'in', roles)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .orderBy('firstName')
    .orderBy('lastName')
    .orderBy('id')
    .limit(500)
    .execute();
}

/** The role of an active account not deleted, or undefined. */
export async function activeAccountRole(trx: Kysely<Database>, userId: string): Promise<number | undefined> {
  const row = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .where('status', '=', 'active')
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return row?.role;
}
