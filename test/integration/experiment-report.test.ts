import { beforeAll, describe, expect, it } from "vitest";
import { apiDocument } from "@/app/api/v1/openapi.json/document";
import { GET as getExperiment } from "@/app/api/v1/projects/[slug]/experiment/route";
import { GET as getReport } from "@/app/api/v1/projects/[slug]/experiment/report/route";
import { GET as getGuidance } from "@/app/api/v1/projects/[slug]/guidance/route";
import { getDb } from "@/db/client";
import { openPeriod } from "@/db/queries/experiments";
import { storeRecords } from "@/lib/server/store-records";
import { setMember } from "@/db/queries/members";
import { getProjectBySlug } from "@/db/queries/projects";
import { assignArm } from "@/lib/experiment/arm";
import type { Arm, ExperimentReport } from "@/lib/experiment/contract";
import { formatComparison, powerItems } from "@/lib/experiment/wording";
import { generateSessions } from "@/test/factories/generate/sessions";
import { createUser, startSignIn } from "@/lib/server/auth/accounts";
import { SIGN_IN_COOKIE } from "@/lib/server/auth/sign-in-cookie";
import { setHoldoutShare } from "@/lib/server/experiment";
import { shellTranscript } from "../factories/transcript";
import { postFiles } from "./ingest-client";
import { apiRequest, seedAdmin } from "./support/auth";

const SLUG = "exp-report";
const OTHER = "exp-report-other";
const BASE = "http://test/api/v1/projects";
const withSlug = (slug: string) => ({ params: Promise.resolve({ slug }) });

async function sessionIn(arm: Arm, prefix: string): Promise<string> {
  const { salt, holdoutShare } = (await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!;
  for (let n = 0; ; n++) if (assignArm(`${prefix}-${n}`, salt, holdoutShare) === arm) return `${prefix}-${n}`;
}

/** A session that asks for guidance (so is enrolled), then uploads its transcript (so is linked). */
async function run(sessionId: string, start: number, calls: number) {
  expect(
    (await getGuidance(await apiRequest(`${BASE}/${SLUG}/guidance?session=${sessionId}`), withSlug(SLUG))).status,
  ).toBe(200);
  const content = shellTranscript(
    sessionId,
    Array.from({ length: calls }, (_, i) => ({ command: `npm test -- ${i}`, output: "ok" })),
    { start },
  );
  expect(
    (await postFiles([{ name: `-home-dev-exp-report/${sessionId}.jsonl`, content }], { project: SLUG })).status,
  ).toBe(200);
}

/** A person signed in on Starlight's pages, a viewer of `slug` only. */
async function viewerOf(slug: string, email: string): Promise<Request> {
  const user = await createUser(getDb(), {
    email,
    name: "viewer",
    password: "report viewer password 1",
    isAdmin: false,
  });
  await setMember(getDb(), (await getProjectBySlug(getDb(), slug))!.id, user.id, "viewer");
  const cookie = await startSignIn(getDb(), user.id);
  return new Request(`${BASE}/${SLUG}/experiment/report`, {
    headers: { cookie: `${SIGN_IN_COOKIE}=${cookie}`, "sec-fetch-site": "same-origin" },
  });
}

let report: ExperimentReport;
let markdown: string;

beforeAll(async () => {
  await seedAdmin();
  for (const slug of [SLUG, OTHER])
    await storeRecords(getDb(), slug, {
      sessions: generateSessions({ seed: 5, count: 30, start: Date.UTC(2025, 0, 1) }),
      patterns: [],
    });
  await setHoldoutShare(getDb(), SLUG, 0.5);
  const { startedAt } = (await openPeriod(getDb(), (await getProjectBySlug(getDb(), SLUG))!.id))!;
  for (let i = 0; i < 3; i++) {
    await run(await sessionIn("holdout", `h${i}`), startedAt + 60_000 * (i + 1), 4 + i);
    await run(await sessionIn("guidance", `g${i}`), startedAt + 60_000 * (i + 1), 2 + i);
  }
  report = (await (
    await getExperiment(await apiRequest(`${BASE}/${SLUG}/experiment`), withSlug(SLUG))
  ).json()) as ExperimentReport;
  const response = await getReport(await apiRequest(`${BASE}/${SLUG}/experiment/report`), withSlug(SLUG));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  expect(response.headers.get("content-disposition")).toBeNull();
  markdown = await response.text();
}, 120_000);

describe("GET /projects/<slug>/experiment/report", () => {
  it("answers the experiment as markdown: the period, the counts and the primary outcome, with the figures of the JSON report", () => {
    expect(report.counts).toMatchObject({ enrolled: 6, linked: { guidance: 3, holdout: 3 } });
    expect(markdown).toMatch(/^# Experiment: exp-report\n/);
    expect(markdown).toContain("Holdout 50%: that share of the sessions that ask for guidance get none, at random");
    expect(markdown).toMatch(/\| 6 \| 3 \| 3 \| 6 \(3 · 3\) \| 0 \| \d+ \|/);
    const steps = report.outcomes.find((o) => o.key === "steps")!;
    expect(markdown).toContain(
      `| Steps (operations) per session | secondary | 3.0 (n 3) | 5.0 (n 3) | ${formatComparison(steps)} |`,
    );
    expect(markdown).toMatch(/\*\*Primary outcome: cost per session\.\*\* .* Reading: \*\*not yet known\*\*\./);
  });

  it("holds the power panel and the cost-and-savings panel, underpowered: pays for itself not yet known", () => {
    expect(markdown).toContain(
      "## How long until we know\n\nUnderpowered: the intervals are shown, but no reading is a finding yet.",
    );
    for (const [term, value] of powerItems(report.howLong)) expect(markdown).toContain(`- ${term}: ${value}`);
    expect(markdown).toContain("**Pays for itself: not yet known.**");
    expect(markdown).toMatch(/- The guidance itself: ≈ [\d,]+ tokens/);
    expect(markdown).toContain("## Each rule, tested by randomisation");
  });

  it("answers as a file with download=1, to anyone who can read the project; a viewer of another project gets 404", async () => {
    const file = await getReport(await apiRequest(`${BASE}/${SLUG}/experiment/report?download=1`), withSlug(SLUG));
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="${SLUG}-experiment.md"`);
    expect((await getReport(await viewerOf(SLUG, "viewer@report.test"), withSlug(SLUG))).status).toBe(200);
    const stranger = await getReport(await viewerOf(OTHER, "stranger@report.test"), withSlug(SLUG));
    expect(stranger.status).toBe(404);
    expect(await stranger.text()).not.toContain("Experiment");
    expect((await getReport(await apiRequest(`${BASE}/nope/experiment/report`), withSlug("nope"))).status).toBe(404);
  });

  it("is described in the OpenAPI document, with its download parameter", () => {
    const operation = apiDocument().paths["/api/v1/projects/{slug}/experiment/report"]?.get;
    expect(operation?.summary).toMatch(/markdown/);
    expect(operation?.parameters?.map((p) => p.name)).toContain("download");
  });
});
