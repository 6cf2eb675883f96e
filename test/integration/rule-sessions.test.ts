import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { distilProject } from "./support/distil-project";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { ruleSessions } from "@/lib/server/rule-sessions";
import { generateSessions } from "@/test/factories/generate/sessions";

describe("the sessions behind a rule", () => {
  it("are exactly the groups its evidence counts, for a global rule and a tool preference", async () => {
    const db = getDb();
    await storeRecords(db, "behind", {
      sessions: generateSessions({ seed: 9, count: 600, idPrefix: "behind", effects: { verification: 0.2 } }),
      patterns: [],
    });
    const projectId = await ensureProject(db, "behind");
    const content = (await distilProject(db, "behind"))!;
    const verification = content.rules.find((r) => r.key === "verification")!;
    const tool = content.rules.find((r) => r.source === "tool-preference");
    for (const rule of [verification, tool].filter((r) => r !== undefined)) {
      const withIt = (await ruleSessions(db, projectId, rule.key, "with", 5))!;
      const without = (await ruleSessions(db, projectId, rule.key, "without", 5))!;
      expect([withIt.total, without.total]).toEqual([rule.evidence.with.n, rule.evidence.without.n]);
      expect(withIt.items).toHaveLength(Math.min(5, withIt.total));
      const mean = (items: { successScore: number }[]) => items.reduce((s, i) => s + i.successScore, 0) / items.length;
      expect(mean((await ruleSessions(db, projectId, rule.key, "with", 100_000))!.items)).toBeCloseTo(
        rule.evidence.with.mean,
        10,
      );
    }
    expect(await ruleSessions(db, projectId, "no-such-rule", "with", 5)).toBeNull();
  });
});
