import { beforeAll, describe, expect, it } from "vitest";
import { GET as getGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { GET as getReport } from "@/app/api/v1/projects/[slug]/experiment/route";
import { getDb } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { storeRecords } from "@/lib/server/store-records";
import { getProjectBySlug } from "@/db/queries/projects";
import { memories } from "@/db/schema";
import { assignArm } from "@/lib/experiment/arm";
import type { Arm, ExperimentReport } from "@/lib/experiment/contract";
import { errorSignature } from "@/lib/knowledge/signature";
import { generateSessions } from "@/test/factories/generate/sessions";
import { setHoldoutShare } from "@/lib/server/experiment";
import { shellTranscript } from "../factories/transcript";
import { postFiles } from "./ingest-client";
import { apiRequest } from "./support/auth";

const SLUG = "exp-outcomes";
const BASE = "http://test/api/v1/projects";
const withSlug = (slug: string) => ({ params: Promise.resolve({ slug }) });
const MISSING = "ModuleNotFoundError: No module named 'requests'";
/** Failures nobody knew, one per guidance session (each becomes knowledge once seen, so none repeats). */
const UNKNOWN = [
  "fatal: not a git repository (or any of the parent directories): .git",
  "TypeError: cannot read properties of undefined",
  "Segmentation fault (core dumped)",
];

async function sessionIn(arm: Arm, prefix: string): Promise<string> {
  const { salt, holdoutShare } = (await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!;
  for (let n = 0; ; n++) if (assignArm(`${prefix}-${n}`, salt, holdoutShare) === arm) return `${prefix}-${n}`;
}

/** A session that asks for guidance, then uploads a transcript with one failing shell call answering `error`. */
async function run(sessionId: string, start: number, error: string) {
  expect(
    (await getGuidance(await apiRequest(`${BASE}/${SLUG}/guidance?session=${sessionId}`), withSlug(SLUG))).status,
  ).toBe(200);
  const content = shellTranscript(
    sessionId,
    [
      { command: "python app.py", output: error, isError: true },
      { command: "npm test", output: "ok" },
    ],
    { start },
  );
  const upload = await postFiles([{ name: `-home-dev-exp-outcomes/${sessionId}.jsonl`, content }], { project: SLUG });
  expect(upload.status).toBe(200);
}

let report: ExperimentReport;

beforeAll(async () => {
  const sessions = generateSessions({
    seed: 9,
    count: 60,
    effects: { verification: 0.2 },
    start: Date.UTC(2025, 0, 1),
  });
  await storeRecords(getDb(), SLUG, { sessions, patterns: [] });
  const projectId = (await getProjectBySlug(getDb(), SLUG))!.id;
  await setHoldoutShare(getDb(), SLUG, 0.5);
  const { startedAt } = (await openPeriod(getDb(), projectId))!;
  // The project's knowledge held the missing-module failure before the period; the git one nobody knew.
  await getDb()
    .insert(memories)
    .values({
      projectId,
      category: "error",
      content: "`python app.py` failed with a missing module.",
      confidence: 0.8,
      source: `project:${SLUG}:knowledge:failure:command:python:${errorSignature(MISSING)}`,
      createdAt: startedAt - 86_400_000,
    })
    .run();
  const start = startedAt + 60_000;
  for (let i = 0; i < 3; i++) {
    await run(await sessionIn("holdout", `h${i}`), start + i * 60_000, MISSING);
    await run(await sessionIn("guidance", `g${i}`), start + i * 60_000, UNKNOWN[i]!);
  }
  const response = await getReport(await apiRequest(`${BASE}/${SLUG}/experiment`), withSlug(SLUG));
  expect(response.status).toBe(200);
  report = (await response.json()) as ExperimentReport;
}, 120_000);

describe("the experiment report's outcomes, from stored sessions", () => {
  const outcome = (key: string) => report.outcomes.find((o) => o.key === key)!;

  it("counts a session that hit a failure already in the project's knowledge as a known mistake, and one nobody knew as none", () => {
    expect(outcome("knownMistakes").holdout).toEqual({ n: 3, mean: 1 });
    expect(outcome("knownMistakes").guidance).toEqual({ n: 3, mean: 0 });
  });

  it("reads steps, tool errors, duration, tokens and cost off each session, with cost declared primary", () => {
    expect(report.outcomes[0]).toMatchObject({ key: "cost", primary: true });
    expect(outcome("steps").guidance).toEqual({ n: 3, mean: 2 });
    expect(outcome("toolErrors").holdout).toEqual({ n: 3, mean: 1 });
    expect(outcome("duration").guidance.n).toBe(3);
    expect(outcome("tokens").guidance.mean).toBeGreaterThan(0);
    expect(outcome("corrections").guidance).toEqual({ n: 3, mean: 0 });
  });

  it("shows no finding while underpowered: every reading 'not yet known', pays for itself 'not yet known', and sessions still needed", () => {
    expect(report.outcomes.every((o) => o.reading === "not yet known")).toBe(true);
    expect(report.howLong.powered).toBe(false);
    expect(report.howLong.more).toBeGreaterThan(0);
    expect(report.savings.verdict).toBe("not yet known");
    expect(report.savings.guidanceTokens).toBeGreaterThan(0);
  });
});
