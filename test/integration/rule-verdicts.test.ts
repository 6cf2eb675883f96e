import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { startPeriod } from "@/db/queries/experiments";
import { storeRecords } from "@/lib/server/store-records";
import { getProjectBySlug } from "@/db/queries/projects";
import { statement } from "@/db/engine/statement";
import { generateConfoundedSessions } from "@/test/factories/generate/confounded";
import { createRandom } from "@/test/factories/generate/random";
import type { GuidanceContent } from "@/lib/guidance/contract";
import { deliverGuidance, givenRules, ruleEffectsReport } from "@/lib/server/experiment";
import { currentGuidance, renderedGuidance } from "@/lib/server/guidance";
import type { Session } from "@/lib/session";

/**
 * Each rule's randomised verdict feeds back into the guidance (docs/statistics.md#what-moves-a-rule-from-observed-to-tested),
 * end to end on a real database: a project whose history makes three rules look helpful runs its experiment through
 * the real delivery path; generated sessions then succeed by planted truth — the verification rule helps (+10 pp when
 * told), the focus rule does nothing, the delegation rule hurts (−10 pp) — and the guidance built afterwards states
 * each verdict, leaves the hurting rule out, and lets the rule tested to help reach another project.
 */

const SLUG = "verdicts";
const OTHER = "verdicts-other";
const PLANTED: Readonly<Record<string, number>> = { verification: 0.1, focus: 0, delegation: -0.1 };
const SESSIONS = 2000;
const BUDGET = { maxLines: 400, maxChars: 40_000 };

let before: GuidanceContent;
let after: GuidanceContent;
let markdown = "";

const rule = (content: GuidanceContent, key: string) => content.rules.find((r) => r.key === key);
const lineOf = (md: string, instruction: string) => md.split("\n").find((l) => l.startsWith(`- ${instruction}`));

beforeAll(async () => {
  const db = getDb();
  // Observationally, verifying, focusing and delegating all go with success (and with the domain).
  const history = generateConfoundedSessions({
    seed: 11,
    count: 1500,
    effects: { verification: 0.15, focused: 0.15, delegation: 0.15 },
    idPrefix: "hist",
  });
  await storeRecords(db, SLUG, { sessions: history, patterns: [] });
  const project = (await getProjectBySlug(db, SLUG))!;
  const first = (await currentGuidance(db, SLUG))!;
  before = first.content;
  // A period with a fixed salt (the server draws a random one), so the draws, and the test, are the same every run.
  await startPeriod(db, project.id, 0.05, "rule-verdicts-salt", Date.now());
  const rules = await givenRules(db, project.id, first.generation, false);
  const rng = createRandom(5);
  const during: Session[] = [];
  for (const [i, t] of generateConfoundedSessions({ seed: 12, count: SESSIONS, idPrefix: "during" }).entries()) {
    const sessionId = `during-${i}`;
    const { arm, leftOut } = await deliverGuidance(db, project, sessionId, rules, first.generation);
    const told = arm === "guidance" ? rules.filter((key) => !leftOut.includes(key)) : [];
    const p = 0.6 + told.reduce((sum, key) => sum + (PLANTED[key] ?? 0), 0);
    during.push({ ...t, sessionId, success: { ...t.success, score: rng.chance(p) ? 1 : 0 } });
  }
  await storeRecords(db, SLUG, { sessions: during, patterns: [] });
  after = (await currentGuidance(db, SLUG))!.content;
  markdown = (await renderedGuidance(db, SLUG, "markdown", BUDGET))!.text;
}, 300_000);

describe("each rule's randomised verdict, where guidance is built", () => {
  it("starts from three rules stated as observed, not yet tested", () => {
    for (const key of Object.keys(PLANTED)) {
      expect(rule(before, key)?.support, key).toBe("supported");
      expect(rule(before, key)?.test, key).toBeUndefined();
    }
  });

  it("gives the helping rule 'helps', the null 'no effect shown' and the hurting rule 'hurts', as the Experiment page does", async () => {
    expect(rule(after, "verification")?.test?.verdict).toBe("helps");
    expect(rule(after, "focus")?.test?.verdict).toBe("no effect shown");
    expect(rule(after, "delegation")?.test?.verdict).toBe("hurts");
    const page = (await ruleEffectsReport(getDb(), SLUG))!.effects;
    for (const key of Object.keys(PLANTED)) {
      const shown = page.find((e) => e.key === key)!;
      expect(shown.verdict, key).toBe(rule(after, key)!.test!.verdict);
      expect([shown.told, shown.notTold, shown.effect]).toEqual([
        rule(after, key)!.test!.told,
        rule(after, key)!.test!.notTold,
        expect.closeTo(rule(after, key)!.test!.effect, 12),
      ]);
    }
  });

  it("leaves the hurting rule out of the guidance and out of later draws, and says the helping rule was tested", async () => {
    expect(lineOf(markdown, rule(after, "delegation")!.instruction)).toBeUndefined();
    expect(lineOf(markdown, rule(after, "verification")!.instruction)).toMatch(
      /_\(tested by randomisation in this project: helps — sessions given this rule succeeded \d+ pp more often than sessions not given it \(95% CI \+\d+…\+\d+ pp; \d+ vs \d+ sessions\); it stays in the guidance\)_$/,
    );
    expect(lineOf(markdown, rule(after, "focus")!.instruction)).toContain(
      "_(tested by randomisation in this project: no effect shown — ",
    );
    const project = (await getProjectBySlug(getDb(), SLUG))!;
    const generation = (await currentGuidance(getDb(), SLUG))!.generation;
    const given = await givenRules(getDb(), project.id, generation, false);
    expect(given).toContain("verification");
    expect(given).not.toContain("delegation");
  });

  it("keeps each verdict with the rule's history, and a delivery's draw with the delivery", async () => {
    const project = (await getProjectBySlug(getDb(), SLUG))!;
    const tested = await statement<{ key: string; tested: string | null }>(
      `SELECT rule_key AS key, tested FROM rule_history WHERE project_id = ? AND generation = (SELECT max(generation) FROM guidance_versions WHERE project_id = ?) ORDER BY rule_key`,
    ).all(getDb(), project.id, project.id);
    expect(Object.fromEntries(tested.filter((r) => r.key in PLANTED).map((r) => [r.key, r.tested]))).toEqual({
      delegation: "hurts",
      focus: "no effect shown",
      verification: "helps",
    });
    const unkept = statement<{ n: number }>(
      `SELECT count(*) AS n FROM guidance_deliveries WHERE project_id = ? AND left_out IS NULL`,
    );
    expect(Number((await unkept.get(getDb(), project.id))!.n)).toBe(0);
    // A delivery stored before the draw was kept gets it from the same draw, and the verdicts stay the same.
    await statement(`UPDATE guidance_deliveries SET left_out = NULL WHERE project_id = ?`).run(getDb(), project.id);
    const again = (await currentGuidance(getDb(), SLUG))!.content;
    expect(Number((await unkept.get(getDb(), project.id))!.n)).toBe(0);
    expect(again.rules.map((r) => r.test)).toEqual(after.rules.map((r) => r.test));
  });

  it("lets the rule tested to help reach another project, and neither the untested nor the hurting one", async () => {
    // Too few sessions of its own for any rule: only what was tested elsewhere may come in.
    await storeRecords(getDb(), OTHER, {
      sessions: generateConfoundedSessions({ seed: 13, count: 40, idPrefix: "other" }),
      patterns: [],
    });
    const other = (await currentGuidance(getDb(), OTHER))!.content;
    const items = other.crossProject.filter((i) => i.kind === "rule");
    expect(items.map((i) => i.key)).toEqual(["rule:verification"]);
    expect(items[0]!.projects).toEqual([SLUG]);
    expect(items[0]!.text).toContain(`(tested by randomisation in ${SLUG}: helps).`);
  });
});
