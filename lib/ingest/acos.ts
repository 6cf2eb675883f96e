import { z } from "zod";
import { inferAcosDomain } from "@/lib/ingest/acos-domain";
import { recordError } from "@/lib/ingest/record-error";
import { fraction, identifier, nonNegative, text, timestamp, wholeNumber } from "@/lib/ingest/schema-fields";
import type { RecordError } from "@/lib/ingest/types";
import type { Session } from "@/lib/session";

/** An ACOS Stop-hook session file (docs/formats.md#acos-trajectories). Unknown extra fields (evidenceStatus, ...) are kept in `raw`. */
const acosTrajectorySchema = z.looseObject({
  id: identifier().min(1, { error: "must not be empty" }),
  sessionId: identifier().nullish(),
  source: text().nullish(),
  startedAt: timestamp().nullish(),
  completedAt: timestamp().nullish(),
  duration: nonNegative().nullish(),
  promptCount: wholeNumber(0).nullish(),
  toolCount: wholeNumber(0).nullish(),
  operationCount: wholeNumber(0).nullish(),
  successScore: fraction(),
  toolBreakdown: z.record(z.string(), wholeNumber(0)).nullish(),
  filesModified: z.array(text()).nullish(),
  critique: text().nullish(),
  type: text().nullish(),
  task: text().nullish(),
});

export type AcosTrajectoryResult = { ok: true; session: Session } | { ok: false; error: RecordError };

const ACTIVE = "session still in progress (_active.json); it is imported once it completes";

/** `type` values that are not a work domain: `_active.json` starts every session as "auto". */
const NOT_A_DOMAIN = new Set(["", "auto"]);

function isMissing(o: Record<string, unknown>, key: string): boolean {
  return o[key] === undefined || o[key] === null;
}

/** One ACOS trajectory record (starting at `line`) → the canonical session, or why not. */
export function parseAcosTrajectory(value: unknown, line: number): AcosTrajectoryResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, error: { line, field: null, message: "expected a JSON object" } };
  }
  const o = value as Record<string, unknown>;
  if (isMissing(o, "successScore") && isMissing(o, "completedAt")) {
    return { ok: false, error: { line, field: "completedAt", message: ACTIVE } };
  }
  const parsed = acosTrajectorySchema.safeParse(value);
  if (!parsed.success) return { ok: false, error: recordError(parsed.error, line) };
  const r = parsed.data;

  const startedAt = r.startedAt ?? r.completedAt;
  if (startedAt === undefined || startedAt === null) {
    return {
      ok: false,
      error: { line, field: "startedAt", message: "required (neither startedAt nor completedAt is set)" },
    };
  }
  const endedAt = r.completedAt ?? null;
  const toolBreakdown = r.toolBreakdown ?? {};
  const filesModified = [...new Set(r.filesModified ?? [])];
  const breakdownTotal = Object.values(toolBreakdown).reduce((a, b) => a + b, 0);
  const derivedDuration = endedAt !== null && endedAt >= startedAt ? endedAt - startedAt : null;

  return {
    ok: true,
    session: {
      format: "acos",
      externalId: r.id,
      sessionId: r.sessionId ?? null,
      projectHint: null,
      agent: "claude-code",
      task: r.task ?? null,
      domain: r.type && !NOT_A_DOMAIN.has(r.type) ? r.type : inferAcosDomain(filesModified),
      startedAt,
      endedAt,
      durationMs: r.duration ?? derivedDuration,
      promptCount: r.promptCount ?? null,
      prompts: [],
      operations: null,
      operationCount: r.operationCount ?? r.toolCount ?? breakdownTotal,
      toolBreakdown,
      filesRead: [],
      filesModified,
      tokens: null,
      tokensByModel: {},
      models: [],
      gitBranch: null,
      events: null,
      subagents: [],
      success: { score: r.successScore, source: "reported", signals: [] },
      critique: r.critique ?? null,
      raw: value,
    },
  };
}
