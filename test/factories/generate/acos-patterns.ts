import { PROFILES } from "@/test/factories/generate/acos-profiles";
import { createRandom } from "@/test/factories/generate/random";

/** An entry of ACOS `patterns.json` (docs/formats.md#acos-trajectories). */
export type AcosPatternRecord = {
  sequence: string;
  type: string;
  count: number;
  avgSuccess: number;
  discoveredAt: string;
  lastSeen: string;
  isNgram?: boolean;
  ngramSize?: number;
};

const START = Date.UTC(2026, 9, 1);
const DAY = 24 * 60 * 60 * 1000;
const MAX_STEPS = 10;

/** A tool sequence the way ACOS records it: consecutive repeats collapsed, at most 10 steps. */
function sequence(steps: readonly string[]): string[] {
  return steps.filter((tool, i) => i === 0 || tool !== steps[i - 1]).slice(0, MAX_STEPS);
}

/** `count` distinct tool-sequence patterns, most used first (as ACOS keeps its top 50). */
export function generateAcosPatterns(opts: { seed: number; count: number }): AcosPatternRecord[] {
  const rng = createRandom(opts.seed);
  const seen = new Set<string>();
  const out: AcosPatternRecord[] = [];
  for (let attempt = 0; out.length < opts.count && attempt < opts.count * 20; attempt++) {
    const profile = rng.weighted(PROFILES.map((p) => [p, p.weight] as const));
    const raw = Array.from({ length: rng.int(2, 12) }, () => rng.weighted(profile.tools));
    const steps = sequence(raw);
    const key = steps.join(" > ");
    if (steps.length < 2 || seen.has(key)) continue;
    seen.add(key);
    const discovered = START + rng.int(0, 30) * DAY + rng.int(0, DAY - 1);
    const record: AcosPatternRecord = {
      sequence: key,
      type: profile.domain,
      count: 1 + Math.floor(60 * rng.next() ** 2),
      avgSuccess: Math.round(Math.min(1, Math.max(0.1, 0.72 + rng.normal() * 0.15)) * 1000) / 1000,
      discoveredAt: new Date(discovered).toISOString(),
      lastSeen: new Date(discovered + rng.int(0, 20) * DAY).toISOString(),
    };
    if (rng.chance(0.4)) {
      record.isNgram = true;
      record.ngramSize = steps.length;
    }
    out.push(record);
  }
  return out.sort((a, b) => b.count - a.count || a.sequence.localeCompare(b.sequence));
}
