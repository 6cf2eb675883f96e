import { describe, expect, it } from "vitest";
import { ruleComparisons } from "@/lib/guidance/adjusted";
import type { StratumCell, ToolStratumCell } from "@/lib/guidance/aggregates";
import { distilRules } from "@/lib/guidance/rules";
import { decodeStratum, STRATUM_DIMENSIONS, type DimensionName } from "@/lib/guidance/strata";
import { createRandom } from "@/test/factories/generate/random";
import { add, EMPTY_MOMENTS, moments } from "@/lib/learn/stats";

interface Session {
  domain: string;
  states: Record<DimensionName, number>;
  score: number;
  unverified?: number;
  tools?: string[];
}

/** The stratum code of these states (the inverse of decodeStratum). */
function encodeStratum(states: Record<DimensionName, number>): number {
  let code = 0;
  let radix = 1;
  for (const d of STRATUM_DIMENSIONS) {
    code += radix * states[d.name];
    radix *= d.levels.length;
  }
  return code;
}

/** What the triggers keep, from sessions: cells per (domain, stratum) and per (domain, tool, stratum). */
function cellsOf(sessions: readonly Session[]): { cells: StratumCell[]; tools: ToolStratumCell[] } {
  const cells = new Map<string, StratumCell>();
  const tools = new Map<string, ToolStratumCell>();
  for (const s of sessions) {
    const stratum = encodeStratum(s.states);
    const plus = (c: StratumCell) => ({
      ...c,
      score: add(c.score, moments([s.score])),
      unverified: add(c.unverified, moments([s.unverified ?? s.score])),
    });
    const empty = { domain: s.domain, stratum, score: EMPTY_MOMENTS, unverified: EMPTY_MOMENTS };
    const key = `${s.domain}/${stratum}`;
    cells.set(key, plus(cells.get(key) ?? empty));
    for (const tool of s.tools ?? [])
      tools.set(`${key}/${tool}`, { ...plus(tools.get(`${key}/${tool}`) ?? { ...empty, tool }), tool });
  }
  return { cells: [...cells.values()], tools: [...tools.values()] };
}

const STATES: Record<DimensionName, number> = { verification: 0, reading: 0, delegation: 0, length: 2, breadth: 2 };

describe("decodeStratum", () => {
  it("inverts encodeStratum", () => {
    const states = { verification: 2, reading: 1, delegation: 2, length: 3, breadth: 4 };
    expect(decodeStratum(encodeStratum(states))).toEqual(states);
    expect(encodeStratum({ verification: 2, reading: 2, delegation: 2, length: 3, breadth: 4 })).toBe(
      3 * 3 * 3 * 4 * 5 - 1,
    );
  });
});

describe("ruleComparisons", () => {
  const rng = createRandom(11);
  const noise = () => rng.normal() * 0.1;

  it("adjusts a behaviour common in the easy domain to no effect, and says what it adjusted for", () => {
    const sessions: Session[] = [];
    for (let i = 0; i < 400; i++) {
      const easy = i % 2 === 0;
      const delegated = rng.chance(easy ? 0.8 : 0.1);
      const long = rng.chance(0.5);
      sessions.push({
        domain: easy ? "docs" : "deploy",
        states: { ...STATES, delegation: delegated ? 1 : 2, length: long ? 3 : 2 },
        score: (easy ? 0.75 : 0.45) + noise(),
      });
    }
    const { cells, tools } = cellsOf(sessions);
    const delegation = ruleComparisons(cells, tools).find((c) => c.key === "delegation")!;
    const naive = delegation.with.sum / delegation.with.n - delegation.without.sum / delegation.without.n;
    expect(naive).toBeGreaterThan(0.15);
    expect(Math.abs(delegation.adjusted!.estimate)).toBeLessThan(0.04);
    expect(delegation.adjusted!.adjustedFor).toEqual(["domain"]);
    expect(distilRules([delegation])).toEqual([]);
  });

  it("judges verification on the score without its verification signal", () => {
    const sessions: Session[] = Array.from({ length: 300 }, (_, i) => {
      const verified = i % 2 === 0;
      const outcome = 0.6 + noise();
      return {
        domain: "code",
        states: { ...STATES, verification: verified ? 1 : 2 },
        score: outcome + (verified ? 0.15 : 0),
        unverified: outcome,
      };
    });
    const { cells, tools } = cellsOf(sessions);
    const verification = ruleComparisons(cells, tools).find((c) => c.key === "verification")!;
    expect(verification.outcome).toBe("unverified");
    expect(Math.abs(verification.adjusted!.estimate)).toBeLessThan(0.04);
    expect(distilRules([verification])).toEqual([]);
  });

  it("pools a tool's effect that agrees across domains into one rule, and keeps per-domain rules that disagree", () => {
    const domains = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta"];
    const sessions: Session[] = [];
    for (let i = 0; i < 1800; i++) {
      const domain = domains[i % domains.length]!;
      const bash = rng.chance(0.5);
      const read = rng.chance(0.5);
      const readShift = domain === "alpha" ? 0.2 : domain === "beta" ? -0.2 : 0;
      sessions.push({
        domain,
        states: STATES,
        score: 0.5 + (bash ? 0.1 : 0) + (read ? readShift : 0) + noise(),
        tools: [...(bash ? ["Bash"] : []), ...(read ? ["Read"] : [])],
      });
    }
    const { cells, tools } = cellsOf(sessions);
    const comparisons = ruleComparisons(cells, tools).filter((c) => c.source === "tool-preference");
    expect(comparisons.filter((c) => c.tool === "Bash").map((c) => c.key)).toEqual(["tool-preference:Bash"]);
    expect(comparisons.filter((c) => c.tool === "Read").map((c) => c.key)).toEqual(
      domains.map((d) => `tool-preference:${d}:Read`).sort(),
    );
    const rules = distilRules(comparisons);
    const bash = rules.find((r) => r.key === "tool-preference:Bash");
    expect(bash?.support).toBe("supported");
    expect(bash?.instruction).toBe(
      "In this project, sessions that ran the build or tests as they worked (5+ shell commands) succeeded more often than those that did not.",
    );
    expect(bash?.evidence.low).toBeLessThan(0.1);
    expect(bash?.evidence.high).toBeGreaterThan(0.1);
    expect(
      rules
        .filter((r) => r.support === "supported")
        .map((r) => r.key)
        .sort(),
    ).toEqual(["tool-preference:Bash", "tool-preference:alpha:Read"]);
  });

  it("holds no other behaviour constant: a hidden difficulty that drives focus makes no session-length rule", () => {
    // Length has no effect; a hidden difficulty lowers success and scatters changes, and short sessions scatter too.
    // Holding focus constant (a collider of length and difficulty) would make long sessions look worse.
    const sessions: Session[] = [];
    for (let i = 0; i < 4000; i++) {
      const hard = rng.chance(0.5);
      const short = rng.chance(0.5);
      const scattered = rng.chance(0.1 + 0.6 * (hard ? 1 : 0) + 0.3 * (short ? 1 : 0));
      sessions.push({
        domain: "code",
        states: { ...STATES, length: short ? 0 : 3, breadth: scattered ? 4 : 2 },
        score: (hard ? 0.4 : 0.7) + noise(),
      });
    }
    const { cells, tools } = cellsOf(sessions);
    const length = ruleComparisons(cells, tools).find((c) => c.key === "session-length")!;
    expect(Math.abs(length.adjusted!.estimate)).toBeLessThan(0.02);
    expect(length.adjusted!.adjustedFor).toEqual([]);
    expect(distilRules([length])).toEqual([]);
  });
});
