import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';

/**
 * When the provisioning workers may run their next step (docs/decisions/042-provisioning-engine.md, addenda on the
 * customer's edit while a queue drains). The workers share the API's one event loop with customers' requests:
 * every step of a task (a claim, a target's reads, an outcome's transaction) is synchronous SQLite work, and a
 * request that arrives waits for whatever the loop runs before it. So a step first waits, a millisecond at a time
 * and at most `maxWaitMs`, while HTTP requests are under way or while the loop was busy more than `busyShare` of
 * the last `windowMs` (the drain leaves the loop idle part of the time, so a request finds it free or nearly so);
 * then the steps of all workers run one at a time, each in a turn of the loop of its own, never several back to
 * back while a request's I/O waits. A flood of requests slows the drain but never stops it.
 */

export interface PacerOptions {
  /** How many HTTP requests the process is answering now. */
  requestsInFlight?: () => number;
  /** The most of the event loop's time the drain keeps it busy, 0–1 (default 0.5); 1 turns the bound off. */
  busyShare?: number;
  /** Over how long the loop's busy share is read (default 100 ms). */
  windowMs?: number;
  /** The longest one step waits (default 10 ms). */
  maxWaitMs?: number;
  /** While true, steps wait for nothing (the engine is stopping). */
  closing?: () => boolean;
  /** The loop's busy share over the recent window (tests pass their own). */
  loopBusy?: () => number;
  /** Ends the turn of the event loop (setImmediate; tests observe it). */
  endTurn?: () => Promise<unknown>;
}

/** The event loop's busy share over the last `windowMs` to `2 · windowMs`, from the loop's own idle accounting. */
export function loopBusyShare(windowMs: number): () => number {
  let from = performance.eventLoopUtilization();
  let mid = from;
  let midAt = performance.now();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, from).utilization;
    if (performance.now() - midAt >= windowMs) {
      from = mid;
      mid = now;
      midAt = performance.now();
    }
    return share;
  };
}

export function createPacer(options: PacerOptions = {}) {
  const requestsInFlight = options.requestsInFlight ?? (() => 0);
  const busyShare = options.busyShare ?? 0.5;
  const maxWaitMs = options.maxWaitMs ?? 10;
  const closing = options.closing ?? (() => false);
  const loopBusy = options.loopBusy ?? loopBusyShare(options.windowMs ?? 100);
  const endTurn = options.endTurn ?? (() => nextTurn());
  let queue: Promise<void> = Promise.resolve();

  const busy = () => requestsInFlight() > 0 || (busyShare < 1 && loopBusy() > busyShare);

  async function wait(): Promise<void> {
    const until = performance.now() + maxWaitMs;
    while (!closing() && busy() && performance.now() < until) await pause(1);
  }

  return {
    /** Resolves when the caller may run its next step: after the waits above, in a turn of the loop of its own. */
    async turn(): Promise<void> {
      await wait();
      // Queued behind the steps already waiting for a turn; each turn ends (setImmediate) before the next begins.
      const mine = queue.then(endTurn).then(() => undefined);
      queue = mine;
      await mine;
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
