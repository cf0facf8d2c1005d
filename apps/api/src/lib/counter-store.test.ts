import { describe, expect, it } from 'vitest';
import { fakeClock } from '../test/auth';
import { createMemoryCounterStore } from './counter-store';

describe('memory counter store', () => {
  it('counts within a fixed window that later increments do not extend', async () => {
    const clock = fakeClock();
    const store = createMemoryCounterStore(clock);
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    clock.advance(400);
    expect(await store.increment('k', 1000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await store.increment('other', 1000)).toEqual({ count: 1, resetInMs: 1000 });
    clock.advance(600);
    expect(await store.increment('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('decrements never below zero, and resets', async () => {
    const store = createMemoryCounterStore(fakeClock());
    await store.decrement('missing');
    expect((await store.increment('missing', 1000)).count).toBe(1);
    await store.increment('k', 1000);
    await store.increment('k', 1000);
    await store.decrement('k');
    expect((await store.increment('k', 1000)).count).toBe(2);
    await store.decrement('k');
    await store.decrement('k');
    await store.decrement('k');
    expect((await store.increment('k', 1000)).count).toBe(1);
    await store.reset('k');
    expect((await store.increment('k', 1000)).count).toBe(1);
  });

  it('forgets expired keys (bounded memory under many distinct keys)', async () => {
    const clock = fakeClock();
    const store = createMemoryCounterStore(clock);
    for (let i = 0; i < 1500; i += 1) await store.increment(`old-${i}`, 1000);
    clock.advance(1000);
    for (let i = 0; i < 1000; i += 1) await store.increment(`new-${i}`, 1000);
    // The sweep dropped every expired key: an old key starts again from one, in a fresh window.
    expect(await store.increment('old-1', 5000)).toEqual({ count: 1, resetInMs: 5000 });
  });
});
