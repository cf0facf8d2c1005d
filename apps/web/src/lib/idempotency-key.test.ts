import { describe, expect, it } from 'vitest';
import { createIdempotencyKeys, newIdempotencyKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('are random, long enough for the API (8 to 100 visible characters)', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[\x21-\x7e]{8,100}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('repeat for the same request (a retry or a double click) and change with the request', () => {
    let n = 0;
    const keys = createIdempotencyKeys(() => `key-${++n}-xxxx`);
    const first = keys.keyFor({ amount: '20', method: 'test_card' });
    expect(keys.keyFor({ amount: '20', method: 'test_card' })).toBe(first);
    const other = keys.keyFor({ amount: '25', method: 'test_card' });
    expect(other).not.toBe(first);
    keys.reset();
    expect(keys.keyFor({ amount: '25', method: 'test_card' })).not.toBe(other);
  });
});
