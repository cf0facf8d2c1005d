import type { Clock } from './clock';

/** A counter's value after a change, and how long until its window ends. */
export interface CounterHit {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters for rate limits. The window starts with the first increment of a key and is not
 * extended by later ones. Implementations: in memory (one instance) and Redis (shared by every instance).
 */
export interface CounterStore {
  /** Adds one, atomically; starts a window of windowMs when the key is new. */
  increment(key: string, windowMs: number): Promise<CounterHit>;
  /** Takes one back (never below zero); nothing when the key is gone. */
  decrement(key: string): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Sweep expired keys once this many increments have happened since the last sweep. */
const SWEEP_EVERY = 1000;

/** Counters in this process's memory: right for one instance; several instances need the Redis store. */
export function createMemoryCounterStore(clock: Clock): CounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  let sinceSweep = 0;

  const live = (key: string, now: number) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweep = (now: number) => {
    for (const [key, entry] of counters) if (entry.resetAt <= now) counters.delete(key);
  };

  return {
    async increment(key, windowMs) {
      const now = clock.now();
      if (++sinceSweep >= SWEEP_EVERY) {
        sinceSweep = 0;
        sweep(now);
      }
      let entry = live(key, now);
      if (!entry) {
        entry = { count: 0, resetAt: now + windowMs };
        counters.set(key, entry);
      }
      entry.count += 1;
      return { count: entry.count, resetInMs: entry.resetAt - now };
    },
    async decrement(key) {
      const entry = live(key, clock.now());
      if (!entry) return;
      entry.count -= 1;
      if (entry.count <= 0) counters.delete(key);
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}
