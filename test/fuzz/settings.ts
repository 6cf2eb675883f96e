import type fc from "fast-check";

/**
 * The fuzz suites' run parameters: a fixed seed, so every run checks the same inputs and a failure can be
 * replayed, and a bounded number of runs, so the suites stay fast. On a failure fast-check prints the seed
 * and the counterexample's path; replay it with `FUZZ_SEED=<seed> FUZZ_PATH=<path>`. `FUZZ_RUNS=<factor>`
 * multiplies every run count (and `FUZZ_SEED` alone picks other inputs) for a longer exploration.
 */
export function fuzzRuns<T>(numRuns: number): fc.Parameters<T> {
  const factor = Number(process.env.FUZZ_RUNS ?? "1");
  const path = process.env.FUZZ_PATH;
  return {
    seed: Number(process.env.FUZZ_SEED ?? "20260906"),
    numRuns: Math.max(1, Math.round(numRuns * (Number.isFinite(factor) && factor > 0 ? factor : 1))),
    ...(path ? { path } : {}),
  };
}
