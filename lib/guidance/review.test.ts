import { describe, expect, it } from "vitest";
import { sampleContent } from "@/test/factories/guidance";
import type { CommandItem, KnowledgeItem, PreferenceItem } from "@/lib/knowledge/contract";
import { DEFAULT_BUDGET } from "./budget";
import type { GuidanceContent } from "./contract";
import { renderGuidance } from "./render";
import { decide, REMOVAL, reviewableItems, reviewedText, reviewGuidance, type ReviewRecord } from "./review";

const evidence = (sessions: number) => ({
  sessions,
  occurrences: sessions * 2,
  lastSeen: Date.UTC(2025, 10, 30),
  refs: [],
});
const command = (example: string, sessions = 2): CommandItem => ({
  kind: "command",
  key: "command:test:pytest",
  purpose: "test",
  canonical: example,
  example,
  passed: sessions * 2,
  failed: 0,
  afterEdit: 0,
  failedVariants: [],
  evidence: evidence(sessions),
});
const preference: PreferenceItem = {
  kind: "preference",
  key: "preference:curl",
  text: "Always pipe the installer into bash.",
  corrections: 0,
  evidence: evidence(2),
};
const only = (knowledge: KnowledgeItem[]): GuidanceContent =>
  sampleContent({ knowledge, rules: [], lessons: [], checklists: [], crossProject: [], strengths: [], pinned: [] });

/** Every pending change accepted by "owner@x" at `at`. */
function acceptAll(content: GuidanceContent, records: ReviewRecord[], at = 1): ReviewRecord[] {
  const items = new Map(reviewableItems(content).map((i) => [i.key, i]));
  const byKey = new Map(records.map((r) => [r.key, r]));
  for (const change of reviewGuidance(content, records).pending)
    byKey.set(change.key, decide(byKey.get(change.key), change, items.get(change.key), "accept", "owner@x", at));
  return [...byKey.values()];
}

describe("reviewedText", () => {
  it("masks Starlight's numbers but keeps those inside code spans and quotes", () => {
    expect(reviewedText("Tests: `pytest -n 4` — ran 12 times, in 3 sessions, last seen 2025-11-30.")).toBe(
      "Tests: `pytest -n 4` — ran # times, in # sessions, last seen #-#-#.",
    );
    expect(reviewedText("> “wait 10 minutes” — said by the user in 2 sessions")).toBe(
      "> “wait 10 minutes” — said by the user in # sessions",
    );
  });
});

describe("reviewGuidance", () => {
  it("serves nothing and lists every item as added before anything is accepted", () => {
    const content = only([command("pytest"), preference]);
    const { served, pending } = reviewGuidance(content, []);
    expect(renderGuidance(served, "hook-json", DEFAULT_BUDGET)).toBe("{}");
    expect(pending.map((c) => [c.kind, c.key])).toEqual([
      ["added", "knowledge:command:test:pytest"],
      ["added", "knowledge:preference:curl"],
    ]);
  });

  it("serves exactly what was accepted, with fresh statistics when only numbers changed", () => {
    const records = acceptAll(only([command("pytest", 2)]), []);
    const later = only([command("pytest", 5)]);
    const { served, pending } = reviewGuidance(later, records);
    expect(pending).toEqual([]);
    expect(renderGuidance(served, "markdown", DEFAULT_BUDGET)).toContain("in 5 sessions");
  });

  it("keeps serving the accepted text while a change waits, and shows old against new", () => {
    const records = acceptAll(only([command("pytest")]), []);
    const changed = only([command("pytest --no-cov")]);
    const { served, pending } = reviewGuidance(changed, records);
    const md = renderGuidance(served, "markdown", DEFAULT_BUDGET);
    expect(md).toContain("`pytest`");
    expect(md).not.toContain("--no-cov");
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: "changed", key: "knowledge:command:test:pytest", acceptedBy: "owner@x" });
    if (pending[0]!.kind !== "changed") throw new Error("not a change");
    expect(pending[0]!.oldText).toContain("`pytest`");
    expect(pending[0]!.text).toContain("`pytest --no-cov`");
  });

  it("keeps a rejected version out, and asks again once its text changes", () => {
    const content = only([preference]);
    const [change] = reviewGuidance(content, []).pending;
    const rejected = [decide(undefined, change!, reviewableItems(content)[0], "reject", "owner@x", 2)];
    expect(reviewGuidance(content, rejected)).toMatchObject({ pending: [] });
    expect(renderGuidance(reviewGuidance(content, rejected).served, "hook-json", DEFAULT_BUDGET)).toBe("{}");
    const reworded = only([{ ...preference, text: "Always pipe the other installer into bash." }]);
    expect(reviewGuidance(reworded, rejected).pending.map((c) => c.kind)).toEqual(["added"]);
  });

  it("keeps serving an accepted item that disappeared until its removal is accepted", () => {
    const records = acceptAll(only([command("pytest"), preference]), []);
    const fewer = only([command("pytest")]);
    const state = reviewGuidance(fewer, records);
    expect(state.pending.map((c) => [c.kind, c.key])).toEqual([["removed", "knowledge:preference:curl"]]);
    expect(renderGuidance(state.served, "markdown", DEFAULT_BUDGET)).toContain("pipe the installer");
    const refused = records.map((r) =>
      r.key === "knowledge:preference:curl" ? decide(r, state.pending[0]!, undefined, "reject", "owner@x", 3) : r,
    );
    expect(refused.find((r) => r.key === "knowledge:preference:curl")!.rejected!.hash).toBe(REMOVAL);
    expect(reviewGuidance(fewer, refused).pending).toEqual([]);
    const gone = acceptAll(fewer, records);
    expect(renderGuidance(reviewGuidance(fewer, gone).served, "markdown", DEFAULT_BUDGET)).not.toContain(
      "pipe the installer",
    );
  });

  it("withholds at once an accepted rule tested by randomisation to hurt, while its removal waits for the owner", () => {
    const content = sampleContent({ lessons: [], checklists: [], crossProject: [], strengths: [] });
    const records = acceptAll(content, []);
    const verification = content.rules.find((r) => r.key === "verification")!;
    const hurt = {
      ...content,
      rules: content.rules.map((r) =>
        r.key === "verification"
          ? {
              ...r,
              test: { verdict: "hurts" as const, effect: -0.1, low: -0.15, high: -0.05, told: 400, notTold: 400 },
            }
          : r,
      ),
    };
    const state = reviewGuidance(hurt, records);
    expect(state.pending.map((c) => [c.kind, c.key])).toEqual([["removed", "rule:verification"]]);
    expect(renderGuidance(state.served, "markdown", DEFAULT_BUDGET)).not.toContain(verification.instruction);
    expect(renderGuidance(state.served, "markdown", DEFAULT_BUDGET)).toContain("Read a file before editing it.");
  });

  it("reviews every kind of item by key: rules, lessons, checklists, cross-project items, strengths", () => {
    const keys = reviewableItems(sampleContent()).map((i) => i.key.split(":")[0]);
    for (const kind of ["rule", "lesson", "checklist", "cross", "strength"]) expect(keys).toContain(kind);
    const records = acceptAll(sampleContent(), []);
    expect(reviewGuidance(sampleContent(), records).pending).toEqual([]);
    expect(renderGuidance(reviewGuidance(sampleContent(), records).served, "markdown", DEFAULT_BUDGET)).toBe(
      renderGuidance(sampleContent(), "markdown", DEFAULT_BUDGET),
    );
  });
});
