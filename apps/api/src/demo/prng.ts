/**
 * A small seeded pseudo-random generator (mulberry32) for the demo population: the same seed gives the
 * same customers, services and amounts on every machine. Not for anything secret.
 */
export interface Prng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** An index chosen by weights: weighted([60, 30, 10]) is 0 six times in ten. */
  weighted(weights: readonly number[]): number;
  /** A version-4-shaped UUID drawn from the generator. */
  uuid(): string;
}

const hex8 = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

export function createPrng(seed: number): Prng {
  let state = seed >>> 0;
  /** The next 32 random bits. */
  const nextU32 = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const next = () => nextU32() / 4294967296;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (probability) => next() < probability,
    weighted(weights) {
      const total = weights.reduce((a, b) => a + b, 0);
      let roll = next() * total;
      for (let i = 0; i < weights.length; i += 1) {
        roll -= weights[i]!;
        if (roll < 0) return i;
      }
      return weights.length - 1;
    },
    uuid() {
      const a = hex8(nextU32());
      const b = hex8((nextU32() & 0xffff0fff) | 0x00004000);
      const c = hex8((nextU32() & 0x3fffffff) | 0x80000000);
      const d = hex8(nextU32());
      return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${d}`;
    },
  };
}
