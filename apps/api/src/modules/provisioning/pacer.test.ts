import { describe, expect, it } from 'vitest';
import { createPacer } from './pacer';

describe('the workers’ pacer', () => {
  it('gives the steps of several workers one turn of the event loop each, in the order they asked', async () => {
    const seen: string[] = [];
    // A turn is asked for only once the one before it has ended: never two steps in one turn.
    const pacer = createPacer({
      loopBusy: () => 0,
      endTurn: async () => {
        seen.push('turn asked');
        await new Promise((resolve) => setImmediate(resolve));
        seen.push('turn ended');
      },
    });
    const step = async (name: string) => {
      await pacer.turn();
      seen.push(name);
    };
    await Promise.all([step('a'), step('b'), step('c')]);
    expect(seen.filter((s) => s.startsWith('turn'))).toEqual([
      ...['turn asked', 'turn ended'],
      ...['turn asked', 'turn ended'],
      ...['turn asked', 'turn ended'],
    ]);
    expect(seen.filter((s) => !s.startsWith('turn'))).toEqual(['a', 'b', 'c']);
  });

  it('waits while a request is under way or the loop is busy, yet always goes on', async () => {
    let looked = 0;
    const flooded = createPacer({
      requestsInFlight: () => {
        looked += 1;
        return 1;
      },
      maxWaitMs: 5,
    });
    await flooded.turn();
    expect(looked).toBeGreaterThan(1);

    let read = 0;
    const busy = createPacer({
      loopBusy: () => {
        read += 1;
        return 0.9;
      },
      busyShare: 0.5,
      maxWaitMs: 5,
    });
    await busy.turn();
    expect(read).toBeGreaterThan(1);

    let readUnbounded = 0;
    const unbounded = createPacer({
      loopBusy: () => {
        readUnbounded += 1;
        return 0.9;
      },
      busyShare: 1,
    });
    await unbounded.turn();
    expect(readUnbounded).toBe(0);
  });

  it('waits for nothing once the engine is closing', async () => {
    let looked = 0;
    const pacer = createPacer({
      requestsInFlight: () => {
        looked += 1;
        return 1;
      },
      closing: () => true,
    });
    await pacer.turn();
    expect(looked).toBe(0);
  });
});
