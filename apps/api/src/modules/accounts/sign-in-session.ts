import type { User } from '@hostpilot/shared';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import type { AccessTokens } from '../../lib/access-token';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { PasswordHasher } from '../../lib/password';
import type { RequestContext } from '../../lib/request-context';
import type { AuthRateLimits } from './auth-rate-limits';
import type { AuthService } from './auth.service';
import { describeDevice } from './device';
import { createRefreshTokensRepository } from './refresh-tokens.repository';
import { createSignInsRepository } from './sign-ins.repository';

/**
 * What sign-in, registration, refresh and sign-out need (docs/decisions/003-token-design.md): the composition root
 * builds them once. Every sign-in attempt is logged with its outcome, the e-mail, the user id when known and the
 * client address; never a password or a token.
 */
export interface SignInDeps {
  db: Kysely<Database>;
  clock: Clock;
  passwords: PasswordHasher;
  accessTokens: AccessTokens;
  limits: AuthRateLimits;
  /** Lifetimes in seconds (config.jwt). */
  lifetimes: Pick<Config['jwt'], 'refreshTtl' | 'refreshRememberTtl' | 'familyMaxAge'>;
  /** The mails, the password rules and the two-factor data of accounts. */
  auth: AuthService;
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

export const invalidRefreshToken = () => new AppError('REFRESH_TOKEN_INVALID');

/** How long a refresh token of a sign-in lives, in milliseconds. */
export const refreshTtlMs = ({ lifetimes }: Pick<SignInDeps, 'lifetimes'>, remember: boolean) =>
  (remember ? lifetimes.refreshRememberTtl : lifetimes.refreshTtl) * 1000;

/** Starts a sign-in: its first refresh token and its record (device, address). Answers the token and family. */
export async function issueSession(
  deps: Pick<SignInDeps, 'db' | 'clock' | 'lifetimes'>,
  user: User,
  remember: boolean,
  ctx: RequestContext,
  executor: Kysely<Database> = deps.db,
) {
  const now = deps.clock.now();
  const refresh = await createRefreshTokensRepository(deps.db).startFamily(
    {
      userId: user.id,
      remember,
      now,
      ttlMs: refreshTtlMs(deps, remember),
      familyMaxAgeMs: deps.lifetimes.familyMaxAge * 1000,
    },
    executor,
  );
  const { device, key } = describeDevice(ctx.userAgent);
  await createSignInsRepository(deps.db).record(
    { familyId: refresh.row.familyId, userId: user.id, device, deviceKey: key, address: ctx.ip, now },
    executor,
  );
  return { value: refresh.value, familyId: refresh.row.familyId };
}

/** The access token of a sign-in. */
export function signAccess(
  { accessTokens }: Pick<SignInDeps, 'accessTokens'>,
  user: { id: string; role: number },
  sessionId: string,
) {
  return accessTokens.sign({ userId: user.id, role: user.role, sessionId });
}
