import { beforeAll, describe, expect, it } from "vitest";
import { GET as ablationReport } from "@/app/api/v1/projects/[slug]/ablations/[id]/report/route";
import { POST as reportRun } from "@/app/api/v1/projects/[slug]/ablations/[id]/runs/route";
import { GET as ablation } from "@/app/api/v1/projects/[slug]/ablations/[id]/route";
import { POST as startAblation } from "@/app/api/v1/projects/[slug]/ablations/route";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { generateSessions } from "@/test/factories/generate/sessions";
import type { AblationView } from "@/lib/server/ablation";
import { transcript } from "@/test/factories/transcript";
import { apiRequest } from "./support/auth";

/**
 * A run's status is the client's word; its transcript is the evidence. Runs posted without one (or with one that is
 * not theirs) are unverified: left out of every figure, counted, and no verdict is drawn from them.
 */

const BASE = "http://localhost:3000/api/v1/projects/forge/ablations";
const TASKS = ["alpha", "beta", "gamma"];
const end = { exitCode: 0, signal: null, timedOut: false, durationMs: 1_000 };

async function start(): Promise<number> {
  const body = JSON.stringify({
    suite: "forged",
    agent: "true",
    tasks: TASKS,
    arms: ["guidance", "none"],
    runs: 5,
    seed: 1,
    format: "markdown",
  });
  const response = await startAblation(
    await apiRequest(BASE, { method: "POST", headers: { "content-type": "application/json" }, body }),
    { params: Promise.resolve({ slug: "forge" }) },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function post(
  id: number,
  task: string,
  arm: "guidance" | "none",
  run: number,
  files: { name: string; content: string }[] = [],
) {
  const form = new FormData();
  const status = arm === "guidance" ? "completed" : "not_completed";
  form.append(
    "run",
    JSON.stringify({
      task,
      arm,
      run,
      status,
      setup: null,
      agent: end,
      check: { ...end, exitCode: status === "completed" ? 0 : 1 },
      detail: null,
    }),
  );
  for (const f of files) form.append("files", new Blob([f.content]), f.name);
  const response = await reportRun(await apiRequest(`${BASE}/${id}/runs`, { method: "POST", body: form }), {
    params: Promise.resolve({ slug: "forge", id: String(id) }),
  });
  expect(response.status, await response.clone().text()).toBe(204);
}

async function view(id: number): Promise<{ json: AblationView; markdown: string }> {
  const params = { params: Promise.resolve({ slug: "forge", id: String(id) }) };
  const json = (await (await ablation(await apiRequest(`${BASE}/${id}`), params)).json()) as AblationView;
  const markdown = await (await ablationReport(await apiRequest(`${BASE}/${id}/report`), params)).text();
  return { json, markdown };
}

const sessionId = (i: number) => `7a1c0e55-0000-4000-8000-${String(i).padStart(12, "0")}`;
const transcriptOf = (i: number, task: string) => [
  {
    name: `-tmp-starlight-ablate-${task}/${sessionId(i)}.jsonl`,
    content: transcript(sessionId(i), ["Read", "Edit", "Bash"], {
      cwd: `/tmp/starlight-ablate-x/${task}`,
      start: Date.now(),
    }),
  },
];

beforeAll(async () => {
  await storeRecords(getDb(), "forge", {
    sessions: generateSessions({ seed: 3, count: 30, idPrefix: "f-" }),
    patterns: [],
  });
});

describe("ablation runs posted without their transcript", () => {
  it("30 runs without a transcript give no verdict, and the API and report say they were left out as unverified", async () => {
    const id = await start();
    for (const task of TASKS)
      for (let run = 1; run <= 5; run++)
        for (const arm of ["guidance", "none"] as const) await post(id, task, arm, run);
    const { json, markdown } = await view(id);
    expect(json.runs).toHaveLength(30);
    expect(json.runs.every((r) => !r.verified)).toBe(true);
    expect(json.analysis).toMatchObject({ verified: 0, unverified: 30, verdict: null, paired: null, pooled: null });
    expect(json.summary).toContain("30 unverified left out");
    expect(markdown).toContain("Every figure is over the 0 verified runs");
    expect(markdown).toContain("30 judged runs were left out as unverified");
    expect(markdown).not.toMatch(/\+100 pp/);
  });

  it("counts a run with its own transcript, and not one whose transcript is another task's or another run's", async () => {
    const id = await start();
    await post(id, "alpha", "guidance", 1, transcriptOf(1, "alpha"));
    await post(id, "alpha", "none", 1, transcriptOf(2, "alpha"));
    await post(id, "beta", "guidance", 1, transcriptOf(3, "alpha"));
    await post(id, "gamma", "guidance", 1, transcriptOf(4, "gamma"));
    await post(id, "gamma", "none", 1, transcriptOf(4, "gamma"));
    const { json } = await view(id);
    const verified = Object.fromEntries(json.runs.map((r) => [`${r.task}/${r.arm}`, r.verified]));
    expect(verified).toEqual({
      "alpha/guidance": true,
      "alpha/none": true,
      "beta/guidance": false,
      "gamma/guidance": false,
      "gamma/none": false,
    });
    expect(json.analysis).toMatchObject({ verified: 2, unverified: 3 });
  });
});
