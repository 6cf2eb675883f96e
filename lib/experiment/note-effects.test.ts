import { describe, expect, it } from "vitest";
import type { EnrolledSession } from "@/lib/experiment/contract";
import {
  itemSignatures,
  noteEffects,
  recurred,
  type NoteEffectsReport,
  type NoteRecurrence,
} from "@/lib/experiment/note-effects";
import { simulateNotes, type NoteSimulation } from "@/test/factories/experiment/simulate-notes";
import type { KnowledgeItem } from "@/lib/knowledge/contract";

const linked = (sessionId: string, failureCounts?: Record<string, number>): EnrolledSession => ({
  sessionId,
  arm: "guidance",
  deliveredAt: 0,
  generation: 1,
  rules: [],
  outcome: {
    storedSessionId: 1,
    startedAt: 0,
    success: 1,
    features: {
      operationCount: null,
      filesModified: null,
      verifiedAfterEdit: null,
      readBeforeEditRatio: null,
      delegated: null,
    },
    tokensByModel: {},
    failureCounts,
  },
});

describe("a note's recurrence", () => {
  it("before a call: the session hit the item's signature at all; after a failure: again, beyond the failure that called for it", () => {
    expect(recurred({ "not found": 1 }, ["not found"], "before")).toBe(true);
    expect(recurred({ "not found": 1 }, ["not found"], "after")).toBe(false);
    expect(recurred({ "not found": 2 }, ["not found"], "after")).toBe(true);
    expect(recurred({ other: 3 }, ["not found"], "before")).toBe(false);
  });

  it("reads a failure's own signature and a command's failed forms'; nothing of what people said", () => {
    const base = { key: "k", evidence: { occurrences: 1, sessions: 1, lastSeen: 0 } } as unknown as KnowledgeItem;
    expect(itemSignatures({ ...base, kind: "failure", signature: "E1" } as KnowledgeItem)).toEqual(["E1"]);
    expect(
      itemSignatures({
        ...base,
        kind: "command",
        failedVariants: [
          { command: "a", signature: "E2" },
          { command: "b", signature: null },
          { command: "c", signature: "E2" },
        ],
      } as unknown as KnowledgeItem),
    ).toEqual(["E2"]);
    expect(itemSignatures({ ...base, kind: "preference" } as KnowledgeItem)).toEqual([]);
  });

  it("counts linked sessions with their failures read, per item and pooled, given against drawn out and holdout", () => {
    const draws = [
      { sessionId: "a", itemKey: "f", moment: "before" as const, delivery: "given" as const },
      { sessionId: "b", itemKey: "f", moment: "before" as const, delivery: "given" as const },
      { sessionId: "c", itemKey: "f", moment: "before" as const, delivery: "drawn-out" as const },
      { sessionId: "d", itemKey: "f", moment: "before" as const, delivery: "drawn-out" as const },
      { sessionId: "e", itemKey: "f", moment: "before" as const, delivery: "holdout" as const },
      { sessionId: "unread", itemKey: "f", moment: "before" as const, delivery: "given" as const },
      { sessionId: "a", itemKey: "said", moment: "before" as const, delivery: "given" as const },
    ];
    const sessions = [
      linked("a", {}),
      linked("b", { E: 1 }),
      linked("c", { E: 1 }),
      linked("d", { E: 2 }),
      linked("e", { E: 1 }),
      linked("unread"),
    ];
    const report = noteEffects(
      draws,
      sessions,
      new Map([
        ["f", ["E"]],
        ["said", []],
      ]),
    );
    expect(report.items.map((i) => i.key)).toEqual(["f"]);
    expect(report.pooled).toMatchObject({
      given: { n: 2, recurred: 1, rate: 0.5 },
      drawnOut: { n: 2, recurred: 2, rate: 1 },
      holdout: { n: 1, recurred: 1, rate: 1 },
      vsHoldout: null,
    });
    expect(report.pooled.effect!.estimate).toBeCloseTo(-0.5);
  });
});

const covers = (r: NoteRecurrence, side: "effect" | "vsHoldout", x: number) => {
  const i = r[side];
  return i !== null && i.low <= x && x <= i.high;
};

/**
 * Planted truth: 400 sessions a seed, 20% holdout, two items each due to half the sessions (one before a call, one
 * after a failure), recurrence 40% without the note. Across 200 seeds the interval of given − not given must cover
 * the planted difference in at least 90% of them, for the pooled figure and each item.
 */
describe("notes whose effect on recurrence is planted, across 200 seeds", () => {
  const SEEDS = Array.from({ length: 200 }, (_, i) => 7000 + i);
  const BASE: Omit<NoteSimulation, "seed" | "cut"> = {
    sessions: 400,
    holdoutShare: 0.2,
    items: [
      {
        key: "command:test:source .venv/bin/activate && pytest",
        signature: "pytest: command not found",
        moment: "before",
      },
      {
        key: "failure:command:vercel:Error: Missing build output",
        signature: "Error: Missing build output",
        moment: "after",
      },
    ],
    recurrence: 0.4,
  };
  const reports = (cut: number): NoteEffectsReport[] =>
    SEEDS.map((seed) => {
      const sim = simulateNotes({ ...BASE, seed, cut });
      return noteEffects(sim.draws, sim.sessions, sim.signatures);
    });
  const count = (
    rs: NoteEffectsReport[],
    pick: (r: NoteEffectsReport) => NoteRecurrence,
    side: "effect" | "vsHoldout",
    x: number,
  ) => rs.filter((r) => covers(pick(r), side, x)).length;

  it("a note that halves recurrence (40% → 20%): the intervals cover −20 pp in at least 180 of 200", () => {
    const rs = reports(0.5);
    const pooled = count(rs, (r) => r.pooled, "effect", -0.2);
    const perItem = rs[0]!.items.map((_, i) => count(rs, (r) => r.items[i]!, "effect", -0.2));
    const vsHoldout = count(rs, (r) => r.pooled, "vsHoldout", -0.2);
    const below = rs.filter((r) => r.pooled.effect!.high < 0).length;
    console.info(
      `planted halving: pooled covers ${pooled}/200, per item ${perItem.join(", ")}/200, vs holdout ${vsHoldout}/200, pooled excludes 0 ${below}/200`,
    );
    expect(pooled).toBeGreaterThanOrEqual(180);
    for (const n of perItem) expect(n).toBeGreaterThanOrEqual(180);
    expect(vsHoldout).toBeGreaterThanOrEqual(180);
  }, 60_000); // 200 seeded experiments: seconds on a busy machine

  it("a note with no effect: the intervals cover 0 in at least 180 of 200", () => {
    const rs = reports(0);
    const pooled = count(rs, (r) => r.pooled, "effect", 0);
    const perItem = rs[0]!.items.map((_, i) => count(rs, (r) => r.items[i]!, "effect", 0));
    const vsHoldout = count(rs, (r) => r.pooled, "vsHoldout", 0);
    console.info(
      `null: pooled covers 0 ${pooled}/200, per item ${perItem.join(", ")}/200, vs holdout ${vsHoldout}/200`,
    );
    expect(pooled).toBeGreaterThanOrEqual(180);
    for (const n of perItem) expect(n).toBeGreaterThanOrEqual(180);
    expect(vsHoldout).toBeGreaterThanOrEqual(180);
  }, 60_000); // 200 seeded experiments: seconds on a busy machine
});
