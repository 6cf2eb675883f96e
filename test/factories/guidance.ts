import type { Evidence, GuidanceContent, Rule } from "@/lib/guidance/contract";

/** Hand-made guidance content for tests (the distillation passes have their own tests). */
export function evidence(
  nWith: number,
  meanWith: number,
  nWithout: number,
  meanWithout: number,
  low: number,
  high: number,
): Evidence {
  return {
    with: { n: nWith, mean: meanWith, sd: 0.2 },
    without: { n: nWithout, mean: meanWithout, sd: 0.25 },
    difference: meanWith - meanWithout,
    low,
    high,
    method: "welch",
  };
}

export function rule(key: string, overrides: Partial<Rule> = {}): Rule {
  const e = overrides.evidence ?? evidence(18, 0.96, 12, 0.71, 0.14, 0.36);
  const pp = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(Math.round(x * 100))}`;
  return {
    key,
    source: "verification",
    domain: null,
    instruction: `Rule ${key}: run the tests after changing several files.`,
    evidenceLine: `${e.with.n} vs ${e.without.n} sessions, ${Math.round(e.with.mean * 100)}% vs ${Math.round(e.without.mean * 100)}% success, ${pp(e.difference)} pp, 95% CI ${pp(e.low)}…${pp(e.high)}`,
    evidence: e,
    support: "supported",
    ...overrides,
  };
}

export function sampleContent(overrides: Partial<GuidanceContent> = {}): GuidanceContent {
  return {
    project: "alpha",
    sessions: 240,
    pinned: [],
    rules: [
      rule("verification"),
      rule("read-before-edit", {
        source: "read-before-edit",
        instruction: "Read a file before editing it.",
        evidence: evidence(120, 0.82, 60, 0.64, 0.05, 0.31),
      }),
      rule("delegation", {
        source: "delegation",
        instruction: "Delegate work of 20+ operations to a sub-agent.",
        support: "provisional",
        evidence: evidence(9, 0.8, 30, 0.7, -0.05, 0.25),
      }),
      rule("tool-preference:testing:Bash", {
        source: "tool-preference",
        domain: "testing",
        instruction: "In testing work, prefer Bash.",
        evidence: evidence(8, 0.9, 10, 0.6, 0.02, 0.58),
      }),
    ],
    lessons: [
      {
        key: "testing:too-long",
        domain: "testing",
        text: "In testing work, failed sessions ran 2.3× as many operations as successful ones (58 vs 25).",
        failed: 14,
        succeeded: 30,
      },
      {
        key: "api:shell-heavy",
        domain: "api",
        text: "In api work, failed sessions ran 3× as many shell commands.",
        failed: 5,
        succeeded: 9,
      },
    ],
    checklists: [
      {
        domain: "deployment",
        mean: 0.58,
        n: 22,
        items: ["Check the environment variables.", "Run the smoke test after deploying."],
      },
    ],
    crossProject: [
      {
        key: "pattern:Read>Edit>Bash",
        kind: "pattern",
        text: "Read → Edit → Bash works in 3 projects.",
        projects: ["alpha", "beta", "gamma"],
      },
    ],
    strengths: [
      {
        domain: "frontend",
        mean: 0.88,
        n: 40,
        text: "Frontend work succeeds 88% of the time (40 sessions): keep doing what works.",
      },
    ],
    ...overrides,
  };
}
