import { readConfig } from "@/lib/config";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as projectGET } from "@/app/api/v1/projects/[slug]/score/route";
import { GET as instanceGET } from "@/app/api/v1/score/route";
import { getDb } from "@/db/client";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { scoreHistory, scoreInput } from "@/db/queries/score";
import { scoreSnapshots, sessions } from "@/db/schema";
import { generateSessions } from "@/test/factories/generate/sessions";
import { DAY_MS, scoreWindows } from "@/lib/score/score";
import { instanceScore, projectScore, type ScoreResult } from "@/lib/server/score";
import { apiRequest } from "./support/auth";

const HALF_LIFE = readConfig().memoryHalfLifeDays;

const START = Date.UTC(2026, 9, 1);
const count = async () => (await getDb().select().from(scoreSnapshots).all()).length;

describe("intelligence score", () => {
  const db = getDb();
  let a: number;
  beforeAll(async () => {
    await storeRecords(db, "score-a", {
      sessions: generateSessions({ seed: 1, count: 300, idPrefix: "a", start: START }),
      patterns: [],
    });
    await storeRecords(db, "score-b", {
      sessions: generateSessions({ seed: 2, count: 100, idPrefix: "b", start: START }),
      patterns: [],
    });
    a = await ensureProject(db, "score-a");
  });

  it("aggregates a project's and the instance's data", async () => {
    const now = START + 60 * DAY_MS;
    const one = await scoreInput(db, a, now, HALF_LIFE, scoreWindows(now));
    const all = await scoreInput(db, null, now, HALF_LIFE, scoreWindows(now));
    expect(one.sessions.count).toBe(300);
    expect(all.sessions.count).toBe(400);
    expect(one.memories.count).toBe(300);
    expect(one.sessions.days).toBeGreaterThan(0);
    expect(one.lastDataAt).not.toBeNull();
    expect(one.sessions.successSum / one.sessions.count).toBeGreaterThan(0);
  });

  it("counts active UTC days, recent sessions and the latest start as the stored sessions say", async () => {
    const starts = await db.select({ at: sessions.startedAt, projectId: sessions.projectId }).from(sessions).all();
    const mine = starts.filter((t) => t.projectId === a).map((t) => t.at);
    const now = Math.max(...mine) + 2 * DAY_MS;
    const one = await scoreInput(db, a, now, HALF_LIFE, scoreWindows(now));
    expect(one.sessions.days).toBe(new Set(mine.map((at) => new Date(at).toISOString().slice(0, 10))).size);
    expect(one.sessions.days).toBeLessThan(mine.length);
    expect(one.recent.sessions7).toBe(mine.filter((at) => at >= now - 7 * DAY_MS).length);
    expect(one.recent.sessions30).toBe(mine.filter((at) => at >= now - 30 * DAY_MS).length);
    const all = await scoreInput(db, null, now, HALF_LIFE, scoreWindows(now));
    expect(all.sessions.days).toBe(new Set(starts.map((t) => new Date(t.at).toISOString().slice(0, 10))).size);
    expect(all.lastDataAt).toBeGreaterThanOrEqual(Math.max(...starts.map((t) => t.at)));
    expect((await scoreInput(db, [a], now, HALF_LIFE, scoreWindows(now))).sessions).toEqual(one.sessions);
  });

  it("reports four components with details and records one snapshot per day", async () => {
    // A day after the latest session, so velocity is non-zero and then visibly decays.
    const last = (await scoreInput(db, a, START, HALF_LIFE, scoreWindows(START))).lastDataAt!;
    const now = Date.UTC(2026, 9, 1) + Math.ceil((last - START) / DAY_MS) * DAY_MS + 12 * 3_600_000;
    const today = new Date(now).toISOString().slice(0, 10);
    const tomorrow = new Date(now + DAY_MS).toISOString().slice(0, 10);
    const before = await count();
    const first = (await projectScore(db, "score-a", now))!;
    expect(first.report.components[3]!.points).toBeGreaterThan(0);
    const second = (await projectScore(db, "score-a", now + 3_600_000))!;
    expect(await count()).toBe(before + 1);
    expect(first.report.components).toHaveLength(4);
    for (const c of first.report.components) {
      expect(c.details.length).toBeGreaterThan(0);
      expect(c.points).toBeGreaterThanOrEqual(0);
      expect(c.points).toBeLessThanOrEqual(25);
    }
    expect(first.report.total).toBeGreaterThan(0);
    expect(second.history).toHaveLength(1);
    expect(second.history[0]!.total).toBeCloseTo(second.report.total, 10);

    const nextDay = (await projectScore(db, "score-a", now + DAY_MS))!;
    expect(nextDay.history.map((h) => h.day)).toEqual([today, tomorrow]);
    expect(nextDay.report.components[3]!.points).toBeLessThan(first.report.components[3]!.points);
    expect(await projectScore(db, "nope", now)).toBeNull();

    await instanceScore(db, now);
    await instanceScore(db, now + 1000);
    expect(await scoreHistory(db, null, now - 29 * DAY_MS, now)).toHaveLength(1);
    expect(await count()).toBe(before + 3);
  });

  it("answers over the API, 404 for an unknown project", async () => {
    const params = (slug: string) => ({ params: Promise.resolve({ slug }) });
    const ok = await projectGET(await apiRequest("http://test/api/v1/projects/score-b/score"), params("score-b"));
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as ScoreResult;
    expect(body.report.grade).toMatch(/^[SABCDF]$/);
    expect(body.report.components.map((c) => c.key)).toEqual([
      "memoryDepth",
      "patternQuality",
      "operationalHistory",
      "learningVelocity",
    ]);
    expect(body.history.length).toBeGreaterThanOrEqual(1);

    const missing = await projectGET(await apiRequest("http://test/api/v1/projects/ghost/score"), params("ghost"));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");

    const instance = await instanceGET(await apiRequest("http://test/api/v1/score"));
    expect(instance.status).toBe(200);
    expect(((await instance.json()) as ScoreResult).report.components).toHaveLength(4);
  });
});
