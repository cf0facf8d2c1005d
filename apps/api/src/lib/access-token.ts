import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
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
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** How many verified tokens `verify` remembers (a few hundred bytes each); the oldest is forgotten first. */
export const VERIFIED_TOKENS_REMEMBERED = 10_000;

/** What a verified token says, kept so that its time limits are checked again on every use. */
interface VerifiedToken {
  claims: AccessClaims;
  exp: number;
  nbf: number | undefined;
}

/** A base64url JSON object, or null for anything else (bad encoding, bad JSON, an array, a string...). */
function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

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
  const hmacKey = createSecretKey(Buffer.from(options.secret, 'utf8'));
  // Token text → what it was verified to say. The key is the whole token, signature included, so only a token
  // this key verified before is found here; its expiry and not-before are checked again on every use below.
  // Recomputing the HMAC and decoding the JSON was a quarter of an authenticated request's processor time
  // (docs/decisions/025-scale-read-paths.md) and protected nothing more than this comparison of the text.
  const verified = new Map<string, VerifiedToken>();
  const remember = (token: string, entry: VerifiedToken) => {
    if (verified.size >= VERIFIED_TOKENS_REMEMBERED) {
      const oldest = verified.keys().next();
      if (!oldest.done) verified.delete(oldest.value);
    }
    verified.set(token, entry);
  };
  const expired = () =>
    new AppError('TOKEN_EXPIRED', {
      headers: {
        'www-authenticate': 'Bearer error="invalid_token", error_description="expired"',
      },
    });
  const invalid = () =>
    new AppError('TOKEN_INVALID', { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } });

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

    /**
     * Synchronous: HMAC-SHA-256 of a few hundred bytes takes microseconds, while WebCrypto's asynchronous verify
     * (what jose's jwtVerify uses) queued a job per request and was the largest cost of an authenticated call
     * (decision 015). Thrown errors are the same AppErrors; async callers are unaffected.
     */
    verify(token: string): AccessClaims {
      const known = verified.get(token);
      if (known) {
        const now = Math.floor(options.clock.now() / 1000);
        if (known.nbf !== undefined && known.nbf > now) throw invalid();
        if (known.exp <= now) {
          verified.delete(token);
          throw expired();
        }
        return known.claims;
      }
      if (token.length > MAX_TOKEN_LENGTH) throw invalid();
      const parts = token.split('.');
      if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) throw invalid();
      const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];

      const header = decodeJson(encodedHeader);
      // HS256 only: no `none`, no other algorithm, no critical extensions (b64: false and the like).
      if (!header || header.alg !== 'HS256' || 'crit' in header || 'b64' in header) throw invalid();
      const signature = Buffer.from(encodedSignature, 'base64url');
      const expected = createHmac('sha256', hmacKey).update(`${encodedHeader}.${encodedPayload}`).digest();
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) throw invalid();

      const payload = decodeJson(encodedPayload);
      if (!payload) throw invalid();
      const { sub, role, typ, iss, aud, exp, iat, nbf, sid } = payload;
      const now = Math.floor(options.clock.now() / 1000);
      if (typeof exp !== 'number' || typeof iat !== 'number' || (nbf !== undefined && typeof nbf !== 'number')) {
        throw invalid();
      }
      if (iss !== options.issuer) throw invalid();
      if (!(aud === options.audience || (Array.isArray(aud) && aud.includes(options.audience)))) throw invalid();
      if (typeof nbf === 'number' && nbf > now) throw invalid();
      if (typ !== ACCESS_TYPE || typeof sub !== 'string' || sub === '' || !Number.isInteger(role)) throw invalid();
      if (exp <= now) throw expired();
      // Frozen: every request that brings this token is handed this same object.
      const claims: AccessClaims = Object.freeze({
        userId: sub,
        role: role as number,
        ...(typeof sid === 'string' ? { sessionId: sid } : {}),
      });
      remember(token, { claims, exp, nbf: typeof nbf === 'number' ? nbf : undefined });
      return claims;
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
