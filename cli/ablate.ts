import { randomInt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { schedule } from "../lib/ablation/schedule";
import { runProblem } from "../lib/ablation/report";
import { targetFormat, targetPath, updatedFile } from "../lib/guidance/write-targets";
import { loadSuite } from "./ablate-suite";
import { runTranscripts } from "./ablate-transcripts";
import { runCommand } from "./child";
import { resolveServer } from "./config";
import { UsageError } from "./errors";
import { postRun, requestJson } from "./http";
import type { AblationArm, RunReport } from "../lib/ablation/contract";
import type { WriteTarget } from "../lib/guidance/write-targets";
import type { SuiteTask } from "./ablate-suite";

interface AblateOptions {
  url?: string;
  token?: string;
  project?: string;
  suite?: string;
  agent?: string;
  runs?: string;
  arms?: string;
  seed?: string;
  target?: WriteTarget;
  timeout?: string;
  report?: string;
  keep?: boolean;
}
interface Started {
  id: number;
  generation: number | null;
  guidance: string;
  page: string;
}

/** Targets the guidance can be written to inside a working copy (Claude Code's auto memory lives in the home folder). */
const IN_REPO = new Set(["claude-md", "claude-rules", "agents-md", "cursor", "windsurf"]);
const ARMS = new Set(["guidance", "none"]);
function positive(text: string | undefined, flag: string, fallback: number, max: number) {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be a whole number from 1 to ${max}`);
  return n;
}
function settings(options: AblateOptions) {
  if (!options.suite) throw new UsageError("ablate needs --suite <folder of tasks>");
  if (!options.agent)
    throw new UsageError('ablate needs --agent "<command>" (e.g. --agent \'claude -p "$STARLIGHT_PROMPT"\')');
  if (!options.project) throw new UsageError("ablate needs --project <slug>: whose guidance to test");
  const arms = (options.arms ?? "guidance,none").split(",").map((a) => a.trim()) as AblationArm[];
  if (arms.some((a) => !ARMS.has(a)) || new Set(arms).size !== arms.length)
    throw new UsageError("--arms is guidance, none or guidance,none");
  const target = options.target ?? "claude-md";
  if (!IN_REPO.has(target))
    throw new UsageError(
      `--target ${target} is not written inside the working copy: use one of ${[...IN_REPO].join(", ")}`,
    );
  const seed = options.seed === undefined ? randomInt(2 ** 31 - 1) : Number(options.seed);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31)
    throw new UsageError("--seed must be a whole number from 0 to 2147483647");
  return {
    suite: options.suite,
    agent: options.agent,
    project: options.project,
    runs: positive(options.runs, "--runs", 3, 100),
    arms,
    seed,
    target: target as WriteTarget,
    timeoutMs: options.timeout === undefined ? null : positive(options.timeout, "--timeout", 600, 86_400) * 1000,
  };
}

/**
 * The environment of everything a run starts: the user's, told that this is an ablation, so Starlight's own hooks
 * inside the agent neither add guidance to the control arm nor upload the run as project history.
 */
const runEnv = (env: NodeJS.ProcessEnv, extra: Record<string, string>) => ({
  ...env,
  STARLIGHT_ABLATION: "1",
  ...extra,
});

/**
 * One run: a fresh working copy of the task, its setup, the guidance written in (guidance arm only), the agent,
 * the check, and the transcripts the agent wrote. Never throws for what the task or agent did: that is the report.
 */
async function runOne(
  task: SuiteTask,
  arm: AblationArm,
  run: number,
  how: { agent: string; target: WriteTarget; timeoutMs: number | null; guidance: string; keep: boolean },
  env: NodeJS.ProcessEnv,
): Promise<{ report: RunReport; transcripts: import("../lib/walk/files").FoundFile[] }> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "starlight-ablate-"));
  const worktree = path.join(scratch, task.name);
  const promptFile = path.join(scratch, "prompt.md");
  fs.writeFileSync(promptFile, task.spec.prompt);
  const taskEnv = runEnv(env, { STARLIGHT_TASK_DIR: task.dir, STARLIGHT_TASK: task.name });
  const limit = how.timeoutMs ?? task.spec.timeoutSeconds * 1000;
  try {
    fs.mkdirSync(worktree);
    if (task.repo) fs.cpSync(task.repo, worktree, { recursive: true });
    await runCommand(
      "git init -q && git add -A && git -c user.name=starlight -c user.email=ablate@starlight.invalid commit -q --allow-empty -m task",
      {
        cwd: worktree,
        env: taskEnv,
        timeoutMs: 60_000,
      },
    );
    const setup =
      task.spec.setup === undefined
        ? null
        : await runCommand(task.spec.setup, { cwd: worktree, env: taskEnv, timeoutMs: limit });
    if (setup && (setup.end.exitCode !== 0 || setup.end.timedOut)) {
      return {
        report: {
          task: task.name,
          arm,
          run,
          status: "setup_failed",
          setup: setup.end,
          agent: null,
          check: null,
          detail: setup.tail || null,
        },
        transcripts: [],
      };
    }
    if (arm === "guidance") {
      const { file } = targetPath(how.target, worktree, os.homedir());
      const existing = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
      const next = updatedFile(how.target, existing, how.guidance);
      if (next !== null) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, next);
      }
    }
    const real = fs.realpathSync(worktree);
    const since = Date.now() - 1_000;
    const agent = await runCommand(how.agent, {
      cwd: real,
      env: runEnv(env, {
        STARLIGHT_PROMPT: task.spec.prompt,
        STARLIGHT_PROMPT_FILE: promptFile,
        STARLIGHT_TASK: task.name,
        STARLIGHT_RUN: String(run),
      }),
      timeoutMs: limit,
    });
    const check = await runCommand(task.spec.check, {
      cwd: real,
      env: taskEnv,
      timeoutMs: task.spec.checkTimeoutSeconds * 1000,
    });
    const status = check.end.timedOut
      ? "check_error"
      : check.end.exitCode === 0
        ? "completed"
        : check.end.exitCode === 1
          ? "not_completed"
          : "check_error";
    const failing = status === "check_error" ? check : agent.end.exitCode !== 0 || agent.end.timedOut ? agent : null;
    const transcripts = await runTranscripts(os.homedir(), real, since);
    return {
      report: {
        task: task.name,
        arm,
        run,
        status,
        setup: setup?.end ?? null,
        agent: agent.end,
        check: check.end,
        detail: failing?.tail || null,
      },
      transcripts,
    };
  } finally {
    if (!how.keep) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The run's transcripts are kept by Starlight with the run; the agent's own copies (of a throwaway working copy)
 * are removed so an import of the agent's history never takes an experiment for project work.
 */
function removeAgentCopies(files: import("../lib/walk/files").FoundFile[]) {
  for (const file of files) fs.rmSync(file.path, { force: true });
  const folders = new Set(files.map((f) => path.dirname(f.path)));
  for (const folder of folders) {
    try {
      fs.rmdirSync(folder);
    } catch {
      // not empty, or gone: left as it is
    }
  }
}

/**
 * `starlight ablate`: runs every task of the suite `--runs` times in each arm, interleaved in a seeded order, and
 * reports each run to the server as it finishes; prints where the analysis is, and writes the markdown report
 * with `--report <file>`. A run's failure (setup, agent, check, time limit) is reported, never stops the suite.
 */
export async function runAblate(options: AblateOptions, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const s = settings(options);
  const server = resolveServer(options, env);
  const tasks = loadSuite(s.suite);
  const byName = new Map(tasks.map((t) => [t.name, t]));
  const started = (await requestJson(server, "POST", `/api/v1/projects/${encodeURIComponent(s.project)}/ablations`, {
    suite: path.basename(path.resolve(s.suite)),
    agent: s.agent,
    tasks: tasks.map((t) => t.name),
    arms: s.arms,
    runs: s.runs,
    seed: s.seed,
    format: targetFormat(s.target),
  })) as Started;
  const generation = started.generation === null ? "no guidance yet" : `guidance generation ${started.generation}`;
  process.stdout.write(
    `ablation ${started.id}: ${tasks.length} tasks × ${s.runs} runs × ${s.arms.join(" and ")}, ${generation}, seed ${s.seed}\n`,
  );
  const order = schedule([...byName.keys()], s.arms, s.runs, s.seed);
  const how = {
    agent: s.agent,
    target: s.target,
    timeoutMs: s.timeoutMs,
    guidance: started.guidance,
    keep: options.keep === true,
  };
  for (const [i, planned] of order.entries()) {
    const { report, transcripts } = await runOne(
      byName.get(planned.task) as SuiteTask,
      planned.arm,
      planned.run,
      how,
      env,
    );
    await postRun(
      server,
      `/api/v1/projects/${encodeURIComponent(s.project)}/ablations/${started.id}/runs`,
      report,
      transcripts,
    );
    if (!options.keep) removeAgentCopies(transcripts);
    const seconds = report.agent ? ` in ${(report.agent.durationMs / 1000).toFixed(1)} s` : "";
    const problem = runProblem(report);
    const found = transcripts.length > 0 ? "" : ", no transcript found";
    process.stdout.write(
      `[${i + 1}/${order.length}] ${planned.task} · ${planned.arm} · run ${planned.run}: ${report.status.replace("_", " ")}${seconds}${found}${problem ? ` (${problem})` : ""}\n`,
    );
  }
  const base = `/api/v1/projects/${encodeURIComponent(s.project)}/ablations/${started.id}`;
  const markdown = (await requestJson(server, "GET", `${base}/report`)) as string;
  if (options.report) {
    fs.writeFileSync(options.report, markdown);
    process.stdout.write(`report: ${path.resolve(options.report)}\n`);
  }
  const summary = (await requestJson(server, "GET", base)) as { summary: string };
  process.stdout.write(`${summary.summary}\nsee ${server.url}${started.page}\n`);
  return 0;
}
