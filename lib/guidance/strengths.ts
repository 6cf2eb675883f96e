import { THRESHOLDS as T, type DomainAggregate } from "@/lib/guidance/aggregates";
import type { Strength } from "@/lib/guidance/contract";
import { capitalize, domainLabel, percent } from "@/lib/guidance/wording";
import { summarize, tQuantile } from "@/lib/learn/stats";

/**
 * Strengths to keep: domains averaging 80% or more over strengthMinSessions or more sessions
 * (docs/statistics.md#lessons-checklists-strengths), each stated with the 95% interval of its mean, so a domain at
 * 80% over a handful of sessions reads as the coin flip it is.
 */
export function distilStrengths(domains: readonly DomainAggregate[]): Strength[] {
  const out: Strength[] = [];
  for (const d of domains) {
    const s = summarize(d.success);
    if (s.n < T.strengthMinSessions || !(s.mean >= T.strengthAtLeast)) continue;
    const half = (tQuantile(0.975, s.n - 1) * s.sd) / Math.sqrt(s.n);
    const [low, high] = [Math.max(0, s.mean - half), Math.min(1, s.mean + half)];
    const text = `${capitalize(domainLabel(d.domain))} work goes well in this project (${percent(s.mean)} average success over ${s.n} sessions, 95% CI ${percent(low)}–${percent(high)}; observed): keep the current approach.`;
    out.push({ domain: d.domain, mean: s.mean, n: s.n, text });
  }
  return out.sort((a, b) => b.mean - a.mean || b.n - a.n || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
}
