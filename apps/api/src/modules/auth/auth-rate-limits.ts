import type { Config } from '../../config';
import type { CounterHit, CounterStore } from '../../lib/counter-store';
import { AppError } from '../../lib/errors';

export interface RateLimited {
  /** Seconds until the attempt may be repeated (the Retry-After header). */
  retryAfter: number;
  /** Which limit was reached. */
  limit: 'email' | 'address';
}

function retryAfterSeconds(hits: CounterHit[]): number {
  return Math.max(1, Math.ceil(Math.max(...hits.map((hit) => hit.resetInMs)) / 1000));
}

export function rateLimitedError(retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', undefined, undefined, { 'retry-after': String(retryAfter) });
}

/** A counter store that cannot answer refuses the request (503) rather than letting it through unlimited. */
async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', undefined, undefined, { 'retry-after': '5' }, { cause: error });
  }
}

/**
 * The sign-in and registration limits (README, "Rate limits"). Counting happens before the password is
 * checked, so a burst of parallel guesses is counted in full; a successful sign-in then clears the
 * e-mail's counter and takes its own attempt back from the address's.
 */
export function createAuthRateLimits(store: CounterStore, limits: Config['rateLimit']) {
  const loginWindowMs = limits.loginWindow * 1000;
  const registerWindowMs = limits.registerWindow * 1000;
  const emailKey = (email: string) => `login:email:${email}`;
  const loginAddressKey = (ip: string) => `login:ip:${ip}`;

  return {
    /** Counts a sign-in attempt; answers how it is limited, or null when it may go ahead. */
    async loginAttempt(email: string, ip: string): Promise<RateLimited | null> {
      const [byEmail, byAddress] = await guarded(() =>
        Promise.all([
          store.increment(emailKey(email), loginWindowMs),
          store.increment(loginAddressKey(ip), loginWindowMs),
        ]),
      );
      const overEmail = byEmail.count > limits.loginPerEmail;
      const overAddress = byAddress.count > limits.loginPerIp;
      if (!overEmail && !overAddress) return null;
      const hits = [...(overEmail ? [byEmail] : []), ...(overAddress ? [byAddress] : [])];
      return { retryAfter: retryAfterSeconds(hits), limit: overEmail ? 'email' : 'address' };
    },

    /** A sign-in succeeded: it was not a failure, so it counts against neither limit. */
    async loginSucceeded(email: string, ip: string): Promise<void> {
      await guarded(() => Promise.all([store.reset(emailKey(email)), store.decrement(loginAddressKey(ip))]));
    },

    /** Counts a registration attempt; answers the Retry-After seconds when over the limit, else null. */
    async registerAttempt(ip: string): Promise<number | null> {
      const hit = await guarded(() => store.increment(`register:ip:${ip}`, registerWindowMs));
      return hit.count > limits.registerPerIp ? retryAfterSeconds([hit]) : null;
    },
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
