import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { storeRecords } from "@/lib/server/store-records";
import { generateSessions } from "@/test/factories/generate/sessions";
import type { AblationsOverview, AblationView } from "@/lib/server/ablation";
import { startAppServer, type AppServer } from "./support/app-server";
import { adminToken } from "./support/auth";
import { cliHome, removeCliHomes, runCli } from "./support/run-cli";

const FIXTURES = path.resolve("test/fixtures/ablation");
const AGENT = path.join(FIXTURES, "agents", "scripted-agent.mjs");
const EXAMPLE = path.resolve("examples/ablation-suite");
const { home } = cliHome();

let app: AppServer;

async function api<T>(pathname: string): Promise<T> {
  const response = await fetch(`${app.url}${pathname}`, { headers: { authorization: `Bearer ${await adminToken()}` } });
  expect(response.status, pathname).toBe(200);
  return (response.headers.get("content-type") ?? "").includes("json")
    ? ((await response.json()) as T)
    : ((await response.text()) as T);
}

async function sessionCount(): Promise<number> {
  const projects = await api<{ items: { slug: string; sessions: number }[] }>("/api/v1/projects");
  return projects.items.find((p) => p.slug === "widget")!.sessions;
}

const ablate = (suite: string, agent: string, ...extra: string[]) =>
  runCli(["ablate", "--suite", suite, "--project", "widget", "--agent", agent, "--url", app.url, ...extra], {
    home,
    env: { SCRIPTED_SOLUTIONS: path.join(FIXTURES, "solutions") },
  });

/** The ablation a CLI run started: its id is on the first line ("ablation 3: …"). */
function startedId(stdout: string): number {
  const id = /^ablation (\d+):/m.exec(stdout)?.[1];
  expect(id, stdout).toBeDefined();
  return Number(id);
}

beforeAll(async () => {
  app = await startAppServer();
  // A history where verifying after multi-file edits goes with success: the guidance tells the agent to run the tests.
  await storeRecords(getDb(), "widget", {
    sessions: generateSessions({ seed: 17, count: 200, effects: { verification: 0.2 }, idPrefix: "w-" }),
    patterns: [],
  });
});
afterAll(async () => {
  await app.close();
  removeCliHomes();
});

describe("starlight ablate with scripted agents on the example suite", () => {
  let follows: AblationView;
  let ignores: AblationView;
  let sessionsBefore: number;

  beforeAll(async () => {
    sessionsBefore = await sessionCount();
    const report = path.join(home, "report.md");
    const planted = await ablate(
      EXAMPLE,
      `node ${AGENT} --mode follow`,
      "--runs",
      "4",
      "--seed",
      "11",
      "--report",
      report,
    );
    expect(planted.code, planted.stderr + planted.stdout).toBe(0);
    follows = await api<AblationView>(`/api/v1/projects/widget/ablations/${startedId(planted.stdout)}`);
    expect(fs.readFileSync(report, "utf8")).toBe(
      await api<string>(`/api/v1/projects/widget/ablations/${follows.meta.id}/report`),
    );
    const none = await ablate(EXAMPLE, `node ${AGENT} --mode null`, "--runs", "4", "--seed", "12");
    expect(none.code, none.stderr + none.stdout).toBe(0);
    ignores = await api<AblationView>(`/api/v1/projects/widget/ablations/${startedId(none.stdout)}`);
  }, 240_000);

  it("runs every task, arm and run, and finds each run's transcript", () => {
    expect(follows.runs).toHaveLength(3 * 2 * 4);
    expect(follows.runs.every((r) => r.hasSession && r.verified && r.operations! > 0)).toBe(true);
    expect(follows.analysis).toMatchObject({ verified: 24, unverified: 0 });
    expect(follows.meta.rules).toContain("verification");
  });

  it("recovers the planted effect: the agent that follows its context files completes more with guidance", () => {
    const guidance = follows.analysis.arms.find((a) => a.arm === "guidance")!;
    const none = follows.analysis.arms.find((a) => a.arm === "none")!;
    expect(guidance.completed).toBe(12);
    expect(none.completed).toBeLessThan(9);
    expect(follows.analysis.paired!.low).toBeGreaterThan(0);
    expect(follows.analysis.pooled!.low).toBeGreaterThan(0);
    const verification = follows.analysis.adherence.find((r) => r.key === "verification")!;
    expect(verification.given).toMatchObject({ eligible: 12, followed: 12 });
    expect(verification.holdout.followed).toBe(0);
  });

  it("pairs the runs: McNemar's exact test over the 12 (task, run) pairs decides whether a direction is claimed, with tokens, cost, steps and duration paired over tasks", async () => {
    const m = follows.analysis.mcnemar;
    expect(m.pairs).toBe(12);
    expect(m.noneOnly).toBe(0);
    expect(m.guidanceOnly).toBe(12 - follows.analysis.arms.find((a) => a.arm === "none")!.completed);
    expect(follows.analysis.verdict).toBe(m.pValue < 0.05 ? "more" : "not significant");
    expect(follows.analysis.measures.map((d) => [d.measure, d.tasks])).toEqual([
      ["tokens", 3],
      ["costUsd", 3],
      ["operations", 3],
      ["durationMs", 3],
    ]);
    expect(follows.analysis.worse).toEqual([]);
    const markdown = await api<string>(`/api/v1/projects/widget/ablations/${follows.meta.id}/report`);
    expect(markdown).toContain(
      `**McNemar's exact test over 12 paired runs** (task and run number): ${m.guidanceOnly} completed only with guidance, 0 only without, p = ${m.pValue.toFixed(3)}.`,
    );
    expect(markdown).toContain("## Tokens, cost, steps and time, paired over tasks");
    expect(markdown).toContain("## Tasks guidance made worse");
    const plan = follows.analysis.planning;
    expect(plan).toMatchObject({ observed: true, discordant: m.guidanceOnly / 12 });
    expect(markdown).toContain(
      `**Tasks needed:** about ${plan.tasksNeeded} paired tasks to detect a 10-point difference in completion`,
    );
  });

  it("finds no difference for the agent that ignores guidance, its intervals covering zero", () => {
    expect(ignores.analysis.paired!.mean).toBe(0);
    expect(ignores.analysis.paired!.low).toBeLessThanOrEqual(0);
    expect(ignores.analysis.paired!.high).toBeGreaterThanOrEqual(0);
    expect(ignores.analysis.pooled!.low).toBeLessThan(0);
    expect(ignores.analysis.pooled!.high).toBeGreaterThan(0);
  });

  it("never stores an ablation's runs among the project's sessions, and keeps results per generation", async () => {
    expect(await sessionCount()).toBe(sessionsBefore);
    const overview = await api<AblationsOverview>("/api/v1/projects/widget/ablations");
    expect(overview.ablations.map((a) => a.id)).toEqual([ignores.meta.id, follows.meta.id]);
    expect(overview.generations).toHaveLength(1);
    expect(overview.generations[0]).toMatchObject({ generation: follows.meta.generation, ablations: 2 });
  });

  it("removes the agent's own copies of the transcripts once Starlight has them", () => {
    const projects = path.join(home, ".claude", "projects");
    expect(
      fs.existsSync(projects) ? fs.readdirSync(projects).filter((f) => f.includes("starlight-ablate")) : [],
    ).toEqual([]);
  });
});

describe("starlight ablate when runs go wrong", () => {
  it("reports a failed setup, a crashing check and a hanging agent per run, and finishes the suite", async () => {
    const agent = 'if [ "$STARLIGHT_TASK" = hangs ]; then sleep 30; fi';
    const result = await ablate(path.join(FIXTURES, "troubled-suite"), agent, "--runs", "1", "--seed", "3");
    expect(result.code, result.stderr + result.stdout).toBe(0);
    const view = await api<AblationView>(`/api/v1/projects/widget/ablations/${startedId(result.stdout)}`);
    const runs = (task: string) => view.runs.filter((r) => r.task === task);
    expect(view.runs).toHaveLength(6);
    expect(runs("setup-fails").map((r) => r.status)).toEqual(["setup_failed", "setup_failed"]);
    expect(runs("setup-fails")[0]!.problem).toBe("the setup failed: it exited 3");
    expect(runs("setup-fails")[0]!.detail).toContain("cannot fetch the dependencies");
    expect(runs("check-crashes").map((r) => r.status)).toEqual(["check_error", "check_error"]);
    expect(runs("check-crashes")[0]!.problem).toBe(
      "the check could not judge: it was killed by SIGSEGV (0 is done, 1 is not done)",
    );
    for (const run of runs("hangs")) {
      expect(run.status).toBe("not_completed");
      expect(run.agent!.timedOut).toBe(true);
      expect(run.agent!.durationMs).toBeLessThan(10_000);
    }
    expect(view.analysis.caveats.join(" ")).toContain("4 runs could not be judged");
    // The hanging agent's runs were judged, but no transcript came with them.
    expect(view.analysis).toMatchObject({ verified: 0, unverified: 2, verdict: null });
    expect(result.stdout).toMatch(/\[6\/6\]/);
  }, 60_000);

  it("refuses a suite with a misspelt field before starting anything, naming the file and field", async () => {
    const before = (await api<AblationsOverview>("/api/v1/projects/widget/ablations")).ablations.length;
    const result = await ablate(path.join(FIXTURES, "misspelt-suite"), "true");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(path.join(FIXTURES, "misspelt-suite", "one", "task.json"));
    expect(result.stderr).toMatch(/timeoutSecs/);
    expect((await api<AblationsOverview>("/api/v1/projects/widget/ablations")).ablations).toHaveLength(before);
  });
});
