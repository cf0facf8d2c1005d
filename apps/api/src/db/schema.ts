import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Timestamps are epoch milliseconds in both SQLite and PostgreSQL (bigint, read as number). */
export interface UsersTable {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Generated<number>;
  passwordHash: string;
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

export interface Database {
  users: UsersTable;
  refreshTokens: RefreshTokensTable;
}
