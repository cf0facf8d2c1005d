import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

/** Counts how many times the event loop turns while the work runs: zero means the work blocked it. */
async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns += 1;
    setImmediate(spin);
  };
  setImmediate(spin);
  const value = await work();
  running = false;
  return { turns, value };
}

describe('argon2id runs off the event loop', () => {
  it('keeps the event loop turning while a password is hashed and verified', async () => {
    const hashed = await loopTurnsDuring(() => hashPassword('correct horse battery'));
    expect(hashed.value).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // A synchronous hash (19 MiB, 2 passes: tens of milliseconds) would let the loop turn at most once.
    expect(hashed.turns).toBeGreaterThan(3);

    const verified = await loopTurnsDuring(() => verifyPassword(hashed.value, 'correct horse battery'));
    expect(verified.value).toBe(true);
    expect(verified.turns).toBeGreaterThan(3);
  });
});
