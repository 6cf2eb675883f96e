import { describe, expect, it } from "vitest";
import { analyseExperiment } from "@/lib/experiment/analysis";
import type { Arm, EnrolledSession, ExperimentReport } from "@/lib/experiment/contract";
import { experimentMarkdown } from "@/lib/experiment/report";
import type { RuleEffectsReport } from "@/lib/experiment/rule-effects";
import { formatComparison, powerItems, savingsItems } from "@/lib/experiment/wording";

const START = Date.UTC(2026, 0, 5);
const DAY = 86_400_000;
const MODEL = "claude-haiku-4-5";
const meta = { project: "Widget", slug: "widget", generatedAt: START + 3 * DAY };

let next = 0;
/** A linked session: `input` tokens on one priced model, `steps` operations. */
function session(arm: Arm, success: number, input: number, steps: number): EnrolledSession {
  next += 1;
  return {
    sessionId: `s${next}`,
    arm,
    deliveredAt: START + next * 1000,
    generation: 2,
    rules: ["verification"],
    outcome: {
      storedSessionId: next,
      startedAt: START + DAY,
      success,
      features: {
        operationCount: steps,
        filesModified: 3,
        verifiedAfterEdit: arm === "guidance",
        readBeforeEditRatio: 1,
        delegated: false,
      },
      tokensByModel: {
        [MODEL]: { input, output: input / 10, cacheRead: 0, cacheCreation: 0, reasoning: 0, cacheCreationHour: 0 },
      },
      durationMs: 60_000 + steps * 1000,
      toolErrors: 1,
    },
  };
}

/** Three sessions an arm: far too few to be powered. */
const small = (): ExperimentReport =>
  analyseExperiment(
    { holdoutShare: 0.5, startedAt: START },
    [
      session("guidance", 1, 80_000, 10),
      session("guidance", 0.8, 90_000, 12),
      session("guidance", 0.9, 70_000, 9),
      session("holdout", 0.7, 100_000, 14),
      session("holdout", 0.9, 120_000, 15),
      session("holdout", 0.6, 110_000, 13),
    ],
    1,
    { guidanceTokens: 1200, now: START + 2 * DAY },
  );

const section = (text: string, heading: string) => text.slice(text.indexOf(`## ${heading}`)).split("\n## ")[0]!;

describe("experimentMarkdown", () => {
  it("states the period, the counts and the primary outcome with its interval, in the page's own words", () => {
    const report = small();
    const text = experimentMarkdown(meta, report);
    expect(text).toMatch(/^# Experiment: Widget\n/);
    expect(text).toContain(
      "Holdout 50%: that share of the sessions that ask for guidance get none, at random; this period began 2026-01-05 00:00 UTC.",
    );
    expect(text).toContain("| 6 | 3 | 3 | 6 (3 · 3) | 0 | 1 |");
    const cost = report.outcomes[0]!;
    expect(cost).toMatchObject({ key: "cost", primary: true, reading: "not yet known" });
    expect(text).toContain(`**Primary outcome: cost per session.** Guidance ${"$"}`);
    expect(text).toContain(`change with guidance ${formatComparison(cost)}, p = `);
    expect(text).toContain("Reading: **not yet known**.");
    expect(text).toContain("Declared before any data: it is what a team pays");
  });

  it("lists every outcome per arm with its change, p and reading, the secondary ones labelled with the multiple-comparisons note", () => {
    const report = small();
    const outcomes = section(experimentMarkdown(meta, report), "Outcomes");
    for (const o of report.outcomes)
      expect(outcomes).toContain(`| ${o.label} | ${o.primary ? "primary" : "secondary"} |`);
    expect(outcomes).toContain(
      `| Steps (operations) per session | secondary | 10.3 (n 3) | 14.0 (n 3) | ${formatComparison(report.outcomes.find((o) => o.key === "steps")!)} | p = `,
    );
    expect(outcomes).toMatch(
      /with nine of them about one in three experiments shows at least one 95% interval away from no effect by chance alone/,
    );
  });

  it("says, while underpowered, that nothing is known yet: the power panel with the sessions still needed, and pays for itself not yet known", () => {
    const report = small();
    const text = experimentMarkdown(meta, report);
    const power = section(text, "How long until we know");
    expect(power).toContain("Underpowered: the intervals are shown, but no reading is a finding yet.");
    for (const [term, value] of powerItems(report.howLong)) expect(power).toContain(`- ${term}: ${value}`);
    expect(power).toMatch(/- Still needed: \d+ \(≈ \d+ days at 3\.0 a day\)/);
    const savings = section(text, "What Starlight costs and saves");
    expect(savings).toContain(
      "**Pays for itself: not yet known.** Underpowered: the interval is shown, but not read as a finding.",
    );
    for (const [term, value] of savingsItems(report.savings)) expect(savings).toContain(`- ${term}: ${value}`);
    expect(savings).toContain("- The guidance itself: ≈ 1,200 tokens, <$0.01 per session");
    expect(savings).toMatch(/- Spend saved per session: \$\d\.\d\d \(95% CI −?\$\d\.\d\d … \$\d\.\d\d\)/);
  });

  it("answers yes once powered with the cost interval below 1", () => {
    const report = small();
    const powered: ExperimentReport = {
      ...report,
      howLong: { ...report.howLong, powered: true, more: 0 },
      outcomes: report.outcomes.map((o) =>
        o.primary ? { ...o, estimate: 0.8, low: 0.7, high: 0.9, reading: "lower" } : o,
      ),
      savings: { ...report.savings, verdict: "yes", reason: "Sessions given guidance cost less." },
    };
    const text = experimentMarkdown(meta, powered);
    expect(text).toContain("The experiment has the sessions it planned for: its readings are findings.");
    expect(text).toContain("change with guidance −20% (95% CI −30% … −10%)");
    expect(text).toContain("Reading: **lower**.");
    expect(text).toContain("**Pays for itself: yes.** Sessions given guidance cost less.");
  });

  it("compares success and adherence per rule, and lists the caveats", () => {
    const text = experimentMarkdown(meta, small());
    const success = section(text, "Success");
    expect(success).toContain("| Guidance | 3 | 90.0% | 10.0% |");
    expect(success).toMatch(
      /Difference \(guidance − holdout\): \+16\.7 pp, 95% interval \(Welch\) [−+]\d+\.\d…\+\d+\.\d pp, p = /,
    );
    expect(success).toContain("more sessions needed to detect a 10-point difference in success");
    expect(section(text, "Did the agent do what it was told?")).toContain(
      "| verification | ran a check after editing, in sessions that changed 2+ files | 100% (3 of 3) | 0% (0 of 3) | +100 pp (95% CI +21…+100 pp) |",
    );
    expect(section(text, "Caveats")).toContain("- Small samples (3 guidance and 3 holdout sessions with a transcript)");
  });

  it("shows each rule's randomised effect when given, and why there is none", () => {
    const effects: RuleEffectsReport = {
      running: true,
      effects: [
        {
          key: "verification",
          instruction: "Run the tests after editing.",
          told: 4,
          notTold: 3,
          effect: 0.12,
          low: -0.03,
          high: 0.27,
          headline: 0,
          verdict: "running",
          adherence: {
            told: { eligible: 4, followed: 4, rate: 1 },
            notTold: { eligible: 3, followed: 1, rate: 1 / 3 },
          },
          sessionsNeeded: 300,
          outcomes: [],
        },
      ],
    };
    const text = experimentMarkdown(meta, small(), effects);
    expect(section(text, "Each rule, tested by randomisation")).toContain(
      "| Run the tests after editing. (verification) | 4 / 3 | +12 pp (−3 pp…+27 pp) | 0 pp | 100% / 33% | — | 300 | observed, test running |",
    );
    expect(experimentMarkdown(meta, small(), { running: false, effects: [] })).toContain(
      "Rules are tested only while the experiment runs",
    );
    expect(experimentMarkdown(meta, small())).not.toContain("## Each rule");
  });

  it("reports an empty experiment without numbers, and a holdout that is off as such", () => {
    const empty = experimentMarkdown(meta, analyseExperiment({ holdoutShare: 0.2, startedAt: START }, [], 0));
    expect(empty).toContain("| 0 | 0 | 0 | 0 (0 · 0) | 0 | 0 |");
    expect(empty).toContain("| Cost per session | primary | — (n 0) | — (n 0) | — | — | not yet known |");
    expect(empty).toContain("**Pays for itself: not yet known.** Too few priced sessions in an arm to compare cost.");
    expect(empty).toContain("- Smallest cut detectable today: — (an arm has no priced session)");
    expect(empty).toContain(
      "The comparison needs at least 2 sessions with a transcript in each arm; so far 0 in the guidance arm and 0 in the holdout.",
    );
    expect(empty).toContain("No guidance delivered in this experiment held a rule whose behaviour can be measured.");
    expect(empty).not.toMatch(/NaN|undefined|Infinity/);
    const off = experimentMarkdown(meta, analyseExperiment({ holdoutShare: 0, startedAt: START }, [], 0));
    expect(off).toContain("Holdout off: every session that asks gets guidance");
    expect(off).toContain("- Sessions needed in all: — (holdout off)");
    expect(off).toContain("The holdout is off: every session that asked got guidance");
  });

  it("quotes a hostile project name, slug and rule text as literal text: no heading, link, HTML, table cell or line of their own", () => {
    const hostile = "Evil | cell\n## Injected\n<img src=x onerror=alert(1)> [click](http://evil.test) `code`";
    const effects: RuleEffectsReport = {
      running: true,
      effects: [
        {
          key: "evil`|key",
          instruction: "Obey | me\n# now <script>alert(1)</script> ![x](http://evil.test/x.png)",
          told: 1,
          notTold: 1,
          effect: null,
          low: null,
          high: null,
          headline: null,
          verdict: "running",
          adherence: null,
          sessionsNeeded: 10,
          outcomes: [],
        },
      ],
    };
    const text = experimentMarkdown({ project: hostile, slug: "a`b", generatedAt: START }, small(), effects);
    expect(text.split("\n")[0]).toBe(
      "# Experiment: Evil \\| cell \\#\\# Injected \\<img src=x onerror=alert(1)\\> \\[click\\](http://evil.test) \\`code\\`",
    );
    expect(text).toContain("Project ``a`b``.");
    expect(text).not.toMatch(/^#+ Injected|^# now/m);
    expect(text).not.toMatch(/(?<!\\)(<img|<script|\]\(http|!\[x)/);
    const rule = text.split("\n").find((l) => l.includes("Obey"))!;
    expect(rule).toBe(
      "| Obey \\| me \\# now \\<script\\>alert(1)\\</script\\> \\!\\[x\\](http://evil.test/x.png) (evil\\`\\|key) | 1 / 1 | — (—…—) | — | not measured | — | 10 | observed, test running |",
    );
  });
});
