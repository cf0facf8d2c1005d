import { AppError } from './errors';
import type { PasswordHasher } from './password';

export interface BoundedHasherOptions {
  /** Requests that may wait for a slot before any hash has been timed, and the fewest allowed afterwards. */
  minWaiting?: number;
  /**
   * The longest wait a request may queue for, in milliseconds, estimated from how long recent hashes took:
   * the queue holds about this much work and no more. 0 keeps it at `minWaiting`.
   */
  maxWaitMs?: number;
  now?: () => number;
}

/**
 * Password hashing behind a concurrency cap. argon2id is deliberately CPU- and memory-hungry: unbounded, a storm
 * of sign-ins fills every core and every other request waits behind it. At most `concurrency` hashes run at once.
 * A request that would wait no longer than `maxWaitMs` for a slot (judged from the recent hashes' duration) joins
 * a queue, so that a slot never idles while sign-ins keep coming and twenty clients signing in together are
 * served at the full rate the cap allows instead of being turned away and retrying; anything beyond that is
 * refused at once with 503 and Retry-After rather than queued (docs/decisions/021-sign-in-hardening.md).
 */
export function boundedHasher(
  inner: PasswordHasher,
  concurrency: number,
  options: BoundedHasherOptions = {},
): PasswordHasher {
  const minWaiting = options.minWaiting ?? concurrency;
  const maxWaitMs = options.maxWaitMs ?? 2000;
  const now = options.now ?? (() => performance.now());
  let running = 0;
  let averageMs: number | undefined;
  const queue: Array<() => void> = [];

  /** How many may wait: the queue empties within `maxWaitMs` at the measured pace of `concurrency` slots. */
  const allowedWaiting = () =>
    averageMs === undefined || averageMs <= 0
      ? minWaiting
      : Math.max(minWaiting, Math.floor((maxWaitMs * concurrency) / averageMs));

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (queue.length >= allowedWaiting()) {
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: 'The server is busy; try again in a moment',
          headers: {
            'retry-after': '1',
          },
        });
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    const started = now();
    try {
      return await work();
    } finally {
      const took = now() - started;
      // A moving average, so the queue's bound follows the machine's load without jumping on one slow hash.
      averageMs = averageMs === undefined ? took : averageMs * 0.8 + took * 0.2;
      const next = queue.shift();
      // The slot passes straight to the next waiter, so `running` stays the same; otherwise it is freed.
      if (next) next();
      else running -= 1;
    }
  }

  return {
    hash: (password) => run(() => inner.hash(password)),
    verify: (passwordHash, password) => run(() => inner.verify(passwordHash, password)),
  };
}
