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
    const bounded = boundedHasher(failing, 1, 0);
    await expect(bounded.verify('h', 'p')).rejects.toThrow('boom');
    await expect(bounded.verify('h', 'p')).rejects.toThrow('boom');
  });
});
