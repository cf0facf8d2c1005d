import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors';
import type { Clock } from './clock';

/** What an access token proves about its bearer. */
export interface AccessClaims {
  userId: string;
  role: number;
  /** The sign-in (refresh-token family) the token was issued for; absent in tokens issued before it existed. */
  sessionId?: string;
}

export interface AccessTokenOptions {
  secret: string;
  issuer: string;
  audience: string;
  /** Lifetime in seconds. */
  ttl: number;
  clock: Clock;
}

/** Longer than any token this API issues; anything longer is refused before it is parsed. */
const MAX_TOKEN_LENGTH = 2048;
const ACCESS_TYPE = 'access';

/**
 * Access tokens: JWTs signed with HS256 (jose). Verification accepts HS256 only (no `none`, no algorithm
 * confusion), requires exp, iat and sub, the configured issuer and audience, and `typ: "access"`.
 * Every failure is an AppError: TOKEN_EXPIRED for a genuine token past its exp, TOKEN_INVALID otherwise.
 */
export function createAccessTokens(options: AccessTokenOptions) {
  // Imported once: handing jose the raw secret would import it again on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const invalid = () =>
    new AppError('TOKEN_INVALID', undefined, undefined, { 'www-authenticate': 'Bearer error="invalid_token"' });

  return {
    ttl: options.ttl,

    async sign(claims: AccessClaims): Promise<string> {
      const issuedAt = Math.floor(options.clock.now() / 1000);
      return new SignJWT({
        role: claims.role,
        typ: ACCESS_TYPE,
        ...(claims.sessionId ? { sid: claims.sessionId } : {}),
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(options.issuer)
        .setAudience(options.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttl)
        .sign(await key);
    },

    async verify(token: string): Promise<AccessClaims> {
      if (token.length > MAX_TOKEN_LENGTH) throw invalid();
      let payload;
      try {
        ({ payload } = await jwtVerify(token, await key, {
          algorithms: ['HS256'],
          issuer: options.issuer,
          audience: options.audience,
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: new Date(options.clock.now()),
        }));
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          throw new AppError('TOKEN_EXPIRED', undefined, undefined, {
            'www-authenticate': 'Bearer error="invalid_token", error_description="expired"',
          });
        }
        throw invalid();
      }
      const { sub, role, typ, sid } = payload;
      if (typ !== ACCESS_TYPE || typeof sub !== 'string' || sub === '' || !Number.isInteger(role)) throw invalid();
      return { userId: sub, role: role as number, ...(typeof sid === 'string' ? { sessionId: sid } : {}) };
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
