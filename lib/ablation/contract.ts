/**
 * The ablation (docs/ablation.md): the same purpose-made tasks run by an agent with the project's guidance in its
 * context and without it, arms interleaved in a seeded order, each run judged by the task's own check command.
 */
import { z } from "zod";
import type { BehaviourFeatures } from "@/lib/experiment/contract";

export const ABLATION_ARMS = ["guidance", "none"] as const;
export type AblationArm = (typeof ABLATION_ARMS)[number];

/**
 * What a run came to: the check said done (exit 0) or not done (exit 1); the task's setup failed, so the agent never
 * ran; or the check itself failed (any other exit, a signal, its time limit). Only the first two are judged.
 */
export const RUN_STATUSES = ["completed", "not_completed", "setup_failed", "check_error"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const isJudged = (status: RunStatus) => status === "completed" || status === "not_completed";

/** A run the figures count: judged, and verified by its transcript (lib/ablation/verified.ts). */
export const isCounted = (run: Pick<AblationRun, "status" | "verified">) => run.verified && isJudged(run.status);

/** How a child process (setup, agent or check) ended. */
export const processEndSchema = z.object({
  exitCode: z.number().int().nullable(),
  /** The signal's name as Node reports it (SIGTERM, SIGSEGV): nothing else can end a process. */
  signal: z
    .string()
    .max(32)
    .regex(/^SIG[A-Z0-9]+$/, "a signal's name, such as SIGTERM")
    .nullable(),
  timedOut: z.boolean(),
  durationMs: z.number().int().min(0),
});
export type ProcessEnd = z.infer<typeof processEndSchema>;

const TASK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export const taskNameSchema = z
  .string()
  .regex(TASK_NAME, "a task is named by its folder: letters, digits, '.', '_' or '-', at most 100");

/** A task's `task.json`: the prompt, the check that judges the work, and optionally a setup and time limits. */
export const taskSpecSchema = z
  .object({
    prompt: z.string().min(1).max(20_000),
    check: z.string().min(1).max(2_000),
    setup: z.string().min(1).max(2_000).optional(),
    timeoutSeconds: z.number().int().min(1).max(86_400).default(600),
    checkTimeoutSeconds: z.number().int().min(1).max(3_600).default(120),
  })
  .strict();
export type TaskSpec = z.infer<typeof taskSpecSchema>;

/** What the command line declares when it starts an ablation. */
export const newAblationSchema = z
  .object({
    suite: z.string().min(1).max(200),
    agent: z.string().min(1).max(2_000),
    tasks: z.array(taskNameSchema).min(1).max(500),
    arms: z.array(z.enum(ABLATION_ARMS)).min(1).max(2),
    runs: z.number().int().min(1).max(100),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1),
  })
  .strict();
export type NewAblation = z.infer<typeof newAblationSchema>;

/** One run as the command line reports it (the transcript the agent wrote travels beside it, as files). */
export const runReportSchema = z
  .object({
    task: taskNameSchema,
    arm: z.enum(ABLATION_ARMS),
    run: z.number().int().min(1).max(100),
    status: z.enum(RUN_STATUSES),
    setup: processEndSchema.nullable(),
    agent: processEndSchema.nullable(),
    check: processEndSchema.nullable(),
    /** The last lines the failing step printed, for the report. */
    detail: z.string().max(4_000).nullable(),
  })
  .strict();
export type RunReport = z.infer<typeof runReportSchema>;

/** A stored run, as the analysis reads it. */
export interface AblationRun {
  task: string;
  arm: AblationArm;
  run: number;
  status: RunStatus;
  /** Its transcript was stored with it and matches it (lib/ablation/verified.ts). */
  verified: boolean;
  agentTimedOut: boolean;
  /** The session's duration as its transcript records it; null without one. */
  durationMs: number | null;
  /** Read off the transcript; null without one (or when its format does not show it). */
  operations: number | null;
  toolErrors: number | null;
  tokens: number | null;
  costUsd: number | null;
  features: BehaviourFeatures | null;
}
