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
  return new AppError('RATE_LIMITED', { headers: { 'retry-after': String(retryAfter) } });
}

/** A counter store that cannot answer refuses the request (503) rather than letting it through unlimited. */
async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', { headers: { 'retry-after': '5' }, cause: error });
  }
}

/** What counting a sign-in attempt answered. */
export interface LoginAttempt {
  /** How it is limited, or null when it may go ahead. */
  limited: RateLimited | null;
  /** Attempts not yet followed by a success for this e-mail over every address, this one included. */
  emailAttempts: number;
}

/**
 * The sign-in and registration limits (docs/security.md, docs/api.md "Rate limits"). Counting happens before the password is
 * checked, so a burst of parallel guesses is counted in full; a refused attempt is taken back at once, so
 * requests already answered 429 never count; a successful sign-in then clears the e-mail's counters and takes
 * its own attempt back from the address's.
 *
 * Addresses count by clientAddressKey (an IPv6 /64 as one). Failures per e-mail count per e-mail *and* client
 * address, so one address cannot lock somebody else out of their account; a much higher ceiling per e-mail over
 * all addresses together still stops a guesser spread over many addresses, but never an address the account
 * signed in from before (docs/decisions/021-sign-in-hardening.md, 044-account-protection.md).
 */
export function createAuthRateLimits(store: CounterStore, limits: Config['rateLimit']) {
  const loginWindowMs = limits.loginWindow * 1000;
  const registerWindowMs = limits.registerWindow * 1000;
  const resetWindowMs = limits.resetWindow * 1000;
  const emailKey = (email: string, ip: string) => `login:email:${email}:${clientAddressKey(ip)}`;
  const emailCeilingKey = (email: string) => `login:email:${email}`;
  const loginAddressKey = (ip: string) => `login:ip:${clientAddressKey(ip)}`;

  /** Takes a refused request's increments back, so that it counts against nothing. */
  const takeBack = (keys: string[]) => guarded(() => Promise.all(keys.map((key) => store.decrement(key))));

  return {
    /** The per-e-mail limit: failures for one e-mail from one address before it answers 429. */
    loginPerEmail: limits.loginPerEmail,

    /**
     * Counts a sign-in attempt and answers how it is limited, or null when it may go ahead. `knownClient` is
     * asked only when the e-mail's ceiling over all addresses is the one reached: an address that signed in to
     * the account before goes ahead all the same.
     */
    async loginAttempt(email: string, ip: string, knownClient?: () => Promise<boolean>): Promise<LoginAttempt> {
      const keys = [emailKey(email, ip), loginAddressKey(ip), emailCeilingKey(email)];
      const [byEmail, byAddress, byCeiling] = await guarded(() =>
        Promise.all(keys.map((key) => store.increment(key, loginWindowMs))),
      );
      const overEmail = byEmail!.count > limits.loginPerEmail;
      const overAddress = byAddress!.count > limits.loginPerIp;
      let overCeiling = byCeiling!.count > limits.loginEmailCeiling;
      if (overCeiling && !overEmail && !overAddress && knownClient && (await knownClient())) overCeiling = false;
      if (!overEmail && !overAddress && !overCeiling) return { limited: null, emailAttempts: byCeiling!.count };
      await takeBack(keys);
      const hits = [
        ...(overEmail ? [byEmail!] : []),
        ...(overAddress ? [byAddress!] : []),
        ...(overCeiling ? [byCeiling!] : []),
      ];
      const limit = overEmail ? 'email' : overAddress ? 'address' : 'email_ceiling';
      return { limited: { retryAfter: retryAfterSeconds(hits), limit }, emailAttempts: byCeiling!.count - 1 };
    },

    /**
     * Whether a burst of failed sign-ins at this e-mail should be told to its owner now: true once per sign-in
     * window, the first time it is asked in the window.
     */
    async firstFailureAlert(email: string): Promise<boolean> {
      const hit = await guarded(() => store.increment(`login:alert:${email}`, loginWindowMs));
      return hit.count === 1;
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
     * Counts a request for a password-reset (or verification) mail, per address and per e-mail, so nobody can
     * flood an inbox or probe many accounts. `address` is the Retry-After seconds when the requesting address is
     * over its limit (the request is refused and counts against nothing); `email` when the e-mail is over its
     * own (the caller sends no more mails to it, but need not refuse: docs/decisions/044-account-protection.md).
     */
    async mailRequest(
      kind: 'reset' | 'verify',
      email: string,
      ip: string,
    ): Promise<{ address: number | null; email: number | null }> {
      const keys = [`${kind}:email:${email}`, `${kind}:ip:${clientAddressKey(ip)}`];
      const [byEmail, byAddress] = await guarded(() =>
        Promise.all(keys.map((key) => store.increment(key, resetWindowMs))),
      );
      if (byAddress!.count > limits.resetPerKey * 4) {
        await takeBack(keys);
        return { address: retryAfterSeconds([byAddress!]), email: null };
      }
      return { address: null, email: byEmail!.count > limits.resetPerKey ? retryAfterSeconds([byEmail!]) : null };
    },
  };
}

export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
