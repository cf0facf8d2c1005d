import type { Config } from '../../config';
import type { CounterHit, CounterStore } from '../../lib/counter-store';
import { clientAddressKey } from '../../lib/client-address';
import { AppError } from '../../lib/errors';

export interface RateLimited {
  /** Seconds until the attempt may be repeated (the Retry-After header). */
  retryAfter: number;
  /** Which limit was reached. */
  limit: 'email' | 'address' | 'email_ceiling';
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
 * e-mail's counters and takes its own attempt back from the address's.
 *
 * Addresses count by clientAddressKey (an IPv6 /64 as one). Failures per e-mail count per e-mail *and* client
 * address, so one address cannot lock somebody else out of their account; a much higher ceiling per e-mail over
 * all addresses together still stops a guesser spread over many addresses
 * (docs/decisions/021-sign-in-hardening.md).
 */
export function createAuthRateLimits(store: CounterStore, limits: Config['rateLimit']) {
  const loginWindowMs = limits.loginWindow * 1000;
  const registerWindowMs = limits.registerWindow * 1000;
  const resetWindowMs = limits.resetWindow * 1000;
  const emailKey = (email: string, ip: string) => `login:email:${email}:${clientAddressKey(ip)}`;
  const emailCeilingKey = (email: string) => `login:email:${email}`;
  const loginAddressKey = (ip: string) => `login:ip:${clientAddressKey(ip)}`;

  return {
    /** Counts a sign-in attempt; answers how it is limited, or null when it may go ahead. */
    async loginAttempt(email: string, ip: string): Promise<RateLimited | null> {
      const [byEmail, byAddress, byCeiling] = await guarded(() =>
        Promise.all([
          store.increment(emailKey(email, ip), loginWindowMs),
          store.increment(loginAddressKey(ip), loginWindowMs),
          store.increment(emailCeilingKey(email), loginWindowMs),
        ]),
      );
      const overEmail = byEmail.count > limits.loginPerEmail;
      const overAddress = byAddress.count > limits.loginPerIp;
      const overCeiling = byCeiling.count > limits.loginEmailCeiling;
      if (!overEmail && !overAddress && !overCeiling) return null;
      const hits = [
        ...(overEmail ? [byEmail] : []),
        ...(overAddress ? [byAddress] : []),
        ...(overCeiling ? [byCeiling] : []),
      ];
      const limit = overEmail ? 'email' : overAddress ? 'address' : 'email_ceiling';
      return { retryAfter: retryAfterSeconds(hits), limit };
    },

    /** A sign-in succeeded: it was not a failure, so it counts against no limit. */
    async loginSucceeded(email: string, ip: string): Promise<void> {
      await guarded(() =>
        Promise.all([
          store.reset(emailKey(email, ip)),
          store.decrement(emailCeilingKey(email)),
          store.decrement(loginAddressKey(ip)),
        ]),
      );
    },

    /**
     * Counts an attempt at a two-factor code (sign-in's second step, or a change to two-factor settings), per
     * account and per client address, with the sign-in limits' numbers; answers the Retry-After seconds when over.
     */
    async codeAttempt(userId: string, ip: string): Promise<number | null> {
      const [byAccount, byAddress] = await guarded(() =>
        Promise.all([
          store.increment(`code:user:${userId}`, loginWindowMs),
          store.increment(`code:ip:${clientAddressKey(ip)}`, loginWindowMs),
        ]),
      );
      const over = [
        ...(byAccount.count > limits.loginPerEmail ? [byAccount] : []),
        ...(byAddress.count > limits.loginPerIp ? [byAddress] : []),
      ];
      return over.length > 0 ? retryAfterSeconds(over) : null;
    },

    /** A code was right: the account's failures are forgiven, and the attempt taken back from the address's. */
    async codeSucceeded(userId: string, ip: string): Promise<void> {
      await guarded(() =>
        Promise.all([store.reset(`code:user:${userId}`), store.decrement(`code:ip:${clientAddressKey(ip)}`)]),
      );
    },

    /** Counts a registration attempt; answers the Retry-After seconds when over the limit, else null. */
    async registerAttempt(ip: string): Promise<number | null> {
      const hit = await guarded(() => store.increment(`register:ip:${clientAddressKey(ip)}`, registerWindowMs));
      return hit.count > limits.registerPerIp ? retryAfterSeconds([hit]) : null;
    },

    /**
     * Counts a request for a password-reset (or verification) mail, per e-mail and per address, so nobody can
     * flood an inbox or probe many accounts. Answers the Retry-After seconds when over the limit, else null.
     */
    async mailRequest(kind: 'reset' | 'verify', email: string, ip: string): Promise<number | null> {
      const hits = await guarded(() =>
        Promise.all([
          store.increment(`${kind}:email:${email}`, resetWindowMs),
          store.increment(`${kind}:ip:${clientAddressKey(ip)}`, resetWindowMs),
        ]),
      );
      const over = hits.filter((hit, index) => hit.count > limits.resetPerKey * (index === 1 ? 4 : 1));
      return over.length > 0 ? retryAfterSeconds(over) : null;
    },
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
