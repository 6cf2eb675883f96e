import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as getCsv } from "@/app/api/v1/projects/[slug]/experiment/sessions.csv/route";
import { getDb } from "@/db/client";
import { ensureOpenPeriod, openPeriod, startPeriod } from "@/db/queries/experiments";
import { ensureProject } from "@/db/queries/session-writes";
import { storeRecords } from "@/lib/server/store-records";
import { getProjectBySlug } from "@/db/queries/projects";
import { experiments, guidanceDeliveries } from "@/db/schema";
import { assignArm, splitRules } from "@/lib/experiment/arm";
import type { Arm } from "@/lib/experiment/contract";
import { GUIDANCE_FORMATS } from "@/lib/guidance/contract";
import { generateSessions } from "@/test/factories/generate/sessions";
import { experimentReport, resetExperiment, ruleEffectsReport, setHoldoutShare } from "@/lib/server/experiment";
import { currentGuidance } from "@/lib/server/guidance";
import { transcript } from "../factories/transcript";
import { postFiles } from "./ingest-client";
import { apiRequest } from "./support/auth";

const SLUG = "exp";
const BASE = "http://test/api/v1/projects";
const withSlug = (slug: string) => ({ params: Promise.resolve({ slug }) });

async function guidance(query: string, init?: RequestInit) {
  return getGuidance(await apiRequest(`${BASE}/${SLUG}/guidance${query}`, init), withSlug(SLUG));
}

const projectId = async () => (await getProjectBySlug(getDb(), SLUG))!.id;
const period = async () => (await openPeriod(getDb(), await projectId()))!;

/** The deliveries of a session, oldest period first. */
async function deliveriesOf(sessionId: string) {
  return getDb()
    .select()
    .from(guidanceDeliveries)
    .where(eq(guidanceDeliveries.sessionId, sessionId))
    .orderBy(asc(guidanceDeliveries.id))
    .all();
}

/** The first id of the form `<prefix>-<n>` that the open period puts in `arm`. */
async function sessionIn(arm: Arm, prefix: string): Promise<string> {
  const { salt, holdoutShare } = await period();
  for (let n = 0; ; n++) if (assignArm(`${prefix}-${n}`, salt, holdoutShare) === arm) return `${prefix}-${n}`;
}

/** The first id of the form `<prefix>-<n>` in the guidance arm whose factorial draw tells it every rule (`all`) or leaves some out. */
async function guidanceSession(prefix: string, all: boolean): Promise<string> {
  const { salt, holdoutShare } = await period();
  const keys = await ruleKeys();
  for (let n = 0; ; n++) {
    const id = `${prefix}-${n}`;
    if (assignArm(id, salt, holdoutShare) === "guidance" && (splitRules(id, salt, keys).leftOut.length === 0) === all)
      return id;
  }
}

/** The project's non-provisional rule keys now: what a session is given (or, in the holdout, denied). */
const ruleKeys = async () =>
  (await currentGuidance(getDb(), SLUG))!.content.rules.filter((r) => r.support !== "provisional").map((r) => r.key);

/** Uploads a Claude Code transcript of `sessionId` into the project, its session starting at `start`. */
async function ingestSession(sessionId: string, start: number) {
  const upload = await postFiles(
    [{ name: `-home-dev-exp/${sessionId}.jsonl`, content: transcript(sessionId, ["Read", "Edit", "Bash"], { start }) }],
    { project: SLUG },
  );
  expect(upload.status).toBe(200);
  expect(upload.body.totals.accepted).toBeGreaterThan(0);
}

beforeAll(async () => {
  // Old sessions (before the project existed here) from which guidance with rules is distilled.
  const sessions = generateSessions({
    seed: 8,
    count: 300,
    effects: { verification: 0.2 },
    start: Date.UTC(2025, 0, 1),
  });
  await storeRecords(getDb(), SLUG, { sessions, patterns: [] });
});

describe("deliveries", () => {
  it("a request without a session is no delivery: unchanged answer, no arm, nothing recorded", async () => {
    const response = await guidance("?format=markdown");
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^# Starlight guidance: exp/);
    expect(response.headers.get("x-starlight-arm")).toBeNull();
    expect(await getDb().select().from(guidanceDeliveries).all()).toEqual([]);
    expect(await openPeriod(getDb(), await projectId())).toBeNull();
  });

  it("with the holdout off, a session gets the guidance and is recorded once; a retry gets the same arm and counts as a second request", async () => {
    const first = await guidance("?format=hook-json&session=sess-retry");
    const text = await first.text();
    expect(first.headers.get("x-starlight-arm")).toBe("guidance");
    expect(JSON.parse(text)).toHaveProperty("hookSpecificOutput.hookEventName", "SessionStart");
    const retry = await guidance("?format=hook-json&session=sess-retry");
    expect(retry.headers.get("x-starlight-arm")).toBe("guidance");
    expect(await retry.text()).toBe(text);

    const rows = await deliveriesOf("sess-retry");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      arm: "guidance",
      requests: 2,
      projectId: await projectId(),
      generation: Number(first.headers.get("x-starlight-generation")),
    });
    expect(rows[0]!.rules).toEqual(await ruleKeys());
    expect(rows[0]!.rules).toContain("verification");
    // The first delivery created the project's period: holdout off, since the project was created.
    expect(await period()).toMatchObject({
      holdoutShare: 0,
      startedAt: (await getProjectBySlug(getDb(), SLUG))!.createdAt,
      endedAt: null,
    });
  });

  it("accepts session ids of 1–200 letters, digits and . _ : -, and answers 422 naming the field otherwise", async () => {
    for (const bad of ["", "has space", "semi;colon", "x".repeat(201), "ünï"]) {
      const response = await guidance(`?session=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(422);
      const body = (await response.json()) as { error: { details: { field: string }[] } };
      expect(body.error.details.map((d) => d.field)).toEqual(["session"]);
    }
    const longest = `${"a".repeat(190)}.b_c:d-1`.padEnd(200, "z");
    expect((await guidance(`?session=${longest}`)).status).toBe(200);
    expect(await deliveriesOf(longest)).toHaveLength(1);
  });
});

describe("the holdout", () => {
  let holdout: string;
  let given: string;
  beforeAll(async () => {
    await setHoldoutShare(getDb(), SLUG, 0.5);
    holdout = await sessionIn("holdout", "h");
    given = await guidanceSession("g", true);
  });

  it("gets no guidance in any format (hook-json: an empty JSON object), with X-Starlight-Arm; the rules it would have got are recorded", async () => {
    for (const format of GUIDANCE_FORMATS) {
      const response = await guidance(`?format=${format}&session=${holdout}`);
      expect(response.status, format).toBe(200);
      expect(response.headers.get("x-starlight-arm"), format).toBe("holdout");
      expect(await response.text(), format).toBe(format === "hook-json" ? "{}" : "");
    }
    const [row] = await deliveriesOf(holdout);
    expect(row).toMatchObject({ arm: "holdout", requests: GUIDANCE_FORMATS.length, experimentId: (await period()).id });
    expect(row!.rules).toEqual(await ruleKeys());
  });

  it("keeps each session's arm across calls, while the guidance arm gets the full guidance", async () => {
    for (let call = 0; call < 3; call++) {
      const toHoldout = await guidance(`?format=markdown&session=${holdout}`);
      expect(toHoldout.headers.get("x-starlight-arm")).toBe("holdout");
      const toGiven = await guidance(`?format=markdown&session=${given}`);
      expect(toGiven.headers.get("x-starlight-arm")).toBe("guidance");
      expect(await toGiven.text()).toMatch(/^# Starlight guidance: exp/);
    }
    expect(await deliveriesOf(given)).toMatchObject([{ arm: "guidance", requests: 3 }]);
  });

  it("leaves out of a guidance-arm session's guidance the rules its factorial draw left out, with an ETag of its own", async () => {
    expect((await ruleKeys()).length).toBeGreaterThan(0);
    const partial = await guidanceSession("f", false);
    const { salt } = await period();
    const rules = (await currentGuidance(getDb(), SLUG))!.content.rules;
    const { told, leftOut } = splitRules(partial, salt, await ruleKeys());
    const response = await guidance(`?format=markdown&session=${partial}`);
    expect(response.headers.get("x-starlight-arm")).toBe("guidance");
    const text = await response.text();
    for (const key of leftOut) expect(text).not.toContain(rules.find((r) => r.key === key)!.instruction);
    for (const key of told) expect(text).toContain(rules.find((r) => r.key === key)!.instruction);
    const cached = (await guidance("?format=markdown")).headers.get("etag")!;
    expect(response.headers.get("etag")).not.toBe(cached);
    expect((await deliveriesOf(partial))[0]!.rules).toEqual(await ruleKeys());
  });

  it("reports each recorded rule's randomised test, observed while too few sessions have arrived", async () => {
    const report = (await ruleEffectsReport(getDb(), SLUG))!;
    expect(report.running).toBe(true);
    expect(report.effects.map((e) => e.key)).toEqual([...(await ruleKeys())].sort());
    for (const e of report.effects) {
      expect(e.verdict).toBe("running");
      expect(e.sessionsNeeded).toBeGreaterThan(0);
      expect(e.instruction).not.toBeNull();
    }
  });

  it("never answers a holdout session 304 for a cached copy of the guidance, and revalidates its own empty answer", async () => {
    const cached = (await guidance("?format=markdown")).headers.get("etag")!;
    expect((await guidance(`?format=markdown&session=${given}`, { headers: { "if-none-match": cached } })).status).toBe(
      304,
    );

    const refused = await guidance(`?format=markdown&session=${holdout}`, { headers: { "if-none-match": cached } });
    expect(refused.status).toBe(200);
    expect(await refused.text()).toBe("");
    const own = refused.headers.get("etag")!;
    expect(own).not.toBe(cached);
    const again = await guidance(`?format=markdown&session=${holdout}`, { headers: { "if-none-match": own } });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-starlight-arm")).toBe("holdout");
  });
});

describe("experiment periods", () => {
  it("a different share ends the period and starts another with a fresh salt; the same share changes nothing", async () => {
    const before = await period();
    expect(await setHoldoutShare(getDb(), SLUG, before.holdoutShare)).toEqual({
      holdoutShare: before.holdoutShare,
      startedAt: before.startedAt,
    });
    expect((await period()).id).toBe(before.id);

    const settings = (await setHoldoutShare(getDb(), SLUG, 0.2))!;
    const after = await period();
    expect(after.id).not.toBe(before.id);
    expect(after.salt).not.toBe(before.salt);
    expect(settings).toEqual({ holdoutShare: 0.2, startedAt: after.startedAt });
    const ended = (await getDb().select().from(experiments).where(eq(experiments.id, before.id)).get())!;
    expect(ended.endedAt).toBe(after.startedAt);
    expect(
      (
        await getDb()
          .select()
          .from(experiments)
          .where(eq(experiments.projectId, await projectId()))
          .all()
      ).filter((e) => e.endedAt === null),
    ).toHaveLength(1);

    // The report covers the new period only; a session asking again is enrolled afresh.
    expect((await experimentReport(getDb(), SLUG))!.counts.enrolled).toBe(0);
    await guidance("?session=sess-retry");
    expect((await deliveriesOf("sess-retry")).map((d) => [d.experimentId, d.requests])).toEqual([
      [expect.any(Number), 2],
      [after.id, 1],
    ]);
    expect((await experimentReport(getDb(), SLUG))!.counts.enrolled).toBe(1);

    const reset = (await resetExperiment(getDb(), SLUG))!;
    expect(reset.holdoutShare).toBe(0.2);
    expect((await period()).id).not.toBe(after.id);
    expect((await period()).salt).not.toBe(after.salt);
    expect((await experimentReport(getDb(), SLUG))!.counts.enrolled).toBe(0);
  });

  it("concurrent first deliveries share one period, and setting changes racing them leave exactly one open", async () => {
    const id = await ensureProject(getDb(), "exp-race");
    const opened = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ensureOpenPeriod(getDb(), id, `salt-${i}`, 0)),
    );
    expect(new Set(opened.map((p) => p.id)).size).toBe(1);
    await Promise.all([
      startPeriod(getDb(), id, 0.2, "a", 1),
      ensureOpenPeriod(getDb(), id, "b", 0),
      startPeriod(getDb(), id, 0.3, "c", 2),
      ensureOpenPeriod(getDb(), id, "d", 0),
      startPeriod(getDb(), id, 0.1, "e", 3),
    ]);
    const periods = await getDb().select().from(experiments).where(eq(experiments.projectId, id)).all();
    expect(periods.filter((p) => p.endedAt === null)).toHaveLength(1);
    expect(periods).toHaveLength(4);
  });

  it("links a session that arrived before its delivery and one that arrived after; sessions that never asked are not enrolled", async () => {
    await resetExperiment(getDb(), SLUG);
    const start = (await period()).startedAt + 60_000;
    const [early, late, waiting, silent, older] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await ingestSession(early, start);
    await guidance(`?session=${early}`);
    await guidance(`?session=${late}`);
    await ingestSession(late, start);
    await guidance(`?session=${waiting}`);
    await ingestSession(silent, start);
    await ingestSession(older, (await period()).startedAt - 86_400_000);

    const report = (await experimentReport(getDb(), SLUG))!;
    expect(report.counts).toMatchObject({ enrolled: 3, awaiting: 1, notEnrolled: 1 });
    expect(report.counts.linked.guidance + report.counts.linked.holdout).toBe(2);

    const response = await getCsv(await apiRequest(`${BASE}/${SLUG}/experiment/sessions.csv`), withSlug(SLUG));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${SLUG}-experiment.csv"`);
    const [header, ...rows] = (await response.text()).split(/\r?\n/).filter((line) => line !== "");
    expect(header).toMatch(/^session_id,arm,delivered_at,generation,rules,stored_session_id,/);
    expect(rows).toHaveLength(3);
    const column = header!.split(",").indexOf("stored_session_id");
    const storedIdOf = (id: string) => rows.find((r) => r.startsWith(`${id},`))?.split(",")[column];
    expect(storedIdOf(early)).toMatch(/^\d+$/);
    expect(storedIdOf(late)).toMatch(/^\d+$/);
    expect(storedIdOf(waiting)).toBe("");
    expect(storedIdOf(silent)).toBeUndefined();
  });
});
