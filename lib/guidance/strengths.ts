import { THRESHOLDS as T, type DomainAggregate } from "@/lib/guidance/aggregates";
import type { Strength } from "@/lib/guidance/contract";
import { capitalize, domainLabel, percent } from "@/lib/guidance/wording";
import { summarize } from "@/lib/learn/stats";

/** Strengths to keep: domains averaging 80% or more over 3+ sessions (docs/statistics.md#lessons-checklists-strengths). */
export function distilStrengths(domains: readonly DomainAggregate[]): Strength[] {
  const out: Strength[] = [];
  for (const d of domains) {
    const s = summarize(d.success);
    if (s.n < T.strengthMinSessions || !(s.mean >= T.strengthAtLeast)) continue;
    const text = `${capitalize(domainLabel(d.domain))} work goes well (${percent(s.mean)} average success over ${s.n} sessions): keep the current approach.`;
    out.push({ domain: d.domain, mean: s.mean, n: s.n, text });
  }
  return out.sort((a, b) => b.mean - a.mean || b.n - a.n || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
}
