import { randomUUID } from 'node:crypto';
import type { Language, User } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors';
import type { Database, UserRow } from '../../db/schema';
import { DomainError } from '../../lib/errors';

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
