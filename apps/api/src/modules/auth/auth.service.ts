import { randomBytes } from 'node:crypto';
import type { LoginData, RegisterData, User } from '@hostpilot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database, RefreshTokenRow } from '../../db/schema';
import type { AccessTokens } from '../../lib/access-token';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import { createUsersRepository, EmailTakenError, toPublicUser } from '../users/users.repository';
import { type AuthRateLimits, rateLimitedError } from './auth-rate-limits';
import { createRefreshTokensRepository } from './refresh-tokens.repository';

export interface AuthServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  limits: AuthRateLimits;
  /** Lifetimes in seconds (config.jwt). */
  lifetimes: Pick<Config['jwt'], 'refreshTtl' | 'refreshRememberTtl' | 'familyMaxAge'>;
}

/** Who is asking: the client address (request.ip, governed by TRUST_PROXY) and the request's logger. */
export interface RequestContext {
  ip: string;
  log: FastifyBaseLogger;
}

export interface AuthResult {
  user: User;
  access_token: string;
  refresh_token: string;
}

export interface RefreshResult {
  token: string;
  refresh_token: string;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS');
const invalidRefreshToken = () => new AppError('REFRESH_TOKEN_INVALID');

/**
 * Sign-in, registration, refresh and sign-out (docs/decisions/003-token-design.md).
 * Every sign-in attempt is logged with its outcome, the e-mail, the user id when known and the client
 * address; never a password or a token.
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, passwords, accessTokens, limits, lifetimes } = deps;
  const users = createUsersRepository(db);
  const refreshTokens = createRefreshTokensRepository(db);

  // An unknown e-mail is checked against this hash, so that it costs the same argon2id work as a wrong
  // password and the two cannot be told apart by timing. Made with the same parameters as real hashes.
  const dummyHash = passwords.hash(randomBytes(32).toString('base64url'));
  dummyHash.catch(() => undefined);

  const refreshTtlMs = (remember: boolean) => (remember ? lifetimes.refreshRememberTtl : lifetimes.refreshTtl) * 1000;

  async function issueSession(user: User, remember: boolean, executor: Kysely<Database> = db) {
    const refresh = await refreshTokens.startFamily(
      {
        userId: user.id,
        remember,
        now: clock.now(),
        ttlMs: refreshTtlMs(remember),
        familyMaxAgeMs: lifetimes.familyMaxAge * 1000,
      },
      executor,
    );
    return refresh.value;
  }

  async function signAccess(user: { id: string; role: number }) {
    return accessTokens.sign({ userId: user.id, role: user.role });
  }

  async function revokeOnReuse(row: RefreshTokenRow, ctx: RequestContext) {
    const revoked = await refreshTokens.revokeFamily(row.familyId, clock.now());
    ctx.log.warn(
      { event: 'refresh', outcome: 'reuse_detected', userId: row.userId, familyId: row.familyId, revoked, ip: ctx.ip },
      'refresh token used twice: its whole family is revoked',
    );
  }

  return {
    async register(input: RegisterData, ctx: RequestContext): Promise<AuthResult> {
      const limited = await limits.registerAttempt(ctx.ip);
      if (limited !== null) {
        ctx.log.warn({ event: 'register', outcome: 'rate_limited', email: input.email, ip: ctx.ip }, 'registration');
        throw rateLimitedError(limited);
      }
      if (await users.findByEmail(input.email)) {
        ctx.log.info({ event: 'register', outcome: 'email_taken', email: input.email, ip: ctx.ip }, 'registration');
        throw new AppError('EMAIL_TAKEN');
      }
      const passwordHash = await passwords.hash(input.password);
      let user: User;
      let refreshToken: string;
      try {
        ({ user, refreshToken } = await db.transaction().execute(async (trx) => {
          const created = toPublicUser(
            await users.create(
              {
                firstName: input.firstName,
                lastName: input.lastName,
                email: input.email,
                role: 0,
                passwordHash,
                lastSignInAt: clock.now(),
              },
              trx,
            ),
          );
          return { user: created, refreshToken: await issueSession(created, false, trx) };
        }));
      } catch (error) {
        if (!(error instanceof EmailTakenError)) throw error;
        ctx.log.info({ event: 'register', outcome: 'email_taken', email: input.email, ip: ctx.ip }, 'registration');
        throw new AppError('EMAIL_TAKEN');
      }
      ctx.log.info(
        { event: 'register', outcome: 'success', userId: user.id, email: user.email, ip: ctx.ip },
        'registration',
      );
      return { user, access_token: await signAccess(user), refresh_token: refreshToken };
    },

    async login(input: LoginData, ctx: RequestContext): Promise<AuthResult> {
      const attempt = { event: 'sign_in', email: input.email, ip: ctx.ip };
      const limited = await limits.loginAttempt(input.email, ctx.ip);
      if (limited) {
        ctx.log.warn({ ...attempt, outcome: 'rate_limited', limit: limited.limit }, 'sign-in attempt');
        throw rateLimitedError(limited.retryAfter);
      }
      const row = await users.findByEmail(input.email);
      let valid = false;
      if (row) valid = await passwords.verify(row.passwordHash, input.password);
      else await passwords.verify(await dummyHash, input.password);
      if (!row || !valid) {
        ctx.log.info({ ...attempt, outcome: 'invalid_credentials', userId: row?.id ?? null }, 'sign-in attempt');
        throw invalidCredentials();
      }
      await limits.loginSucceeded(input.email, ctx.ip);
      const user = toPublicUser(row);
      const remember = input.remember ?? false;
      await refreshTokens.deleteDeadTokens(user.id, clock.now());
      await users.recordSignIn(user.id, clock.now());
      const refreshToken = await issueSession(user, remember);
      ctx.log.info({ ...attempt, outcome: 'success', userId: user.id, remember }, 'sign-in attempt');
      return { user, access_token: await signAccess(user), refresh_token: refreshToken };
    },

    async refresh(value: string, ctx: RequestContext): Promise<RefreshResult> {
      const row = await refreshTokens.findByValue(value);
      const now = clock.now();
      if (!row || row.revokedAt !== null) throw invalidRefreshToken();
      if (row.usedAt !== null) {
        await revokeOnReuse(row, ctx);
        throw invalidRefreshToken();
      }
      if (row.expiresAt <= now) throw invalidRefreshToken();
      const user = await users.findById(row.userId);
      if (!user) throw invalidRefreshToken();
      const child = await refreshTokens.rotate(row, now, refreshTtlMs(row.remember === 1));
      if (!child) {
        // Another request used it between our read and our update: that is a second use too.
        await revokeOnReuse(row, ctx);
        throw invalidRefreshToken();
      }
      return { token: await signAccess(user), refresh_token: child.value };
    },

    /** Revokes the token's family. Unknown, used or revoked tokens are accepted silently (idempotent). */
    async logout(value: string, ctx: RequestContext): Promise<void> {
      const row = await refreshTokens.findByValue(value);
      if (!row) return;
      const revoked = await refreshTokens.revokeFamily(row.familyId, clock.now());
      ctx.log.info({ event: 'sign_out', userId: row.userId, revoked, ip: ctx.ip }, 'signed out');
    },

    /** Ends every session of a user (for a password change): each refresh token of theirs stops working. */
    revokeAllForUser(userId: string): Promise<number> {
      return refreshTokens.revokeAllForUser(userId, clock.now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
