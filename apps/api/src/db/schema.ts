import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are epoch milliseconds in both SQLite and PostgreSQL (bigint, read as number). */
export interface UsersTable {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Generated<number>;
  passwordHash: string;
  /** Null until the account opens the link of its verification mail (docs/decisions/019-unverified-accounts.md). */
  emailVerifiedAt: Generated<number | null>;
  createdAt: number;
  updatedAt: number;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

/** One refresh token: only its SHA-256 hash is kept. `remember` is 0 or 1 (portable across both databases). */
export interface RefreshTokensTable {
  id: string;
  tokenHash: string;
  familyId: string;
  parentId: string | null;
  userId: string;
  remember: number;
  createdAt: number;
  expiresAt: number;
  familyExpiresAt: number;
  usedAt: number | null;
  revokedAt: number | null;
}

export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** A single-use link token sent by mail; only its SHA-256 is kept. */
export interface AccountTokensTable {
  id: string;
  userId: string;
  purpose: 'password_reset' | 'verify_email';
  tokenHash: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export type AccountTokenRow = Selectable<AccountTokensTable>;

/** One sign-in (refresh-token family): device, address, started, last used. */
export interface SignInsTable {
  familyId: string;
  userId: string;
  device: string;
  deviceKey: string;
  address: string;
  createdAt: number;
  lastUsedAt: number;
}

export interface Database {
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
  accountTokens: AccountTokensTable;
  signIns: SignInsTable;
}
