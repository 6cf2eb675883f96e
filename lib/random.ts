/**
 * The product's seeded random source: mulberry32, a small PRNG whose sequence is fixed by its seed, so a bootstrap,
 * a permutation test or an ablation's schedule answers the same for the same seed. (The test-data generators'
 * draws, test/factories/generate/random.ts, are built on it.)
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
