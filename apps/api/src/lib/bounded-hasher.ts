import { AppError } from './errors';
import type { PasswordHasher } from './password';

/**
 * Password hashing behind a concurrency cap. argon2id is deliberately CPU- and memory-hungry: unbounded, a storm
 * of sign-ins fills every core and every other request waits behind it. At most `concurrency` hashes run at once
 * and as many more may wait for a slot, so that a slot never idles while sign-ins keep coming; anything beyond
 * that is refused at once with 503 and Retry-After rather than queued (docs/decisions/021-sign-in-hardening.md).
 */
export function boundedHasher(inner: PasswordHasher, concurrency: number, waiting = concurrency): PasswordHasher {
  let running = 0;
  const queue: Array<() => void> = [];

  async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (queue.length >= waiting) {
        throw new AppError('SERVICE_UNAVAILABLE', 'The server is busy; try again in a moment', undefined, {
          'retry-after': '1',
        });
      }
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
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
