/** The time source of everything that expires (tokens, rate-limit windows); tests pass a fake one. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
