/** The draws the test-data generators need, over the product's seeded PRNG (lib/random.ts); same seed → same sequence. */
import { mulberry32 } from "@/lib/random";

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, with probability proportional to its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** `length` characters from [0-9a-z]. */
  token(length: number): string;
}

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [item, weight] of entries) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return pick(entries)[0];
    },
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    token: (length) => Array.from({ length }, () => ALPHABET.charAt(int(0, ALPHABET.length - 1))).join(""),
  };
}
