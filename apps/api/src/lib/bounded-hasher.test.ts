import { describe, expect, it } from 'vitest';
import { boundedHasher } from './bounded-hasher';
import { AppError } from './errors';
import type { PasswordHasher } from './password';

function controlledHasher() {
  let active = 0;
  let peak = 0;
  const pending: Array<() => void> = [];
  const hasher: PasswordHasher = {
    hash: async () => 'hash',
    verify: () => {
      active += 1;
      peak = Math.max(peak, active);
      return new Promise((resolve) =>
        pending.push(() => {
          active -= 1;
          resolve(true);
        }),
      );
    },
  };
  return { hasher, pending, peak: () => peak };
}

describe('boundedHasher', () => {
  it('runs at most the cap at once, lets as many wait, and refuses the rest at once with 503', async () => {
    const inner = controlledHasher();
    const bounded = boundedHasher(inner.hasher, 2);
    const accepted = [1, 2, 3, 4].map(() => bounded.verify('h', 'p'));
    const refused = bounded.verify('h', 'p');
    await expect(refused).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE',
    );
    await Promise.resolve();
    expect(inner.pending).toHaveLength(2);
    while (inner.pending.length > 0) {
      inner.pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(accepted)).resolves.toEqual([true, true, true, true]);
    expect(inner.peak()).toBe(2);
  });

  it('frees its slot when the work fails', async () => {
    const failing: PasswordHasher = { hash: async () => 'h', verify: async () => Promise.reject(new Error('boom')) };
    const bounded = boundedHasher(failing, 1, { minWaiting: 0 });
    await expect(bounded.verify('h', 'p')).rejects.toThrow('boom');
    await expect(bounded.verify('h', 'p')).rejects.toThrow('boom');
  });

  it('lets as many wait as its slots can serve within the longest wait, judged from the hashes it has timed', async () => {
    let clock = 0;
    const inner = controlledHasher();
    const bounded = boundedHasher(inner.hasher, 1, { maxWaitMs: 1000, now: () => clock });
    // One hash of 100 ms sets the pace: the queue may then hold ten, the work of one second.
    const first = bounded.verify('h', 'p');
    await Promise.resolve();
    clock += 100;
    inner.pending.shift()!();
    await first;
    const accepted = Array.from({ length: 11 }, () => bounded.verify('h', 'p'));
    await expect(bounded.verify('h', 'p')).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE',
    );
    while (inner.pending.length > 0 || inner.peak() === 0) {
      clock += 100;
      inner.pending.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(accepted)).resolves.toHaveLength(11);
    expect(inner.peak()).toBe(1);
  });

  it('slower hashes shorten the queue, and a wait of 0 keeps it at the least', async () => {
    let clock = 0;
    const inner = controlledHasher();
    const bounded = boundedHasher(inner.hasher, 1, { maxWaitMs: 0, minWaiting: 1, now: () => clock });
    const first = bounded.verify('h', 'p');
    await Promise.resolve();
    clock += 10;
    inner.pending.shift()!();
    await first;
    const accepted = [bounded.verify('h', 'p'), bounded.verify('h', 'p')];
    await expect(bounded.verify('h', 'p')).rejects.toSatisfy(
      (error) => error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE',
    );
    while (inner.pending.length > 0) {
      inner.pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect(Promise.all(accepted)).resolves.toEqual([true, true]);
  });
});
